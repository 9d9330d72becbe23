import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

let done = false;

/**
 * MapLibre 6 loads its worker from a URL; in a Vite build that URL must be the bundled asset, or the map
 * never loads ("Worker failed to load"). Idempotent.
 */
export function ensureMapLibreWorker(): void {
  if (done) return;
  setWorkerUrl(workerUrl);
  done = true;
}
