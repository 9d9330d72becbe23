import { lookupMunicipio, MUNICIPIO_CITY } from '../src/geocoding/municipio-cities.ts';
import type { GazetteerEntry } from '../server/geocoder/gazetteer.ts';
import { markdownTable } from './lib/report.ts';

/** Where a served place comes from: its import's source, else the compiled table or the built-in list. */
function sourceOf(entry: GazetteerEntry): string {
  return entry.source ?? (entry.approximate ? 'compilado' : 'incluido');
}

/**
 * The city a place counts for: its municipio's city where the table knows it (Chacao, Baruta… → Caracas),
 * else the municipio; with its estado, as the built-in data names them.
 */
function cityOf(entry: GazetteerEntry): string {
  const { state = '', county = '' } = entry.address;
  if (!state) return '(sin estado)';
  const city = county ? (lookupMunicipio(MUNICIPIO_CITY, state, county) ?? county) : '(sin municipio)';
  return `${city}, ${state}`;
}

const SOURCES = ['organizacion', 'osm', 'geonames', 'compilado', 'incluido'];

/** Issue 38 item 4: places served per city and source, the `top` cities with the most places. */
export function placesByCity(
  entries: readonly GazetteerEntry[],
  top = 15,
): { rows: { city: string; total: number; bySource: Record<string, number> }[]; markdown: string } {
  const cities = new Map<string, Record<string, number>>();
  for (const e of entries) {
    const city = cityOf(e);
    const counts = cities.get(city) ?? {};
    const source = sourceOf(e);
    counts[source] = (counts[source] ?? 0) + 1;
    cities.set(city, counts);
  }
  const rows = [...cities]
    .map(([city, bySource]) => ({
      city,
      total: Object.values(bySource).reduce((a, b) => a + b, 0),
      bySource,
    }))
    .sort((a, b) => b.total - a.total || a.city.localeCompare(b.city))
    .slice(0, top);
  const markdown = markdownTable(
    ['city (municipio or its city, estado)', 'places', ...SOURCES],
    rows.map((r) => [r.city, r.total, ...SOURCES.map((s) => r.bySource[s] ?? 0)]),
  );
  return { rows, markdown };
}
