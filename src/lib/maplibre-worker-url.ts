import { setWorkerUrl } from 'maplibre-gl';

let done = false;

/**
 * The package's stand-in for src/map/worker-url.ts (vite.lib.config.ts swaps it in). MapLibre's worker is
 * copied beside the package's files, and this `new URL(…, import.meta.url)` is the form that the host's
 * bundler (Vite, webpack 5) recognises, emits and rewrites; a `?url` import would work in Vite only.
 */
export function ensureMapLibreWorker(): void {
  if (done) return;
  // The file is copied after the bundle is written; vite-ignore keeps this build from looking for it.
  setWorkerUrl(new URL(/* @vite-ignore */ './maplibre-gl-worker.mjs', import.meta.url).href);
  done = true;
}
