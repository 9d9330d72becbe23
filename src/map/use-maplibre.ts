import { Map as MapLibreMap, type MapOptions } from 'maplibre-gl';
import { useCallback, useState } from 'react';
import { ensureMapLibreWorker } from './worker-url.ts';

/**
 * Creates a MapLibre map in the element the returned ref is attached to, and removes it when the element
 * goes away (React 19 ref cleanup; StrictMode's double attach removes the first map before making the
 * second). Options are read at creation only; later changes go through the map's own setters.
 */
export function useMapLibre(
  options: Omit<MapOptions, 'container'>,
): [ref: (element: HTMLDivElement | null) => (() => void) | undefined, map: MapLibreMap | null] {
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [initial] = useState(options);
  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) return undefined;
      ensureMapLibreWorker();
      const created = new MapLibreMap({ ...initial, container: element });
      setMap(created);
      return () => {
        setMap(null);
        created.remove();
      };
    },
    [initial],
  );
  return [ref, map];
}
