/**
 * Where each widget map is looking, published on `window` for browser tests (WebGL pixels are opaque to them).
 * Numbers only; updated when a move ends.
 */
export interface MapViewProbe {
  lng: number;
  lat: number;
  zoom: number;
  moves: number;
}

declare global {
  interface Window {
    __mapViews?: Record<string, MapViewProbe>;
  }
}

export function publishMapView(key: string, view: Omit<MapViewProbe, 'moves'>): void {
  const views = (window.__mapViews ??= {});
  views[key] = { ...view, moves: (views[key]?.moves ?? 0) + 1 };
}
