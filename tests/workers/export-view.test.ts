/**
 * The view's rows as a file (workers/engine/export-view.ts): written in parts, a piece of rows each, that
 * join into the one text the core writes; refused at once beyond a spreadsheet's rows.
 */
import { describe, expect, it } from 'vitest';
import { EXPORT_MAX_ROWS, PIECE_ROWS, rowsToCsv, rowsToGeoJson } from '../../src/core/ingest/export.ts';
import type { PropertyTable } from '../../src/core/types.ts';
import { NO_FILTER } from '../../workers/contract.ts';
import { ClusterEngine } from '../../workers/engine/engine.ts';
import { exportRows } from '../../workers/engine/export-view.ts';
import { tableFrom, WORLD } from './helpers.ts';

/** `n` points spread over Venezuela (deterministic). */
const spread = (n: number) =>
  tableFrom(Array.from({ length: n }, (_, i) => [-72 + (i % 1009) * 0.01, 4 + ((i * 7) % 997) * 0.007]));

function loaded(table: PropertyTable): ClusterEngine {
  const engine = new ClusterEngine();
  const answer = engine.load(table);
  if (!answer.ok) throw new Error(answer.error);
  return engine;
}

/** The parts joined and decoded, the BOM kept (a decoder drops it by default). */
const text = (parts: Uint8Array[]) =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(Buffer.concat(parts));

describe('exportView', () => {
  it('writes the file in parts, a piece of rows each, that join into the core’s text in table order', () => {
    const n = 2 * PIECE_ROWS + 1;
    const table = spread(n);
    const engine = loaded(table);
    const every = Uint32Array.from({ length: n }, (_, i) => i);
    const csv = engine.exportView([...WORLD], 'csv');
    if (!csv.ok) throw new Error(csv.error);
    expect(csv.value).toHaveLength(1 + 3); // the header, then three pieces of rows
    expect(text(csv.value)).toBe(rowsToCsv(exportRows(table, every)));
    const geo = engine.exportView([...WORLD], 'geojson');
    if (!geo.ok) throw new Error(geo.error);
    expect(geo.value).toHaveLength(1 + 3 + 1); // the collection's head, three pieces, its end
    expect(text(geo.value)).toBe(rowsToGeoJson(exportRows(table, every)));
    expect((JSON.parse(text(geo.value)) as { features: unknown[] }).features).toHaveLength(n);
  });

  // A million rows written as CSV: seconds on a loaded two-core box, past the default 20 s once in CI.
  it('refuses at once beyond a spreadsheet’s rows, saying how many; filtered under it, it writes them', () => {
    const engine = loaded(spread(EXPORT_MAX_ROWS + 1));
    const started = performance.now();
    const refused = engine.exportView([...WORLD], 'csv');
    const refusing = performance.now() - started;
    expect(refused).toEqual({
      ok: false,
      error:
        'la vista tiene 1.048.576 filas bajo el filtro y un archivo admite hasta 1.048.575 (las filas de una ' +
        'hoja de cálculo). Acérquese o filtre por trimestre, color u operación.',
    });
    const filtered = engine.setFilter({ ...NO_FILTER, operations: ['Alquiler'] });
    if (!filtered.ok) throw new Error(filtered.error);
    const writing = performance.now();
    const rents = engine.exportView([...WORLD], 'csv');
    const written = performance.now() - writing;
    if (!rents.ok) throw new Error(rents.error);
    expect(text(rents.value).trim().split('\r\n')).toHaveLength(1 + filtered.value.matching);
    // Counted, not written: the refusal of every row takes a small part of writing half of them (the same
    // machine, the same moment: a ratio, not a wall-clock bound).
    expect(refusing).toBeLessThan(written / 4);
  }, 60_000);
});
