// The Parquet helper in a Node worker thread, for bench/import/parquet-helper.ts (the browser's is the import
// worker's script started again under PARQUET_HELPER's name).
import { parentPort } from 'node:worker_threads';
import { serveParquetHelper, type ToHelper } from '../../workers/import/parquet-helper.ts';

const port = parentPort;
if (port)
  serveParquetHelper({
    addEventListener: (_type, listener) => {
      port.on('message', (data: ToHelper) => {
        listener({ data } as MessageEvent<ToHelper>);
      });
    },
    postMessage: (message, transfer) => {
      port.postMessage(message, transfer as never);
    },
  });
