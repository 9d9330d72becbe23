/**
 * «Aprender ubicaciones» (issue 38 §3) in the import worker: the file the analyst loaded is read once more,
 * in the same formats, keeping of each row only its urbanización, municipio, estado and point, which the core
 * learner groups. A second read, not a tap on the first: the first read keeps no text columns (the engine's
 * table is numbers), and it runs only when the analyst asks, so loading costs nothing more.
 */
import { canLearnPlaces, PlaceLearner, type LearnResult } from '../../src/core/gazetteer/learn.ts';
import { readCoordinates, textOf } from '../../src/core/ingest/cell-readers.ts';
import type { ColumnMapping } from '../../src/core/ingest/columns.ts';
import { detectFormat } from '../../src/core/ingest/detect.ts';
import type { Cell } from '../../src/core/ingest/values.ts';
import { fill, MESSAGES } from '../../src/core/messages.ts';
import { eachArrowRow, openArrow } from './arrow.ts';
import { ImportError, readHead } from './bytes.ts';
import { IMPORT_LIMITS, type ImportAnswer, type ImportSource } from './contract.ts';
import { isBlank, NotUtf8Error, sniffEncoding, streamCsv } from './csv.ts';
import { readGeoJson } from './geojson-source.ts';
import { openParquet, parquetRows } from './parquet.ts';

const E = MESSAGES.importData.errors;
/** Parquet rows decoded at a time: bounded memory for a large file. */
const PARQUET_SLICE = 65_536;

async function eachRow(source: ImportSource, visit: (row: readonly Cell[]) => void): Promise<void> {
  const { head } = await readHead(source, IMPORT_LIMITS.sniffBytes);
  const format = detectFormat(head);
  if (!format) throw new ImportError(E.binary);
  if (format === 'csv') {
    const read = (encoding: 'utf-8' | 'windows-1252') => {
      let header = true;
      return streamCsv(source, {
        encoding,
        delimiter: null,
        name: source.kind === 'file' ? source.name : source.url,
        visit: (rows) => {
          for (const row of rows) {
            if (!header && !isBlank(row)) visit(row);
            header = false;
          }
          return true;
        },
      });
    };
    const encoding = sniffEncoding(head);
    try {
      await read(encoding);
    } catch (error) {
      if (!(error instanceof NotUtf8Error)) throw error;
      await read('windows-1252'); // a late non-UTF-8 byte, as the first read did
    }
  } else if (format === 'geojson') {
    for (const row of (await readGeoJson(source, () => undefined)).rows) visit(row);
  } else if (format === 'parquet') {
    const p = await openParquet(source);
    const total = Number(p.metadata.num_rows);
    for (let at = 0; at < total; at += PARQUET_SLICE)
      for (const row of await parquetRows(p, at, Math.min(total, at + PARQUET_SLICE))) visit(row);
  } else {
    eachArrowRow(await openArrow(source, () => undefined), visit);
  }
}

/** The places a file proposes under the analyst's mapping; errors as a Spanish answer. */
export async function learnPlaces(
  source: ImportSource,
  mapping: ColumnMapping,
): Promise<ImportAnswer<LearnResult>> {
  try {
    if (!canLearnPlaces(mapping)) throw new ImportError(MESSAGES.learnPlaces.noColumns);
    const learner = new PlaceLearner();
    await eachRow(source, (cells) => {
      const point = readCoordinates(cells, mapping);
      if (!point) return;
      learner.add(
        textOf(cells, mapping.urbanizacion),
        textOf(cells, mapping.municipio),
        textOf(cells, mapping.estado),
        point.lat,
        point.lng,
      );
    });
    return { ok: true, value: learner.result() };
  } catch (error) {
    if (error instanceof ImportError) return { ok: false, error: error.message };
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, error: fill(E.internal, { detail }) };
  }
}
