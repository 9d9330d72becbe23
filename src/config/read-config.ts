/**
 * The widgets' configuration (map style, geocoder) and how to read it from an env-like record. Every value
 * defaults to the embedded services, so the demo runs with no configuration and no network. Hosts pass
 * theirs at run time through MapasProvider (or a widget's `config` prop); only the demo reads build-time
 * variables (src/config/index.ts).
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
  /** ISO alpha-2 codes geocoder results are restricted to unless a widget names its own. */
  readonly countryCodes: readonly string[];
  /** `accept-language` of geocoder calls (the language of place names; the widgets' own texts are Spanish). */
  readonly language: string;
}

/** What a host passes: any subset, the rest inherited (from an outer provider, else the defaults). */
export type MapasConfig = Partial<AppConfig>;

export const DEFAULT_COUNTRY_CODES: readonly string[] = ['ve'];
export const DEFAULT_LANGUAGE = 'es';

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A comma list ('ve,co') as lower-case codes; null when blank. */
function codes(value: unknown): string[] | null {
  const list = (text(value) ?? '')
    .split(',')
    .map((code) => code.trim().toLowerCase())
    .filter((code) => code !== '');
  return list.length > 0 ? list : null;
}

/** Builds the configuration from an env record (`import.meta.env` in the app; any record in tests). */
export function readConfig(env: Readonly<Record<string, unknown>>): AppConfig {
  return {
    mapStyleUrl: text(env.VITE_MAP_STYLE_URL),
    rasterTiles: text(env.VITE_RASTER_TILES),
    mapKey: text(env.VITE_MAP_KEY),
    geocoderUrl: text(env.VITE_GEOCODER_URL) ?? '/api/geocoder',
    geocoderKey: text(env.VITE_GEOCODER_KEY),
    countryCodes: codes(env.VITE_COUNTRY_CODES) ?? DEFAULT_COUNTRY_CODES,
    language: text(env.VITE_LANGUAGE) ?? DEFAULT_LANGUAGE,
  };
}

/**
 * `base` with the values `overrides` sets (undefined leaves a value alone; null clears a nullable one).
 * Blank strings count as unset, as in readConfig, so `{ geocoderUrl: '' }` cannot break the lookups.
 */
export function mergeConfig(base: AppConfig, overrides: MapasConfig | undefined): AppConfig {
  if (!overrides) return base;
  const nullable = (key: 'mapStyleUrl' | 'rasterTiles' | 'mapKey' | 'geocoderKey'): string | null => {
    const value = overrides[key];
    return value === undefined ? base[key] : text(value);
  };
  return {
    mapStyleUrl: nullable('mapStyleUrl'),
    rasterTiles: nullable('rasterTiles'),
    mapKey: nullable('mapKey'),
    geocoderKey: nullable('geocoderKey'),
    geocoderUrl: text(overrides.geocoderUrl) ?? base.geocoderUrl,
    countryCodes: overrides.countryCodes?.length
      ? overrides.countryCodes.map((code) => code.toLowerCase())
      : base.countryCodes,
    language: text(overrides.language) ?? base.language,
  };
}
