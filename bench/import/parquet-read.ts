/**
 * What the Parquet-helper benchmark times, bundled by esbuild as a browser build would be (no tsx name
 * helpers in the hot loops): a chosen file's rows read and ingested the import worker's way, with its row
 * groups decoded here or by the helper in a worker thread (`parquet-helper-thread.ts`, the helper's side).
 */
import { Worker } from 'node:worker_threads';
import { detectMapping } from '../../src/core/ingest/columns.ts';
import { Ingester } from '../../src/core/ingest/rows.ts';
import { eachParquetBatch, openParquet } from '../../workers/import/parquet.ts';
import { helperOn, ParquetHelperClient, type HelperWorker } from '../../workers/import/parquet-helper.ts';

/** The helper's worker thread, seen as the import worker sees a Web Worker. */
function threadHelper(entry: string): HelperWorker {
  const thread = new Worker(entry);
  return {
    addEventListener: (type: 'message' | 'error', listener: (event: never) => void) => {
      thread.on(type, (data: unknown) => {
        listener({ data } as never);
      });
    },
    postMessage: (message) => {
      thread.postMessage(message);
    },
    terminate: () => {
      void thread.terminate();
    },
  };
}

/** Reads the file once; the helper thread's bundle when `helperEntry` is given. */
export async function readParquet(
  bytes: Uint8Array,
  helperEntry: string | null,
): Promise<{ ms: number; placed: number; helperGroups: number }> {
  const file = new Blob([bytes as Uint8Array<ArrayBuffer>]);
  const started = performance.now();
  const p = await openParquet({ kind: 'file', file, name: 'bench.parquet' });
  const groups = p.metadata.row_groups.length;
  const ingester = new Ingester(detectMapping(p.header), {
    expectedRows: p.metadata.row_groups.reduce((n, g) => n + Number(g.num_rows), 0),
  });
  const helper = helperEntry
    ? new ParquetHelperClient(helperOn(threadHelper(helperEntry), file), groups)
    : null;
  try {
    await eachParquetBatch(
      p,
      (batch, date) => {
        ingester.addColumns(batch, date);
      },
      () => undefined,
      helper,
    );
  } finally {
    helper?.close();
  }
  const { report } = ingester.finish({});
  return { ms: performance.now() - started, placed: report.placed, helperGroups: helper?.served ?? 0 };
}
