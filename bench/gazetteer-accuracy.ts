import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { csvParse } from 'd3-dsv';
import { distanceMeters } from '../src/core/geo.ts';
import { foldText } from '../src/core/zone.ts';
import { currentEntries, useStoreFile } from '../server/geocoder/live.ts';
import { estadoAt } from '../server/geocoder/reverse.ts';
import { searchWithPrefixFallback } from '../server/geocoder/search.ts';
import { importFile } from '../server/geocoder/store/import.ts';
import { placesByCity } from './gazetteer-cities.ts';
import { markdownTable } from './lib/report.ts';

const EVAL = new URL('../../shared/eval/', import.meta.url);
const OPTIONS = { limit: 10, viewbox: null, bounded: false, prefix: false };

interface Probe {
  q: string;
  lat: number;
  lon: number;
}

interface Score {
  queries: number;
  firstWithinM: number;
  share: number;
  medianM: number;
}

function score(probes: readonly Probe[], withinM: number): Score {
  const distances = probes.map((p) => {
    const hit = searchWithPrefixFallback(p.q, OPTIONS)[0]?.entry;
    return hit ? distanceMeters({ lat: p.lat, lng: p.lon }, { lat: hit.lat, lng: hit.lon }) : Infinity;
  });
  const ok = distances.filter((d) => d <= withinM).length;
  const sorted = [...distances].sort((a, b) => a - b);
  return {
    queries: probes.length,
    firstWithinM: withinM,
    share: Number((ok / Math.max(1, probes.length)).toFixed(3)),
    medianM: Math.round(sorted[Math.floor(sorted.length / 2)] ?? NaN),
  };
}

const every = <T>(list: readonly T[], n: number) =>
  list.filter((_, i) => i % Math.max(1, Math.floor(list.length / n)) === 0);

/** Who's On First localities and neighbourhoods as a GeoNames-format dump (they are mostly GeoNames points). */
function wofAsGeoNames(dir: string): { file: string; probes: Probe[] } {
  const rows = csvParse(readFileSync(new URL('ve-places-whosonfirst.csv', EVAL), 'utf8')).filter(
    (r) => (r.placetype === 'locality' || r.placetype === 'neighbourhood') && r.is_current !== '0',
  );
  const lines = rows.map((r, i) =>
    [
      i + 1,
      r.name,
      r.name,
      '',
      r.lat,
      r.lon,
      'P',
      r.placetype === 'neighbourhood' ? 'PPLX' : 'PPL',
      'VE',
      '',
      '',
      '',
      '',
      '',
      '0',
      '',
      '',
      '',
      '',
    ].join('\t'),
  );
  const file = join(dir, 'wof-VE.txt');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const probes = every(rows, 300).flatMap((r) => {
    const lat = Number(r.lat);
    const lon = Number(r.lon);
    const estado = estadoAt(lat, lon)?.name;
    return estado && r.name ? [{ q: `${r.name}, ${estado}`, lat, lon }] : [];
  });
  return { file, probes };
}

/** OSM's named streets (a point each) as an Overpass GeoJSON of short lines; probes: names unique in the file. */
function streetsAsGeoJson(dir: string): { file: string; probes: Probe[] } {
  const rows = csvParse(readFileSync(new URL('ve-streets-osm.csv', EVAL), 'utf8'));
  const features = rows.map((r) => {
    const lon = Number(r.lon);
    const lat = Number(r.lat);
    return {
      type: 'Feature',
      properties: {
        highway: 'residential',
        name: r.name ?? '',
        ...(r.addr_city ? { 'addr:city': r.addr_city } : {}),
      },
      geometry: {
        type: 'LineString',
        coordinates: [
          [lon, lat],
          [lon + 0.00001, lat],
        ],
      },
    };
  });
  const file = join(dir, 'calles.geojson');
  writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features }));
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(foldText(r.name ?? ''), (counts.get(foldText(r.name ?? '')) ?? 0) + 1);
  const unique = rows.filter((r) => counts.get(foldText(r.name ?? '')) === 1);
  const probes = every(unique, 200).map((r) => ({
    q: r.addr_city ? `${r.name}, ${r.addr_city}` : (r.name ?? ''),
    lat: Number(r.lat),
    lon: Number(r.lon),
  }));
  return { file, probes };
}

/** The urbanizaciones real Caracas listings name: found first as an urbanización of Caracas (count only). */
function caracasFound(): { found: number; of: number } {
  const rows = csvParse(readFileSync(new URL('caracas-urbanizaciones.csv', EVAL), 'utf8'));
  const found = rows.filter((r) => {
    const hit = searchWithPrefixFallback(`${r.urbanizacion}, Caracas`, OPTIONS)[0]?.entry;
    return hit && (hit.type === 'suburb' || hit.type === 'neighbourhood') && hit.address.city === 'Caracas';
  }).length;
  return { found, of: rows.length };
}

/**
 * Accuracy before and after importing real lists from ../shared/eval, in aggregate only: Who's On First places
 * (as a GeoNames dump) asked as "name, estado", first result within 1.5 km; OSM street names asked with their
 * town, first result within 300 m; and the Caracas urbanizaciones of real listings, still found first.
 */
export async function sharedEvalAccuracy(
  dir: string,
): Promise<Record<string, unknown> & { markdown: string }> {
  if (!existsSync(EVAL))
    return { present: false, markdown: 'Accuracy: ../shared/eval absent, not measured.' };
  const none = join(dir, 'ninguno.json');
  const wof = wofAsGeoNames(dir);
  const streets = streetsAsGeoJson(dir);
  useStoreFile(none);
  const before = {
    wof: score(wof.probes, 1500),
    streets: score(streets.probes, 300),
    caracas: caracasFound(),
  };
  const store = join(dir, 'eval-store.json');
  const started = performance.now();
  const imports = [await importFile(wof.file, store), await importFile(streets.file, store)];
  const importS = (performance.now() - started) / 1000;
  if (imports.some((i) => !i.ok)) throw new Error(imports.map((i) => i.report).join('\n'));
  // At once, whatever its size: past 4 MiB a first load is built in the background (live.ts), and the probes
  // would ask the built-in places only (they did: 'after import' read as 'before').
  useStoreFile(store, Infinity);
  const after = {
    wof: score(wof.probes, 1500),
    streets: score(streets.probes, 300),
    caracas: caracasFound(),
  };
  // Counts only (aggregates): the places per city and source once the real lists are imported.
  const byCity = placesByCity(currentEntries());
  useStoreFile(none);
  const pct = (s: Score) => `${(s.share * 100).toFixed(1)} % (median ${s.medianM} m)`;
  const markdown = [
    `Accuracy on ../shared/eval (read at bench time, aggregates only; imports took ${importS.toFixed(1)} s):`,
    '',
    markdownTable(
      ['probe', 'queries', 'before import', 'after import'],
      [
        [
          'WOF places "name, estado", first within 1.5 km',
          before.wof.queries,
          pct(before.wof),
          pct(after.wof),
        ],
        [
          'OSM streets "name, town", first within 300 m',
          before.streets.queries,
          pct(before.streets),
          pct(after.streets),
        ],
        [
          'Caracas urbanizaciones of real listings, first in Caracas',
          before.caracas.of,
          `${before.caracas.found}/${before.caracas.of}`,
          `${after.caracas.found}/${after.caracas.of}`,
        ],
      ],
    ),
    '',
    'Places served per city and source after importing the real lists (counts only):',
    '',
    byCity.markdown,
  ].join('\n');
  const importSeconds = Number(importS.toFixed(1));
  return { present: true, importSeconds, before, after, byCity: byCity.rows, markdown };
}
