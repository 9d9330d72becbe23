import type { Map as MapLibreMap } from 'maplibre-gl';
import { FIGURE, FIGURES, MIN_HEX_COUNT } from '../../core/price-figures.ts';
import type { ClusterMapTap } from '../../map/observer.ts';
import { hexCellText } from '../../widgets/transactions-map/hex-cell.ts';
import type { ClusterResult, HexResult, LoadProgress } from '../../../workers/contract.ts';
import type { Reports } from './reports.ts';

/** What the transactions map shows, for browser tests and the browser benchmark (numbers only). */
export interface TransactionsProbe {
  /** Rows the engine indexed (0 until the whole table is). */
  indexed: number;
  /** Where the load stands, and the rows of the provisional index drawn meanwhile (0: none). */
  loadPhase: LoadProgress['phase'];
  sampleRows: number;
  /** The last view came from the provisional index (its counts are a sample's). */
  provisional: boolean;
  /** The last view was a warehouse's grid cells, not clusters of the points (the page's engine). */
  grid: boolean;
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
  /** performance.now() when this view's numbers were reported (as the controller handed them to deck). */
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

/** What turns lng/lat into container pixels (a MapLibre map; tests pass a stand-in). */
type Projector = Pick<MapLibreMap, 'project'>;

/** A view's numbers for the test API: items, the sum of their counts, zoom, and its biggest cluster's pixel. */
export function viewFigures(view: ClusterResult | null, map?: Projector) {
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
    grid: view?.grid === true,
  };
}

/**
 * When deck.gl first drew the layers of the newest view, and what they held: the moment a filter change or a
 * pan is actually on screen (the browser benchmark and tests time against it, not against a React render).
 * Handed each view's sum (`expect`) and deck's frames (`rendered`).
 */
export class DrawClock {
  private pendingSum: number | null = null;
  /** performance.now() of the first deck frame that drew the newest layers (0: none yet). */
  drawnAt = 0;
  /** Sum of the counts of the items in those layers. */
  drawnSum = 0;

  constructor(private readonly onDrawn: (at: number, sum: number) => void) {}

  /** New layers holding `sum` transactions were handed to deck; the next frame it draws shows them. */
  expect(sum: number): void {
    this.pendingSum = sum;
  }

  /** Deck finished a frame at `now`; only the first frame after `expect` is the view's first paint. */
  rendered(now: number): void {
    if (this.pendingSum === null) return;
    this.drawnAt = now;
    this.drawnSum = this.pendingSum;
    this.pendingSum = null;
    this.onDrawn(now, this.drawnSum);
  }
}

/** Mean of a cell's distinct outline vertices [lng, lat] (the closing vertex repeats the first). */
export function hexCentre(hex: HexResult, i: number): [number, number] {
  const from = hex.starts[i] ?? 0;
  const to = (hex.starts[i + 1] ?? 0) - 1;
  let lng = 0;
  let lat = 0;
  for (let v = from; v < to; v++) {
    lng += hex.vertices[2 * v] ?? 0;
    lat += hex.vertices[2 * v + 1] ?? 0;
  }
  const n = Math.max(1, to - from);
  return [lng / n, lat / n];
}

/**
 * The test API's view of a hexagon answer: cells, resolution, and the coloured cell with the most
 * transactions of the shown slot (its H3 index, centre pixel and figures), for a test to hover and check.
 */
export function hexFigures(hex: HexResult, slot: number, map: Projector) {
  let top = -1;
  let coloured = 0;
  for (let i = 0; i < hex.length; i++) {
    const at = (i * 2 + slot) * FIGURES;
    if ((hex.figures[at + FIGURE.areaN] ?? 0) < MIN_HEX_COUNT) continue;
    coloured++;
    if (top < 0 || (hex.figures[at + FIGURE.count] ?? 0) > (hex.figures[(top * 2 + slot) * FIGURES] ?? 0))
      top = i;
  }
  const at = (top * 2 + slot) * FIGURES;
  const centre = top >= 0 ? hexCentre(hex, top) : null;
  const pixel = centre ? map.project(centre) : null;
  return {
    hexCells: hex.length,
    hexColoured: coloured,
    hexResolution: hex.resolution,
    hexTop:
      top < 0 || !pixel
        ? null
        : {
            cell: hexCellText(hex, top),
            centre: centre ?? [0, 0],
            pixel: [pixel.x, pixel.y] as [number, number],
            count: hex.figures[at + FIGURE.count] ?? 0,
            n: hex.figures[at + FIGURE.areaN] ?? 0,
            median: hex.figures[at + FIGURE.perM2_50] ?? Number.NaN,
            p25: hex.figures[at + FIGURE.perM2_25] ?? Number.NaN,
            p75: hex.figures[at + FIGURE.perM2_75] ?? Number.NaN,
          },
    hexUpdatedAt: performance.now(),
  };
}

/** The state a download starts from: nothing indexed, counted or drawn yet. */
function startingProbe(): TransactionsProbe {
  return {
    ...viewFigures(null),
    indexed: 0,
    loadPhase: 'download',
    sampleRows: 0,
    matching: 0,
    chart: [],
    viewTotal: 0,
    updatedAt: 0,
    drawnAt: 0,
    drawnSum: 0,
  };
}

/**
 * A transactions map's report, from its controller's events: published whole when the worker starts a
 * download (the map's first load, or a new data source), then patched field by field as answers come;
 * events before that first download are not reported. Forgotten when the controller goes.
 */
export function transactionsTap(id: string, map: MapLibreMap, reports: Reports): ClusterMapTap {
  let probe: TransactionsProbe | null = null;
  const patch = (fields: Partial<TransactionsProbe>) => {
    if (!probe) return;
    probe = { ...probe, ...fields };
    reports.publish('transactions', id, probe);
  };
  // Deck's frames tell when a new view is actually on screen (the benchmark and tests time against it).
  const clock = new DrawClock((drawnAt, drawnSum) => {
    patch({ drawnAt, drawnSum });
  });
  const start = () => {
    probe = startingProbe();
    reports.attachMap('transactions', id, map);
    reports.publish('transactions', id, probe);
  };
  return {
    // A warehouse map downloads nothing: its report starts with the map.
    sourced: start,
    loading: (work, remote) => {
      // An analyst's file replaces the data without a download: its report patches the one there is.
      if (!remote) return;
      start();
      reports.track(work);
    },
    progress: (progress) => {
      patch({ loadPhase: progress.phase, sampleRows: progress.sampleRows });
    },
    loaded: (result, origin) => {
      patch({
        indexed: result.indexed,
        loadPhase: 'done',
        ...(origin
          ? {
              source: origin.name,
              importMs: { read: origin.readMs, build: result.buildMs },
              importHelperGroups: origin.helperGroups,
            }
          : {}),
      });
    },
    view: (view) => {
      // One pass over the answer: the clock needs its sum, the report the rest.
      const figures = viewFigures(view, map);
      clock.expect(figures.sum);
      patch({ ...figures, updatedAt: performance.now() });
    },
    matching: (matching) => {
      patch({ matching, updatedAt: performance.now() });
    },
    summary: (summary) => {
      const chart = summary.quarters.map(
        (_, q) => (summary.byQuarterOperation[2 * q] ?? 0) + (summary.byQuarterOperation[2 * q + 1] ?? 0),
      );
      patch({ chart, viewTotal: summary.total, updatedAt: performance.now() });
    },
    hexagons: (hex, request) => {
      // The slot the colours show: the operation's, or with a comparison the base quarter's.
      const slot = !request.compare && request.operation === 'Alquiler' ? 1 : 0;
      patch(hexFigures(hex, slot, map));
    },
    frame: () => {
      clock.rendered(performance.now());
    },
    destroyed: () => {
      probe = null;
      reports.forget('transactions', id);
      reports.attachMap('transactions', id, null);
    },
  };
}
