import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { settle } from './enrich.ts';
import { mergePlaces } from './merge.ts';
import { IMPORT_MESSAGES } from './messages.ts';
import { parseOrganisationCsv } from './parse-csv.ts';
import { parseGeoNames } from './parse-geonames.ts';
import { parseOsmGeoJson } from './parse-geojson.ts';
import { parseOsmPbf } from './parse-osm-pbf.ts';
import { parseOsmXml } from './parse-osm-xml.ts';
import { importReport } from './report.ts';
import { RowCollector } from './rows.ts';
import { readStore, writeStore } from './store-file.ts';
import type { ParseResult, SourceId, StoredPlace } from './types.ts';

type Format = 'csv' | 'geonames' | 'geojson' | 'osm' | 'pbf';

const SOURCE_OF: Readonly<Record<Format, SourceId>> = {
  csv: 'organizacion',
  geonames: 'geonames',
  geojson: 'osm',
  osm: 'osm',
  pbf: 'osm',
};

/** The format from the file's name (VE.txt, ciudad.osm.pbf, overpass.geojson, lista.csv). */
export function formatOf(file: string): Format | null {
  const name = file.toLowerCase();
  if (name.endsWith('.pbf')) return 'pbf';
  if (name.endsWith('.osm') || name.endsWith('.xml')) return 'osm';
  if (name.endsWith('.geojson') || name.endsWith('.json')) return 'geojson';
  if (name.endsWith('.csv')) return 'csv';
  if (name.endsWith('.txt') || name.endsWith('.tsv')) return 'geonames';
  return null;
}

async function parse(file: string, format: Format): Promise<ParseResult> {
  if (format === 'pbf') return parseOsmPbf(file);
  const text = await readFile(file, 'utf8');
  if (format === 'csv') return parseOrganisationCsv(text);
  if (format === 'geonames') return parseGeoNames(text);
  if (format === 'geojson') return parseOsmGeoJson(text);
  return parseOsmXml(text);
}

export interface ImportOutcome {
  ok: boolean;
  /** The Spanish report for the deployer. */
  report: string;
  /** Places in the store after the import (before it, when the import failed). */
  total: number;
}

/**
 * `npm run gazetteer -- import <file>`: reads the file, settles estado and municipio of each place, merges it
 * into the store by source priority and writes the store atomically. Any failure — unknown format, truncated
 * or damaged file, unreadable store — leaves the store as it was and says so.
 */
export async function importFile(file: string, storePath: string, now = new Date()): Promise<ImportOutcome> {
  const format = formatOf(file);
  let before = 0;
  try {
    const store = readStore(storePath);
    before = store.places.length;
    if (!format) throw new Error(IMPORT_MESSAGES.unknownFormat);
    const source = SOURCE_OF[format];
    const parsed = await parse(file, format);
    // Settling may count more rows out (outside every estado): same collector, same report.
    const out = new RowCollector();
    Object.assign(out.result.rejected, parsed.rejected);
    const settled = parsed.places
      .map((p) => settle(p, source, out))
      .filter((p): p is StoredPlace => p !== null);
    const { places, counts } = mergePlaces(store.places, settled);
    writeStore(storePath, {
      version: 1,
      imports: [
        ...store.imports,
        { source, file: basename(file), importedAt: now.toISOString(), places: settled.length },
      ],
      places,
    });
    const report = importReport({
      file: basename(file),
      source,
      read: parsed.read,
      accepted: settled,
      rejected: out.result.rejected,
      counts,
      total: places.length,
      storePath,
    });
    return { ok: true, report, total: places.length };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, report: IMPORT_MESSAGES.failed(basename(file), why), total: before };
  }
}
