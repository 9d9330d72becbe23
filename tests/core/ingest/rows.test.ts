import { describe, expect, it } from 'vitest';
import { detectMapping } from '../../../src/core/ingest/columns.ts';
import { ingestRows, REJECTION } from '../../../src/core/ingest/rows.ts';

/** A registry export as it comes: ';'-separated, decimal commas, day-first dates, operations in capitals. */
const HEADER = [
  'id',
  'latitud',
  'longitud',
  'precio',
  'fecha',
  'operacion',
  'area',
  'urbanizacion',
  'municipio',
];
const split = (text: string) => text.split('\n').map((l) => l.split(';'));
const ROWS = split(
  [
    'a1;10,4961;-66,8535;$ 1.234.500,00;05/11/2024;VENTA;120,5;;',
    'a2;10.49;-66.85;USD 1,200.00;2024-02-10;alquiler;;;',
    'a3;-66.85;10.49;150000;2024-02-10;Venta;;;', // swapped
    'a4;;;90000;2024-02-10;venta;;Los Palos Grandes;Chacao',
    'a5;;;90000;2024-02-10;venta;;;',
    'a6;40.4;-3.7;90000;2024-02-10;venta;;;', // Madrid
    'a7;10.5;-66.9;mucho;2024-02-10;venta;;;',
    'a8;10.5;-66.9;90000;31/02/2024;venta;;;',
    'a9;10.5;-66.9;90000;2024-02-10;permuta;;;',
    'a1;10.5;-66.9;90000;2024-02-10;venta;;;', // duplicate id
    'a10;10.5;-66.9;;2024-02-10;venta;0;;',
  ].join('\n'),
);

describe('ingestRows', () => {
  const mapping = detectMapping(HEADER);

  it('places good rows as columns with their line numbers, reading Venezuelan numbers and dates', () => {
    const result = ingestRows(ROWS, mapping);
    expect(result.line).toEqual([2, 3, 12]);
    expect(result.lat).toEqual([10.4961, 10.49, 10.5]);
    expect(result.lng).toEqual([-66.8535, -66.85, -66.9]);
    expect(result.price).toEqual([1_234_500, 1_200, 0]); // an empty price is "not given"
    expect(result.quarter).toEqual(['2024-T4', '2024-T1', '2024-T1']);
    expect(result.operation).toEqual(['Venta', 'Alquiler', 'Venta']);
    expect(result.area[0]).toBe(120.5);
    expect(result.area.slice(1).every(Number.isNaN)).toBe(true); // empty and 0 are unknown
  });

  it('counts every other row by reason with its line; nothing is dropped without one', () => {
    const { rejected, toGeocode, swapped, line } = ingestRows(ROWS, mapping);
    expect(rejected.counts).toEqual({
      [REJECTION.outside]: 2, // a3 (swapped, not fixed unless asked) and a6
      [REJECTION.noCoordinates]: 1,
      [REJECTION.price]: 1,
      [REJECTION.date]: 1,
      [REJECTION.operation]: 1,
      [REJECTION.duplicate]: 1,
    });
    expect(rejected.examples[REJECTION.outside]?.map((e) => e.line)).toEqual([4, 7]);
    expect(rejected.rows.map((r) => r.line).sort((a, b) => a - b)).toEqual([4, 6, 7, 8, 9, 10, 11]);
    expect(toGeocode.map((g) => [g.line, g.address.urbanizacion, g.address.municipio])).toEqual([
      [5, 'Los Palos Grandes', 'Chacao'],
    ]);
    expect(swapped).toBe(1);
    const accounted = line.length + toGeocode.length + rejected.rows.length;
    expect(accounted).toBe(ROWS.length);
  });

  it('swaps only when the analyst asks, and only the rows that fit swapped', () => {
    const result = ingestRows(ROWS, mapping, { swapCoordinates: true });
    expect(result.line).toEqual([2, 3, 4, 12]);
    expect(result.lat[2]).toBe(10.49);
    expect(result.lng[2]).toBe(-66.85);
    expect(result.rejected.counts[REJECTION.outside]).toBe(1); // Madrid stays out
  });

  it('a file without an operation column takes the default; the first line can be set', () => {
    const result = ingestRows(
      [['10.5', '-66.9']],
      { lat: 0, lng: 1 },
      { defaultOperation: 'Alquiler', firstLine: 7 },
    );
    expect(result.operation).toEqual(['Alquiler']);
    expect(result.line).toEqual([7]);
    expect(result.quarter).toEqual(['']);
  });
});
