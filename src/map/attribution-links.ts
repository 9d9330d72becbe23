import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * MapLibre's attribution control opens its links in a new tab without `rel`, so the opened page could reach
 * back through `window.opener`. Every such link in the map gets `rel="noopener noreferrer"`, now and whenever
 * the control re-renders (styles and sources change its text). Returns the cleanup.
 */
export function protectAttributionLinks(map: MapLibreMap): () => void {
  const container = map.getContainer();
  const fix = () => {
    for (const link of container.querySelectorAll<HTMLAnchorElement>('a[target="_blank"]'))
      if (link.rel !== 'noopener noreferrer') link.rel = 'noopener noreferrer';
  };
  fix();
  const observer = new MutationObserver(fix);
  observer.observe(container, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
  };
}
