// The import worker's entry: one ImportSession exposed over comlink; the finished table's columns are
// transferred to the main thread (which hands them on to the cluster worker), never copied. Started again
// under PARQUET_HELPER's name, the same script is the Parquet helper that decodes row groups beside it; under
// CSV_HELPER's, the CSV helper that reads the second part of a large CSV.
import { expose, transfer } from 'comlink';
import { tableTransferables } from '../../src/core/table.ts';
import type { ImportApi } from './contract.ts';
import { CSV_HELPER, serveCsvHelper, type CsvHelperScope } from './csv-helper.ts';
import { PARQUET_HELPER, serveParquetHelper, type HelperScope } from './parquet-helper.ts';
import { learnPlaces } from './learn.ts';
import { ImportSession } from './session.ts';

// The project compiles against the DOM lib, where `self` is typed as a Window; in a worker it is the worker
// scope: a message endpoint with a name and the script's URL.
const scope = self as unknown as HelperScope & CsvHelperScope & { name: string; location: { href: string } };

if (scope.name === PARQUET_HELPER) serveParquetHelper(scope);
else if (scope.name === CSV_HELPER) serveCsvHelper(scope);
else {
  const session = new ImportSession({
    // The same script (its URL is what the host's bundler emitted), so no second entry to bundle.
    startParquetHelper: () => new Worker(scope.location.href, { type: 'module', name: PARQUET_HELPER }),
    startCsvHelper: () => new Worker(scope.location.href, { type: 'module', name: CSV_HELPER }),
  });
  const api: ImportApi = {
    inspect: (source) => session.inspect(source),
    prepare: (source, options) => session.prepare(source, options),
    read: (source, options, onProgress) => session.read(source, options, onProgress),
    finish: (decisions) => {
      const answer = session.finish(decisions);
      if (!answer.ok) return answer;
      const csv = answer.value.rejectedCsv.buffer as ArrayBuffer;
      return transfer(answer, [...tableTransferables(answer.value.table), csv]);
    },
    learnPlaces,
  };
  expose(api);
}
