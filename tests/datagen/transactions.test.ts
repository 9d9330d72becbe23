import { describe, expect, it } from 'vitest';
import { normalizeProperties } from '../../src/core/normalize.ts';
import { validateTable } from '../../src/core/table-check.ts';
import { decodeTable, encodeTable } from '../../src/core/table-codec.ts';
import { OPERATION_CODE, type PropertyTable } from '../../src/core/types.ts';
import {
  COLOR_CATEGORIES,
  generateTransactionsTable,
  isOnLand,
  PLACES,
  QUARTERS,
  RENT_RANGE,
  SALE_RANGE,
  transactionRecord,
} from '../../src/datagen/index.ts';
import { inLakeBox, inVenezuelaBox, km, placeNamed } from './helpers.ts';

const N = 200_000;
const SEED = 9;
const table = generateTransactionsTable({ count: N, seed: SEED });
const columns = (t: PropertyTable) => [t.lng, t.lat, t.price, t.operation, t.quarter, t.color];

describe('generateTransactionsTable', () => {
  it('builds a valid table of the requested size with the generator dictionaries', () => {
    expect(table.length).toBe(N);
    expect(validateTable(table)).toBeNull();
    expect(table.quarters).toEqual(QUARTERS);
    expect(table.colors).toEqual([...COLOR_CATEGORIES]);
    expect(generateTransactionsTable({ count: 0, seed: 1 }).length).toBe(0);
    expect(() => generateTransactionsTable({ count: Number.NaN, seed: 1 })).toThrow(RangeError);
  });

  it('puts every row on land inside Venezuela, none in Lake Maracaibo', () => {
    let bad = 0;
    for (let i = 0; i < N; i++) {
      const lat = table.lat[i] ?? 0;
      const lng = table.lng[i] ?? 0;
      if (!isOnLand(lat, lng) || !inVenezuelaBox(lat, lng) || inLakeBox(lat, lng)) bad++;
    }
    expect(bad).toBe(0);
  });

  it('sells ~70%, prices each operation on its scale and weights later quarters more', () => {
    let sales = 0;
    let outOfRange = 0;
    const perQuarter = new Array<number>(QUARTERS.length).fill(0);
    for (let i = 0; i < N; i++) {
      const price = table.price[i] ?? 0;
      const sale = table.operation[i] === OPERATION_CODE.Venta;
      const [lo, hi] = sale ? SALE_RANGE : RENT_RANGE;
      if (sale) sales++;
      if (price < lo || price > hi) outOfRange++;
      const q = table.quarter[i] ?? 0;
      perQuarter[q] = (perQuarter[q] ?? 0) + 1;
    }
    expect(sales / N).toBeGreaterThan(0.68);
    expect(sales / N).toBeLessThan(0.72);
    expect(outOfRange).toBe(0);
    expect(perQuarter[15]).toBeGreaterThan((perQuarter[0] ?? 0) * 2);
  });

  it('is byte-identical per seed, differs across seeds, and row i does not depend on the count', () => {
    const a = encodeTable(generateTransactionsTable({ count: 2000, seed: SEED }));
    expect(encodeTable(generateTransactionsTable({ count: 2000, seed: SEED }))).toEqual(a);
    expect(encodeTable(generateTransactionsTable({ count: 2000, seed: SEED + 1 }))).not.toEqual(a);
    const head = decodeTable(a);
    expect(columns(head).map((c) => [...c])).toEqual(columns(table).map((c) => [...c.subarray(0, 2000)]));
  });

  it('stores a plausible built area per type: none for plots, ~6% unknown, m² on a home scale', () => {
    const area = table.area ?? new Float32Array(0);
    expect(area.length).toBe(N);
    let unknown = 0;
    const known: number[] = [];
    for (const a of area) {
      if (Number.isNaN(a)) unknown++;
      else known.push(a);
    }
    // Terreno rows (about 8% of the market) plus 6% of the rest.
    expect(unknown / N).toBeGreaterThan(0.08);
    expect(unknown / N).toBeLessThan(0.2);
    known.sort((a, b) => a - b);
    expect(known[0]).toBeGreaterThanOrEqual(15);
    expect(known[known.length - 1]).toBeLessThanOrEqual(4800);
    const median = known[known.length >> 1] ?? 0;
    expect(median).toBeGreaterThan(60);
    expect(median).toBeLessThan(200);
    // The record of a row reads the table's area (0 when unknown, as normalization does).
    for (const i of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
      const a = area[i] ?? Number.NaN;
      expect(transactionRecord(table, i, SEED)?.areaConstruccion).toBe(Number.isNaN(a) ? 0 : a);
    }
  });

  it('round-trips through the VEPT codec', () => {
    const decoded = decodeTable(encodeTable(table));
    expect(decoded.quarters).toEqual(table.quarters);
    expect(decoded.colors).toEqual(table.colors);
    const original = columns(table);
    // A plain loop: toEqual on 200k-element typed arrays takes seconds.
    const differing = columns(decoded).filter((column, k) => column.some((v, i) => v !== original[k]?.[i]));
    expect(differing).toEqual([]);
  });
});

describe('transactionRecord', () => {
  it('materializes any row as a full record that agrees with the columns, every time', () => {
    for (const index of [0, 1234, N - 1]) {
      const record = transactionRecord(table, index, SEED);
      expect(JSON.stringify(transactionRecord(table, index, SEED))).toBe(JSON.stringify(record));
      const { properties, rejected } = normalizeProperties([record]);
      expect(rejected).toEqual([]);
      const p = properties[0];
      expect(p?.id).toBe(`tx-${index}`);
      expect([p?.latitud, p?.longitud, p?.precio]).toEqual([
        table.lat[index],
        table.lng[index],
        table.price[index],
      ]);
      expect(p?.operacion).toBe(table.operation[index] === OPERATION_CODE.Venta ? 'Venta' : 'Alquiler');
      expect(p?.trimestre).toBe(table.quarters[table.quarter[index] ?? 0]);
      expect(p?.color).toBe(table.colors[table.color[index] ?? 0]);
      expect(p?.direccionDetallada.length).toBeGreaterThan(20);
    }
    expect(transactionRecord(table, -1, SEED)).toBeNull();
    expect(transactionRecord(table, N, SEED)).toBeNull();
    expect(transactionRecord(table, 1.5, SEED)).toBeNull();
  });

  it("replays the row's own draw: the code names the city the row was placed around", () => {
    const cities = [
      ['VE-CCS-', placeNamed('Caracas')],
      ['VE-MAR-', placeNamed('Maracaibo')],
    ] as const;
    const seen = new Map<string, number>();
    for (let index = 0; index < 400; index++) {
      const record = transactionRecord(table, index, SEED);
      for (const [prefix, city] of cities) {
        if (!record?.codigoInmueblePublico.startsWith(prefix)) continue;
        seen.set(prefix, (seen.get(prefix) ?? 0) + 1);
        expect(km({ lat: record.latitud, lng: record.longitud }, city)).toBeLessThan(40);
      }
    }
    expect(seen.get('VE-CCS-')).toBeGreaterThan(30);
    expect(seen.get('VE-MAR-')).toBeGreaterThan(15);
  });

  it('with another seed keeps the columns and describes the nearest gazetteer place', () => {
    const record = transactionRecord(table, 42, SEED + 1);
    expect([record?.latitud, record?.longitud, record?.precio]).toEqual([
      table.lat[42],
      table.lng[42],
      table.price[42],
    ]);
    expect(PLACES.some((p) => record?.direccionDetallada.endsWith(`, ${p.estado}`))).toBe(true);
  });
});
