import { describe, expect, it } from 'vitest';
import {
  batchOfRows,
  cellAt,
  cellsAt,
  type BatchColumn,
  type RowBatch,
} from '../../../src/core/ingest/batch.ts';
import type { ColumnMapping } from '../../../src/core/ingest/columns.ts';
import { addressKey } from '../../../src/core/ingest/geocode-batch.ts';
import { Ingester, type IngestOptions } from '../../../src/core/ingest/rows.ts';
import type { Cell } from '../../../src/core/ingest/values.ts';
import { random } from './random.ts';

const HEADER = ['id', 'lat', 'lng', 'precio', 'fecha', 'operacion', 'color', 'area', 'urbanizacion', 'punto'];

/** Rows as a Parquet reader hands them, dirty in every way the ingester knows. */
function dirtyRows(n: number, seed: number, colours: number): Cell[][] {
  const r = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
  const rows: Cell[][] = [];
  for (let i = 0; i < n; i++) {
    const u = r();
    const lat = 1 + r() * 11;
    const lng = -73 + r() * 13;
    const point: [Cell, Cell] =
      u < 0.8
        ? [lat, lng]
        : u < 0.85
          ? [lng, lat] // swapped
          : u < 0.9
            ? [40.4, -3.7] // Madrid
            : u < 0.94
              ? [null, null] // no point
              : u < 0.97
                ? [lat.toFixed(4).replace('.', ','), lng] // text with a decimal comma
                : [Number.NaN, lng];
    // Rows in Madrid are dated 1995: a quarter no placed row has, which must not reach the table.
    const day = Date.UTC(point[0] === 40.4 ? 1995 : 2019, 0, 1) + Math.floor(r() * 2000) * 86_400_000;
    rows.push([
      r() < 0.03
        ? `tx-${String(Math.floor(r() * i))}`
        : r() < 0.02
          ? null
          : r() < 0.02
            ? i
            : `tx-${String(i)}`,
      point[0],
      point[1],
      r() < 0.9 ? Math.round(r() * 300_000) : pick([null, -1e12, '$ 1.234,56', 'n/d', 0]),
      // Dates as text only in the first rows: the later batches hold timestamps alone (their typed form).
      r() < 0.9
        ? new Date(day)
        : pick([null, new Date(Number.NaN), ...(i < n / 3 ? ['05/11/2024', 'ayer'] : [])]),
      pick(['Venta', 'Venta', 'Alquiler', 'venta', 'ALQUILER', 'rent', 'permuta', null]),
      // A colour only rejected rows have (Madrid's): it must not reach the table either.
      r() < 0.95
        ? point[0] === 40.4
          ? 'madrid'
          : `c${String(Math.floor(r() * colours))}`
        : pick(['', null, 'x'.repeat(200)]),
      r() < 0.9 ? Math.round(r() * 300) : pick([null, -5, 1e9]),
      r() < 0.5 ? 'Los Palos Grandes' : pick(['El Cafetal', '', null]),
      null,
    ]);
  }
  return rows;
}

const DATE = (time: number) => new Date(time);

/** The rows [from, to) as a batch, each column in a form chosen at random among those it can take. */
function packedBatch(rows: readonly Cell[][], from: number, to: number, r: () => number): RowBatch {
  const slice = rows.slice(from, to);
  const columns: BatchColumn[] = HEADER.map((_, c) => {
    const cells = slice.map((row) => row[c]);
    const present = cells.some((v) => v === null)
      ? Uint8Array.from(cells, (v) => (v === null ? 0 : 1))
      : null;
    if (r() < 0.3) return { kind: 'cells', data: cells };
    if (cells.every((v) => typeof v === 'number' || v === null))
      return { kind: 'numbers', values: Float64Array.from(cells, (v) => v ?? 0), present };
    if (cells.every((v) => v instanceof Date || v === null))
      return {
        kind: 'times',
        times: Float64Array.from(cells, (v) => (v instanceof Date ? v.getTime() : 0)),
        present,
      };
    const values = [...new Set(cells)];
    if (values.length < 200 && values.every((v) => typeof v !== 'object' || v === null)) {
      // By a Map, as the helper's packing does (indexOf never finds NaN).
      const index = new Map<Cell, number>(values.map((x, k) => [x, k]));
      return { kind: 'codes', values, codes: Uint16Array.from(cells, (v) => index.get(v) ?? 0) };
    }
    return { kind: 'cells', data: cells };
  });
  return { rows: slice.length, columns };
}

function compare(rows: Cell[][], mapping: ColumnMapping, options: IngestOptions, seed: number) {
  const one = new Ingester(mapping, options);
  for (const row of rows) one.add(row);
  const byColumns = new Ingester(mapping, options);
  const r = random(seed);
  const kinds = new Set<string>();
  for (let from = 0; from < rows.length;) {
    const to = Math.min(rows.length, from + 1 + Math.floor(r() * 700));
    const batch = packedBatch(rows, from, to, r);
    for (const column of batch.columns) kinds.add(column.kind);
    byColumns.addColumns(batch, DATE);
    from = to;
  }
  for (const decisions of [{ swapCoordinates: r() < 0.5 }]) {
    expect(byColumns.waiting).toBe(one.waiting);
    expect(byColumns.addresses).toEqual(one.addresses);
    // The first address placed by the geocoder, the others not found.
    const placements = new Map(
      one.addresses
        .slice(0, 1)
        .map((a) => [addressKey(a), { lat: 10.5, lng: -66.9, level: 'urbanizacion' as const }]),
    );
    const a = one.finish({ ...decisions, placements });
    const b = byColumns.finish({ ...decisions, placements });
    expect(b.report).toEqual(a.report);
    expect(b.table).toEqual(a.table);
    expect(a.report.placed).toBeGreaterThan(rows.length / 2);
  }
  return kinds;
}

const MAPPING: ColumnMapping = {
  id: 0,
  lat: 1,
  lng: 2,
  price: 3,
  date: 4,
  operation: 5,
  color: 6,
  area: 7,
  urbanizacion: 8,
};

describe('Ingester.addColumns', () => {
  it('gives the table and report of add, row by row, over dirty rows in every column form', () => {
    const rows = dirtyRows(6000, 1, 12);
    const kinds = compare(rows, MAPPING, { expectedRows: 100 }, 7);
    expect([...kinds].sort()).toEqual(['cells', 'codes', 'numbers', 'times']);
  });

  it('the same with labels past the dictionaries caps, first seen in the same order', () => {
    compare(dirtyRows(4000, 2, 150), MAPPING, {}, 8); // 150 colours for 64 places
  });

  it('the same without an id or an operation column (the default operation), with a type for colour', () => {
    const rest: ColumnMapping = { ...MAPPING, id: undefined, operation: undefined, color: undefined };
    compare(dirtyRows(3000, 3, 5), { ...rest, type: 6 }, { defaultOperation: 'Alquiler', firstLine: 5 }, 9);
  });

  it('the same for a point column (read row by row)', () => {
    const rows = dirtyRows(1500, 4, 5).map((row, i) => {
      const copy = [...row];
      const [lat, lng] = [row[1], row[2]].map((v) =>
        typeof v === 'number' || typeof v === 'string' ? v : '',
      );
      copy[9] = i % 3 === 0 ? `POINT(${String(lng)} ${String(lat)})` : `${String(lat)},${String(lng)}`;
      return copy;
    });
    compare(rows, { ...MAPPING, lat: undefined, lng: undefined, point: 9 }, {}, 10);
  });
});

describe('batch cells', () => {
  it('reads each form back as the cell a row would hold', () => {
    const present = Uint8Array.of(1, 0, 1);
    const time = Date.UTC(2024, 4, 1);
    expect(cellAt({ kind: 'numbers', values: Float64Array.of(1.5, 9, -2), present }, 1, DATE)).toBeNull();
    expect(cellAt({ kind: 'numbers', values: Float64Array.of(1.5, 9, -2), present }, 2, DATE)).toBe(-2);
    expect(cellAt({ kind: 'times', times: Float64Array.of(time, 0, time), present }, 0, DATE)).toEqual(
      new Date(time),
    );
    expect(cellAt({ kind: 'times', times: Float64Array.of(time, 0, time), present }, 1, DATE)).toBeNull();
    expect(
      cellAt({ kind: 'codes', values: ['Venta', 'Alquiler'], codes: Uint16Array.of(1, 0) }, 0, DATE),
    ).toBe('Alquiler');
    expect(cellAt({ kind: 'cells', data: ['a'] }, 3, DATE)).toBeNull();
    expect(cellAt(undefined, 0, DATE)).toBeUndefined();
    const batch = batchOfRows(
      [
        ['a', 1],
        ['b', null],
      ],
      2,
    );
    expect(cellsAt(batch, 1, DATE)).toEqual(['b', null]);
  });
});
