import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateTransactionsTable } from '../../src/datagen/index.ts';
import { expectedCounts } from '../../src/datagen/transaction-files.ts';
import { ImportSession } from '../../workers/import/session.ts';
import { importWith } from '../workers/import-read.ts';

const dir = mkdtempSync(join(tmpdir(), 'datos-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** `npm run data` for transactions in a format; answers the file's path. */
function generate(format: string, dirty = false): string {
  const out = join(dir, `t-${format}${dirty ? '-sucio' : ''}`);
  const args = [
    '--import',
    'tsx',
    'scripts/data.ts',
    '--kind',
    'transactions',
    '--count',
    '1500',
    '--seed',
    '4',
  ];
  const run = spawnSync(
    process.execPath,
    [...args, '--format', format, '--out', out, ...(dirty ? ['--dirty'] : [])],
    {
      encoding: 'utf8',
    },
  );
  expect(run.status, run.stderr).toBe(0);
  return out;
}

/** The file read back through the import worker's session. */
async function imported(path: string) {
  const bytes = readFileSync(path);
  const source = { kind: 'file' as const, file: new Blob([bytes]), name: path };
  const { preview, table, report } = await importWith(new ImportSession(), source);
  return { format: preview.format, table, report };
}

describe('npm run data --format for analysts’ files', () => {
  const table = generateTransactionsTable({ count: 1500, seed: 4 });
  it.each(['csv', 'geojson', 'parquet', 'arrow'])('%s reads back as the generated table', async (format) => {
    const result = await imported(generate(format));
    expect(result.format).toBe(format);
    const back = result.table;
    expect(back.length).toBe(1500);
    // Every column of every row: coordinates, price and operation as numbers, quarter and colour as the
    // labels they stand for (each table has its own dictionary), built area, and how the row was placed.
    expect([...back.lat]).toEqual([...table.lat]);
    expect([...back.lng]).toEqual([...table.lng]);
    expect([...back.price]).toEqual([...table.price]);
    expect([...back.operation]).toEqual([...table.operation]);
    const labels = (t: { quarter: Uint16Array; quarters: readonly string[] }) =>
      [...t.quarter].map((q) => t.quarters[q]);
    const colours = (t: { color: Uint16Array; colors: readonly string[] }) =>
      [...t.color].map((c) => t.colors[c]);
    expect(labels(back)).toEqual(labels(table));
    expect(colours(back)).toEqual(colours(table));
    expect(back.quarters).toEqual(table.quarters);
    expect(back.colors).toEqual(table.colors);
    // An unknown area (NaN) is written empty and read back NaN; toEqual takes NaN as equal to NaN.
    expect([...back.area]).toEqual([...(table.area ?? [])]);
    expect(table.area?.length).toBe(1500);
    expect([...back.precision]).toEqual(new Array<number>(1500).fill(0)); // every row had its own point
    expect(result.report.rejected.counts).toEqual({});
    expect(result.report.placed).toBe(1500);
  });

  it('--dirty CSV: Windows-1252, one bad row in ten with the expected reasons', async () => {
    const path = generate('csv', true);
    expect(readFileSync(path).includes(Buffer.from('Operaci\xf3n', 'latin1'))).toBe(true);
    const result = await imported(path);
    const expected = expectedCounts(table, 1500, true);
    expect(result.report.rejected.counts).toEqual(expected.rejected);
    expect(result.table.length).toBe(expected.placed);
  });

  it('refuses a file format for other kinds and --dirty for other formats', () => {
    const bad = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/data.ts',
        '--kind',
        'transactions',
        '--count',
        '5',
        '--format',
        'parquet',
        '--dirty',
        '--out',
        join(dir, 'x'),
      ],
      { encoding: 'utf8' },
    );
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--dirty solo existe');
  });
});
