/**
 * The addresses of a file geocoded while the analyst is still on the mapping step, once the early read found
 * them (a real Venezuelan export names urbanización and municipio, not points: 1,473 listings were ~570
 * queries and 4–6 s after «Cargar en el mapa» against the embedded geocoder). The answers go to the
 * geocoder's cache, so the geocoding after the click asks only what is left. Only for a geocoder that takes
 * parallel queries: a public Nominatim (one a second, by its usage policy) is asked only on the analyst's word.
 */
import { paceFor, type Address } from '../../core/ingest/geocode-batch.ts';
import type { GeocoderSetup } from '../../state/geocoder-api.ts';
import { geocodeAddresses } from './import-flow.ts';

type Progress = (done: number, total: number) => void;

/** Whether a geocoder may be asked before the analyst loads: one without a pause between queries. */
export const mayGeocodeEarly = (geocoderUrl: string, pageOrigin: string): boolean =>
  paceFor(geocoderUrl, pageOrigin).minIntervalMs === 0;

interface Batch {
  /** The read options it was begun under. */
  key: string;
  stop: AbortController;
  done: Promise<void>;
  progress: [number, number];
  listener: Progress | null;
}

export class EarlyGeocode {
  private batch: Batch | null = null;

  /** Geocodes `addresses` under `key` into the geocoder's cache (an earlier batch is stopped). */
  start(key: string, setup: GeocoderSetup, addresses: readonly Address[]): void {
    this.stop();
    if (addresses.length === 0 || !mayGeocodeEarly(setup.url, window.location.origin)) return;
    const stop = new AbortController();
    const batch: Batch = {
      key,
      stop,
      done: Promise.resolve(),
      progress: [0, addresses.length],
      listener: null,
    };
    batch.done = geocodeAddresses(setup, addresses, stop.signal, (done, total) => {
      batch.progress = [done, total];
      batch.listener?.(done, total);
    }).then(
      () => undefined,
      // A lookup that fails counts as not found, here as after the click (geocodeBatch); anything else the
      // click's own geocoding meets again and reports, asking what is not in the cache.
      () => undefined,
    );
    this.batch = batch;
  }

  /** Stops the batch under way (a new mapping, another file, a close). */
  stop(): void {
    this.batch?.stop.abort();
    this.batch = null;
  }

  /**
   * Waits for the batch begun under `key`, following its progress, and hands it over (any other is stopped);
   * at once when there is none. `signal` stops it (the analyst skipping the geocoding).
   */
  async settle(key: string, signal: AbortSignal, onProgress: Progress): Promise<void> {
    const batch = this.batch;
    this.batch = null;
    if (!batch) return;
    if (batch.key !== key) {
      batch.stop.abort();
      return;
    }
    const stop = () => {
      batch.stop.abort();
    };
    signal.addEventListener('abort', stop);
    batch.listener = onProgress;
    onProgress(...batch.progress);
    try {
      await batch.done;
    } finally {
      signal.removeEventListener('abort', stop);
      batch.listener = null;
    }
  }
}
