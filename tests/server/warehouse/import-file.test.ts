/**
 * The import CLI's core: an analyst's dirty CSV goes through the browser import's own session and rules into
 * a warehouse file, rejected rows counted by reason; a build that fails leaves nothing at the target.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateTransactionsTable } from '../../../src/datagen/index.ts';
import { csvLines, windows1252 } from '../../../src/datagen/transaction-files.ts';
import { openDuckDb } from '../../../server/warehouse/duckdb.ts';
import { importFile } from '../../../server/warehouse/import-file.ts';
import { openWarehouse } from '../../../server/warehouse/queries.ts';
import { buildAtomically } from '../../../server/warehouse/source.ts';

const dir = mkdtempSync(join(tmpdir(), 'almacen-import-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('importFile', () => {
  it('a dirty Windows-1252 CSV: the rows the tab would keep, rejections by reason', async () => {
    const table = generateTransactionsTable({ count: 2000, seed: 7 });
    const csv = join(dir, 'registro.csv');
    writeFileSync(csv, windows1252(csvLines(table, 0, 2000, true)));
    const out = join(dir, 'registro.duckdb');
    const done = await importFile(csv, out);
    expect(done.format).toBe('csv');
    expect(done.report.rows).toBe(2000);
    expect(done.report.rejected.counts).toEqual({
      'sin coordenadas': 40,
      'fuera de Venezuela': 40,
      'precio ilegible': 40,
      'fecha ilegible': 40,
      'id duplicado': 40,
    });
    expect(done.ingest).toMatchObject({ rows: 1800, rejected: 0 });
    const wh = await openWarehouse(await openDuckDb(out));
    expect(wh.rows).toBe(1800);
    expect(wh.dataVersion).toMatch(/^importado-registro\.csv-\d+-\w+$/);
    expect((await wh.engine.query('SELECT count(*) AS n FROM transactions'))[0]?.n).toBe(1800n);
    await wh.engine.close();
  });

  it('a build that fails leaves neither the target nor its temporary file', async () => {
    const target = join(dir, 'roto.duckdb');
    await expect(
      buildAtomically(target, () => Promise.reject(new Error('El archivo no se pudo leer.'))),
    ).rejects.toThrow('El archivo no se pudo leer.');
    expect(readdirSync(dir).filter((f) => f.startsWith('roto'))).toEqual([]);
  });
});
