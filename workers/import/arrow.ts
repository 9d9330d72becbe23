/**
 * Arrow IPC (file or stream format) through apache-arrow, the format's reference implementation for
 * JavaScript: read whole (up to IMPORT_LIMITS.arrowBytes), then batch by batch. Numbers, dates (epoch ms)
 * and strings come out typed; the ingester reads them as they are.
 */
import { RecordBatchReader, type RecordBatch } from 'apache-arrow';
import type { Cell } from '../../src/core/ingest/values.ts';
import { fill, MESSAGES } from '../../src/core/messages.ts';
import { ImportError, readAll } from './bytes.ts';
import { IMPORT_LIMITS, type ImportSource } from './contract.ts';

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
 * Every row of every batch (or the first `limit`), in the header's column order: numeric columns read from
 * their typed arrays, others with `get`; one reused cells array.
 */
export function eachArrowRow(file: ArrowFile, visit: (row: readonly Cell[]) => void, limit = Infinity): void {
  let seen = 0;
  const cells: Cell[] = new Array<Cell>(file.header.length).fill(null);
  try {
    for (const batch of file.batches) {
      const columns = file.header.map((_, i) => {
        const vector = batch.getChildAt(i);
        // Floats without nulls: the values array itself (no boxing per cell).
        const values = vector && vector.nullCount === 0 ? (vector.toArray() as unknown) : null;
        return values instanceof Float64Array || values instanceof Float32Array ? values : vector;
      });
      for (let r = 0; r < batch.numRows && seen < limit; r++, seen++) {
        for (let c = 0; c < cells.length; c++) {
          const column = columns[c];
          cells[c] = ArrayBuffer.isView(column) ? (column as Float64Array)[r] : (column?.get(r) as Cell);
        }
        visit(cells);
      }
      if (seen >= limit) return;
    }
  } catch (error) {
    throw invalid(error);
  }
}
