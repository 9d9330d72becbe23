import type { Map as MapLibreMap } from 'maplibre-gl';
import { inspectSink } from '../../map/inspect.ts';
import type { LoadProgress } from '../../../workers/contract.ts';

/** What the transactions map shows, for browser tests and the browser benchmark (numbers only). */
export interface TransactionsProbe {
  /** Rows the engine indexed (0 until the whole table is). */
  indexed: number;
  /** Where the load stands, and the rows of the provisional index drawn meanwhile (0: none). */
  loadPhase: LoadProgress['phase'];
  sampleRows: number;
  /** The last view came from the provisional index (its counts are a sample's). */
  provisional: boolean;
  /** The analyst's file shown (absent: the generated data). */
  source?: string;
  /** Its import: reading and ingesting in the import worker, indexing in the cluster worker (ms). */
  importMs?: { read: number; build: number };
  /**
   * What the import's helper worker read of that file: Parquet row groups it decoded, or 1 for a CSV whose
   * second part it read (0: all by the import worker).
   */
  importHelperGroups?: number;
  /** Rows passing the current filter. */
  matching: number;
  /** Items (clusters + points) of the last view and the sum of their counts. */
  items: number;
  sum: number;
  zoom: number;
  /** Where the biggest cluster of the view is drawn, in CSS pixels of the map container (null if none). */
  biggestClusterPixel: [x: number, y: number] | null;
  /** The chart's transactions per quarter (view and filter) and the view's total under the filter. */
  chart: number[];
  viewTotal: number;
  /** performance.now() when this view's numbers were published (after React rendered it). */
  updatedAt: number;
  /**
   * performance.now() of the first deck.gl frame that drew the newest clusters, and the sum of their counts:
   * the browser benchmark times filter changes and pans to this paint.
   */
  drawnAt: number;
  drawnSum: number;
  /** Hexagon mode: cells of the last answer, how many are coloured, their resolution and the biggest one. */
  hexCells?: number;
  hexColoured?: number;
  hexResolution?: number;
  hexTop?: {
    cell: string;
    /** [lng, lat] of the cell's centre and where it is drawn (CSS px of the map container). */
    centre: [lng: number, lat: number];
    pixel: [x: number, y: number];
    count: number;
    n: number;
    median: number;
    p25: number;
    p75: number;
  } | null;
  hexUpdatedAt?: number;
  /** The chart's quarters (all of them, the quarter filter set aside) and its median price per m² of sales. */
  trendQuarters?: string[];
  trendSaleMedian?: number[];
}

const latest = new Map<string, TransactionsProbe>();

/** Reports the whole state (after a render) to an installed test API. */
export function publishTransactions(mapId: string, map: MapLibreMap, probe: TransactionsProbe): void {
  const sink = inspectSink();
  if (!sink) return;
  latest.set(mapId, probe);
  sink.attachMap('transactions', mapId, map);
  sink.publish('transactions', mapId, probe);
}

/** Updates some fields as they happen (outside React's render cycle), once a whole state was published. */
export function patchTransactions(mapId: string, fields: Partial<TransactionsProbe>): void {
  const sink = inspectSink();
  const current = latest.get(mapId);
  if (!sink || !current) return;
  const next = { ...current, ...fields };
  latest.set(mapId, next);
  sink.publish('transactions', mapId, next);
}

/** The map went away. */
export function forgetTransactions(mapId: string): void {
  latest.delete(mapId);
  const sink = inspectSink();
  sink?.forget('transactions', mapId);
  sink?.attachMap('transactions', mapId, null);
}
