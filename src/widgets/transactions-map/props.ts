import type { EngineFilter, LoadResult, Summary } from '../../../workers/contract.ts';

/** A map position worth sharing. */
export interface TransactionsView {
  lat: number;
  lng: number;
  zoom: number;
}

export interface TransactionsMapProps {
  /** Deck layer ids and the test API's key. @default 'transacciones' */
  mapId?: string;
  /** Where the VEPT table is downloaded from (same origin, or a CORS-enabled service). */
  dataUrl: string;
  filter: EngineFilter;
  /** The opening view; null opens on the whole country. Creation-only. */
  initialView: TransactionsView | null;
  onLoad?: (info: LoadResult) => void;
  /** Download progress 0…1. */
  onProgress?: (fraction: number) => void;
  /** A Spanish message when the data cannot be loaded. */
  onError?: (message: string) => void;
  /** Rows passing the filter, after the load and every filter change. */
  onMatching?: (matching: number) => void;
  /** The view's counts by quarter and operation under the filter, after every move and filter change. */
  onSummary?: (summary: Summary) => void;
  /** Where the map is after a move (the page writes it into the URL). */
  onViewChange?: (view: TransactionsView) => void;
}
