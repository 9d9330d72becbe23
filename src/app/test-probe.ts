/**
 * A small typed window API that browser tests read instead of pixels (WebGL canvases are opaque to them).
 * Updated by the demo pages; it carries numbers only, never records.
 */
export interface ExplorerProbe {
  /** Rows the engine indexed. */
  indexed: number;
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
}

declare global {
  interface Window {
    __explorerProbe?: ExplorerProbe;
    /** The explorer's map, for the browser benchmark's programmatic pans. */
    __explorerMap?: import('maplibre-gl').Map;
  }
}

export function publishExplorerProbe(probe: ExplorerProbe): void {
  window.__explorerProbe = probe;
}

/** Updates some of the probe's fields as they happen (outside React's render cycle), if it exists yet. */
export function patchExplorerProbe(fields: Partial<ExplorerProbe>): void {
  const current = window.__explorerProbe;
  if (current) window.__explorerProbe = { ...current, ...fields };
}
