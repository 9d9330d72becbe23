/**
 * Arrow IPC (file or stream format) through apache-arrow, the format's reference implementation for
 * JavaScript: read whole (up to IMPORT_LIMITS.arrowBytes), then batch by batch. Numbers, dates (epoch ms)
 * and strings come out typed; the ingester reads them as they are.
 */
import { DataType, RecordBatchReader, type RecordBatch, type Vector } from 'apache-arrow';
import type { Cell } from '../../src/core/ingest/values.ts';
import { fill, MESSAGES } from '../../src/core/messages.ts';
import { ImportError, readAll } from './bytes.ts';
import { IMPORT_LIMITS, type ImportSource } from './contract.ts';
import { utf8Slice } from './utf8.ts';

const E = MESSAGES.importData.errors;

export interface ArrowFile {
  header: string[];
  batches: Iterable<RecordBatch>;
}

const invalid = (error: unknown) =>
  new ImportError(fill(E.arrow, { detail: error instanceof Error ? error.message : String(error) }));

export async function openArrow(
  source: ImportSource,
  onBytes: (bytes: number, total: number | null) => void,
): Promise<ArrowFile> {
  const limit = IMPORT_LIMITS.arrowBytes;
  const bytes = await readAll(
    source,
    limit,
    onBytes,
    () => new ImportError(fill(E.tooBig, { mb: limit / 1024 / 1024, format: 'Arrow' })),
  );
  try {
    const reader = RecordBatchReader.from(bytes);
    reader.open();
    const header = reader.schema.fields.map((f) => f.name).slice(0, IMPORT_LIMITS.columns);
    return { header, batches: reader };
  } catch (error) {
    throw invalid(error);
  }
}

/**
 * A text column's cells, read from its offsets and bytes (utf8.ts) — apache-arrow's `get` makes a
 * TextDecoder call per cell, ~1 µs each in Chromium. Null for anything but one plain, unsliced UTF-8 chunk.
 */
export function textCells(vector: Vector): (string | null)[] | null {
  if (!DataType.isUtf8(vector.type) || vector.data.length !== 1) return null;
  const data = vector.data[0];
  if (!data || data.offset !== 0) return null;
  const offsets = data.valueOffsets as Int32Array;
  const bytes = data.values as Uint8Array;
  const out = new Array<string | null>(data.length);
  for (let r = 0; r < data.length; r++)
    out[r] = data.getValid(r) ? utf8Slice(bytes, offsets[r] ?? 0, offsets[r + 1] ?? 0) : null;
  return out;
}

/**
 * Every row of every batch (or the first `limit`), in the header's column order: numeric columns read from
 * their typed arrays, text columns as strings made once per batch (textCells), others with `get`; one
 * reused cells array.
 */
export function eachArrowRow(file: ArrowFile, visit: (row: readonly Cell[]) => void, limit = Infinity): void {
  let seen = 0;
  const cells: Cell[] = new Array<Cell>(file.header.length).fill(null);
  try {
    for (const batch of file.batches) {
      const columns = file.header.map((_, i) => {
        const vector = batch.getChildAt(i);
        // Floats without nulls: the values array itself (no boxing per cell).
        // (Only a float column is asked for its array: toArray on a text column decodes every cell, which
        // the read would then do again.)
        const values =
          vector && vector.nullCount === 0 && DataType.isFloat(vector.type)
            ? (vector.toArray() as unknown)
            : null;
        if (values instanceof Float64Array || values instanceof Float32Array) return values;
        return (vector && limit === Infinity ? textCells(vector) : null) ?? vector;
      });
      for (let r = 0; r < batch.numRows && seen < limit; r++, seen++) {
        for (let c = 0; c < cells.length; c++) {
          const column = columns[c];
          cells[c] =
            ArrayBuffer.isView(column) || Array.isArray(column)
              ? (column as ArrayLike<Cell>)[r]
              : (column?.get(r) as Cell);
        }
        visit(cells);
      }
      if (seen >= limit) return;
    }
  } catch (error) {
    throw invalid(error);
  }
}
