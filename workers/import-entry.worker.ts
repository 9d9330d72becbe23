// The import worker's entry: one ImportSession exposed over comlink; the finished table's columns are
// transferred to the main thread (which hands them on to the cluster worker), never copied.
import { expose, transfer } from 'comlink';
import { tableTransferables } from '../src/core/table.ts';
import type { ImportApi } from './import/contract.ts';
import { ImportSession } from './import/session.ts';

const session = new ImportSession();
const api: ImportApi = {
  inspect: (source) => session.inspect(source),
  read: (source, options, onProgress) => session.read(source, options, onProgress),
  finish: (decisions) => {
    const answer = session.finish(decisions);
    if (!answer.ok) return answer;
    const csv = answer.value.rejectedCsv.buffer as ArrayBuffer;
    return transfer(answer, [...tableTransferables(answer.value.table), csv]);
  },
};
expose(api);
