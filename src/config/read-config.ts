/**
 * The widgets' configuration (map style, geocoder) and how to read it from an env-like record. Every value
 * defaults to the embedded services, so the demo runs with no configuration and no network. Hosts pass
 * theirs at run time through MapConfigProvider; only the demo reads build-time variables (src/config/index.ts).
 */
export interface AppConfig {
  /** A MapLibre style URL; wins over `rasterTiles`. */
  readonly mapStyleUrl: string | null;
  /** Raster `{z}/{x}/{y}` template (512-px tiles), may contain `{key}`. */
  readonly rasterTiles: string | null;
  /** Replaces `{key}` in map URLs. */
  readonly mapKey: string | null;
  /** Nominatim-compatible base URL (`/search`, `/reverse`). */
  readonly geocoderUrl: string;
  /** Sent as `key` on geocoder calls when set. */
  readonly geocoderKey: string | null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Builds the configuration from an env record (`import.meta.env` in the app; any record in tests). */
export function readConfig(env: Readonly<Record<string, unknown>>): AppConfig {
  return {
    mapStyleUrl: text(env.VITE_MAP_STYLE_URL),
    rasterTiles: text(env.VITE_RASTER_TILES),
    mapKey: text(env.VITE_MAP_KEY),
    geocoderUrl: text(env.VITE_GEOCODER_URL) ?? '/api/geocoder',
    geocoderKey: text(env.VITE_GEOCODER_KEY),
  };
}
