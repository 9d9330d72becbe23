/**
 * One import from the chosen source to the engine's table, outside React: read (worker), geocode the
 * address-only rows through the configured geocoder (main thread: only the distinct addresses are here),
 * finish with the analyst's decisions. `reloadSource` re-reads the file the same way for the cluster
 * client's crash recovery, so the page never keeps a copy of the columns.
 */
import { placeLocally } from '../../core/gazetteer/match.ts';
import {
  addressKey,
  geocodeBatch,
  paceFor,
  type Address,
  type Lookup,
  type Placed,
} from '../../core/ingest/geocode-batch.ts';
import type { ImportedTable } from '../../core/ingest/builder.ts';
import type { IngestReport } from '../../core/ingest/report.ts';
import { forwardPoint } from '../../geocoding/client.ts';
import { localGazetteer } from '../../geocoding/local-gazetteer.ts';
import type { GeocoderSetup } from '../../state/geocoder-api.ts';
import { ImportClient } from '../../../workers/import/client.ts';
import type {
  ImportProgress,
  ImportSource,
  ReadOptions,
  ReadSummary,
} from '../../../workers/import/contract.ts';

export interface ImportPlan {
  source: ImportSource;
  options: ReadOptions;
  swapCoordinates: boolean;
}

export interface ImportHooks {
  onProgress: (progress: ImportProgress) => void;
  /** Places the addresses (or answers what it could before it was told to stop). */
  geocode: (addresses: readonly Address[]) => Promise<Map<string, Placed>>;
}

export interface ImportOutcome {
  table: ImportedTable;
  report: IngestReport;
  rejectedCsv: Uint8Array;
  bounds: [number, number, number, number] | null;
  summary: ReadSummary;
  placements: Map<string, Placed>;
}

export async function importTable(
  client: ImportClient,
  plan: ImportPlan,
  hooks: ImportHooks,
  known?: Map<string, Placed>,
): Promise<ImportOutcome> {
  const summary = await client.read(plan.source, plan.options, hooks.onProgress);
  const none = new Map<string, Placed>();
  const placements = known ?? (summary.addresses.length > 0 ? await hooks.geocode(summary.addresses) : none);
  const { table, report, rejectedCsv, bounds } = await client.finish({
    swapCoordinates: plan.swapCoordinates,
    placements: [...placements],
  });
  // The reader's heap (the parser's buffers, the duplicate check) goes with its worker: a new one reads the next file.
  client.release();
  return { table, report, rejectedCsv, bounds, summary, placements };
}

/** Rebuilds the same table from the same file in a fresh worker (the cluster client's reload source). */
export function reloadSource(
  plan: ImportPlan,
  placements: Map<string, Placed>,
): () => Promise<ImportedTable> {
  return async () => {
    const client = new ImportClient();
    try {
      const outcome = await importTable(
        client,
        plan,
        { onProgress: () => undefined, geocode: () => Promise.resolve(placements) },
        placements,
      );
      return outcome.table;
    } finally {
      client.cancel();
    }
  };
}

/** Answers by geocoder URL, across files (the same urbanización is asked once per session). */
const caches = new Map<string, Map<string, { lat: number; lng: number } | null>>();

/** A lookup through the configured Nominatim-compatible geocoder: the first whole match's point, Venezuela only. */
export function geocoderLookup(setup: GeocoderSetup): Lookup {
  return async (query, signal) => {
    const answer = await forwardPoint(
      query,
      { baseUrl: setup.url, key: setup.key, countryCodes: ['ve'], language: setup.language ?? 'es' },
      signal,
    );
    if (!answer.ok) throw new Error(answer.error);
    return answer.value;
  };
}

/**
 * Geocodes with the pace the service allows, after the local gazetteer placed what it names (read now: the
 * analyst may have learned places since the last file); a stop (the signal) keeps what was found so far.
 * Progress is [done, total] distinct addresses.
 */
export async function geocodeAddresses(
  setup: GeocoderSetup,
  addresses: readonly Address[],
  signal: AbortSignal,
  onProgress: (done: number, total: number) => void,
): Promise<Map<string, Placed>> {
  const local = placeLocally(addresses, localGazetteer.current().places);
  const rest = local.size === 0 ? addresses : addresses.filter((a) => !local.has(addressKey(a)));
  const total = local.size === 0 ? 0 : new Set(addresses.map(addressKey)).size;
  if (local.size > 0) onProgress(local.size, total);
  const found = await geocodeRemotely(setup, rest, signal, (done, distinct) => {
    onProgress(done + local.size, local.size === 0 ? distinct : total);
  });
  for (const [key, place] of local) found.set(key, place);
  return found;
}

async function geocodeRemotely(
  setup: GeocoderSetup,
  addresses: readonly Address[],
  signal: AbortSignal,
  onProgress: (done: number, total: number) => void,
): Promise<Map<string, Placed>> {
  let cache = caches.get(setup.url);
  if (!cache) caches.set(setup.url, (cache = new Map<string, { lat: number; lng: number } | null>()));
  const pace = paceFor(setup.url, window.location.origin);
  try {
    return await geocodeBatch(addresses, geocoderLookup(setup), { ...pace, signal, onProgress, cache });
  } catch (error) {
    if (!signal.aborted) throw error;
    // Stopped: the answers so far are in the cache; a copy keeps the unasked ones out of it.
    const answered = new Map(cache);
    return geocodeBatch(addresses, () => Promise.resolve(null), { concurrency: 64, cache: answered });
  }
}
