import { prewarmClusterWorker } from '../../workers/browser-worker.ts';
import { preloadForFetch } from '../map/preload.ts';
import { DEMO_LISTINGS_URL, listingsUrl } from './demo-data.ts';
import { hashQuery, routeOf } from './router.ts';

/**
 * The document a route's page fetches first, or null. The listing and search maps draw nothing until their
 * listings are in, and their page asks for them only once its chunk, MapLibre and deck.gl have arrived and
 * React has mounted it: 5 s into a cold visit on a 3G link (bench/results/weight-waterfall-before.md).
 */
export function routeDataUrl(hash: string): string | null {
  switch (routeOf(hash)) {
    case '#/':
      return DEMO_LISTINGS_URL;
    case '#/busqueda':
      return listingsUrl(new URLSearchParams(hashQuery(hash)).get('n'));
    default:
      return null;
  }
}

/**
 * What the first route's first clusters wait for, started as the page starts: its data download — a
 * `<link rel="preload">` that the page's own fetch() takes over (same URL, CORS mode, same-origin credentials),
 * so nothing is fetched twice and the page keeps its abort and error handling — and the cluster worker its
 * map will take (workers/browser-worker.ts). Only the route the page opens with: a later navigation fetches
 * and starts as before.
 */
export function startFirstRoute(hash: string, doc: Document = document): void {
  const href = routeDataUrl(hash);
  if (href === null) return;
  preloadForFetch(href, doc);
  // Both routes with a listings document draw it in a clustered map.
  prewarmClusterWorker();
}
