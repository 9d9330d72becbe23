/**
 * The import worker's session driven as the page drives it — inspect, read with the suggested mapping, finish
 * without decisions — for the import tests; any answer that is not ok throws with its Spanish message.
 */
import { detectMapping } from '../../src/core/ingest/columns.ts';
import type { ImportProgress, ImportSource } from '../../workers/import/contract.ts';
import { ImportSession } from '../../workers/import/session.ts';

export async function importWith(
  session: ImportSession,
  source: ImportSource,
  onProgress: (progress: ImportProgress) => void = () => undefined,
) {
  const preview = await session.inspect(source);
  if (!preview.ok) throw new Error(preview.error);
  const read = await session.read(source, { mapping: detectMapping(preview.value.header) }, onProgress);
  if (!read.ok) throw new Error(read.error);
  const done = session.finish({ swapCoordinates: false, placements: [] });
  if (!done.ok) throw new Error(done.error);
  return { preview: preview.value, read: read.value, ...done.value };
}
