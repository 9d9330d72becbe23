import type { Map as MapLibreMap } from 'maplibre-gl';
import type { ClusterResult } from '../../../workers/contract.ts';

/** A view's numbers for the test API: items, the sum of their counts, zoom, and its biggest cluster's pixel. */
export function viewFigures(view: ClusterResult | null, map?: MapLibreMap) {
  let sum = 0;
  let biggest = -1;
  for (let i = 0; view && i < view.length; i++) {
    const count = view.counts[i] ?? 0;
    sum += count;
    if (count > 1 && (biggest < 0 || count > (view.counts[biggest] ?? 0))) biggest = i;
  }
  const pixel =
    view && map && biggest >= 0
      ? map.project([view.positions[2 * biggest] ?? 0, view.positions[2 * biggest + 1] ?? 0])
      : null;
  return {
    items: view?.length ?? 0,
    sum,
    zoom: view?.zoom ?? 0,
    biggestClusterPixel: pixel ? ([pixel.x, pixel.y] as [number, number]) : null,
    provisional: view?.provisional === true,
  };
}
