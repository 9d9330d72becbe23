import { describe, expect, it } from 'vitest';
import { detectMapping } from '../../../src/core/ingest/columns.ts';
import { LabelDictionary, PRECISION, shouldFitTo } from '../../../src/core/ingest/builder.ts';
import { addressKey, type Address } from '../../../src/core/ingest/geocode-batch.ts';
import { REJECTION } from '../../../src/core/ingest/report.ts';
import { ingestRows } from '../../../src/core/ingest/rows.ts';

const address = (urbanizacion: string, municipio: string): Address => ({
  urbanizacion,
  municipio,
  ciudad: '',
  estado: '',
});

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

const labelsOf = (table: { quarter: Uint16Array; quarters: readonly string[] }) =>
  [...table.quarter].map((q) => table.quarters[q]);

describe('Ingester', () => {
  const mapping = detectMapping(HEADER);

  it('places good rows as typed columns, reading Venezuelan numbers and dates', () => {
    const { table, report } = ingestRows(ROWS, mapping);
    expect(table.length).toBe(3);
    expect([...table.lat]).toEqual([10.4961, 10.49, 10.5]);
    expect([...table.lng]).toEqual([-66.8535, -66.85, -66.9]);
    expect([...table.price]).toEqual([1_234_500, 1_200, 0]); // an empty price is "not given"
    expect(report.unpriced).toBe(1); // …and said in the report
    expect(labelsOf(table)).toEqual(['2024-T4', '2024-T1', '2024-T1']);
    expect(table.quarters).toEqual(['2024-T1', '2024-T4']); // sorted, as the engine expects
    expect([...table.operation]).toEqual([0, 1, 0]);
    expect(table.area[0]).toBe(120.5);
    expect([...table.area.slice(1)].every(Number.isNaN)).toBe(true); // empty and 0 are unknown
    expect([...table.precision]).toEqual([0, 0, 0]);
    expect(report.placed).toBe(3);
    expect(report.rows).toBe(ROWS.length);
  });

  it('counts every other row by reason with its line; nothing is dropped without one', () => {
    const { report, addresses } = ingestRows(ROWS, mapping);
    expect(report.rejected.counts).toEqual({
      [REJECTION.outside]: 2, // a3 (swapped, not fixed unless asked) and a6
      [REJECTION.noCoordinates]: 1,
      [REJECTION.price]: 1,
      [REJECTION.date]: 1,
      [REJECTION.operation]: 1,
      [REJECTION.duplicate]: 1,
      [REJECTION.address]: 1, // a4: nobody placed its address
    });
    expect(report.rejected.examples[REJECTION.outside]?.map((e) => e.line)).toEqual([4, 7]);
    expect(report.rejected.rows.map((r) => r.line)).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
    expect(report.rejected.rows[0]?.cells[0]).toBe('a3');
    expect(addresses.map((a) => [a.urbanizacion, a.municipio])).toEqual([['Los Palos Grandes', 'Chacao']]);
    expect(report.swapped).toBe(1);
    expect(report.placed + report.rejected.rows.length).toBe(ROWS.length);
  });

  it('swaps only when the analyst asks, and only the rows that fit swapped', () => {
    const { table, report } = ingestRows(ROWS, mapping, { swapCoordinates: true });
    expect(table.length).toBe(4);
    expect(table.lat[3]).toBe(10.49);
    expect(table.lng[3]).toBe(-66.85);
    expect(report.swapApplied).toBe(true);
    expect(report.rejected.counts[REJECTION.outside]).toBe(1); // Madrid stays out
  });

  it('places address rows where the geocoder put them, with the level reached', () => {
    const placements = new Map([
      [
        addressKey(address('Los Palos Grandes', 'Chacao')),
        { lat: 10.497, lng: -66.844, level: 'municipio' as const },
      ],
    ]);
    const { table, report } = ingestRows(ROWS, mapping, { placements });
    expect(table.length).toBe(4);
    expect(table.precision[3]).toBe(PRECISION.municipio);
    expect(report.geocoded.municipio).toBe(1);
    expect(report.rejected.counts[REJECTION.address]).toBeUndefined();
  });

  it('keeps a row that names only its city for the geocoder, and places it at the ciudad level', () => {
    // A registry export with ciudad and estado columns and no coordinates in these rows.
    const header = ['id', 'latitud', 'longitud', 'precio', 'fecha', 'operacion', 'ciudad', 'estado'];
    const rows = split(
      [
        'c1;;;90000;2024-02-10;venta;Maracaibo;', // the city only
        'c2;;;80000;2024-05-10;alquiler;Valencia;Carabobo', // city and estado
        'c3;;;70000;2024-05-10;venta;;Zulia', // the estado only: not an address the ingester takes
      ].join('\n'),
    );
    const cityMapping = detectMapping(header);
    expect(cityMapping.ciudad).toBe(6);
    expect(cityMapping.estado).toBe(7);
    const maracaibo: Address = { urbanizacion: '', municipio: '', ciudad: 'Maracaibo', estado: '' };
    const valencia: Address = { urbanizacion: '', municipio: '', ciudad: 'Valencia', estado: 'Carabobo' };

    // Read: both city rows wait for the geocoder (their addresses are asked for), the estado row is rejected.
    const unplaced = ingestRows(rows, cityMapping);
    expect(unplaced.addresses).toEqual([maracaibo, valencia]);
    expect(unplaced.table.length).toBe(0);
    expect(unplaced.report.rejected.counts).toEqual({
      [REJECTION.address]: 2, // kept for the geocoder, which placed neither here
      [REJECTION.noCoordinates]: 1, // c3
    });
    expect(unplaced.report.rejected.rows.map((r) => [r.line, r.reason])).toEqual([
      [2, REJECTION.address],
      [3, REJECTION.address],
      [4, REJECTION.noCoordinates],
    ]);

    // Placed where the geocoder put the city: the rows are in the table with the ciudad precision.
    const placements = new Map([
      [addressKey(maracaibo), { lat: 10.65, lng: -71.64, level: 'ciudad' as const }],
      [addressKey(valencia), { lat: 10.16, lng: -68.0, level: 'ciudad' as const }],
    ]);
    const { table, report } = ingestRows(rows, cityMapping, { placements });
    expect(table.length).toBe(2);
    expect([...table.lat]).toEqual([10.65, 10.16]);
    expect([...table.lng]).toEqual([-71.64, -68.0]);
    expect([...table.price]).toEqual([90_000, 80_000]);
    expect([...table.operation]).toEqual([0, 1]);
    expect(labelsOf(table)).toEqual(['2024-T1', '2024-T2']);
    expect([...table.precision]).toEqual([PRECISION.ciudad, PRECISION.ciudad]);
    expect(PRECISION.ciudad).toBe(3);
    expect(report.geocoded).toEqual({ urbanizacion: 0, municipio: 0, ciudad: 2, estado: 0 });
    expect(report.placed).toBe(2);
    expect(report.rejected.counts).toEqual({ [REJECTION.noCoordinates]: 1 });
  });

  it('a file without an operation column takes the default; the first line can be set', () => {
    const { table, report } = ingestRows(
      [
        ['10.5', '-66.9'],
        ['x', 'y'],
      ],
      { lat: 0, lng: 1 },
      {
        defaultOperation: 'Alquiler',
        firstLine: 7,
      },
    );
    expect([...table.operation]).toEqual([1]);
    expect(table.quarters).toEqual(['']);
    expect(report.unpriced).toBe(1); // no price column: every placed row is unpriced
    expect(report.rejected.rows[0]?.line).toBe(8);
  });

  it('reads typed cells as Parquet and Arrow hand them: numbers, dates, GeoJSON points', () => {
    const rows = [
      [{ type: 'Point', coordinates: [-66.9, 10.5] }, 250_000, new Date(Date.UTC(2024, 10, 5)), 'VENTA', 7n],
      [null, 90_000.5, 1_700_000_000_000, 'renta', 8n],
      [{ type: 'Point', coordinates: [-66.8, 10.4] }, 'mucho', null, 'venta', 9n],
    ];
    const { table, report } = ingestRows(rows, { point: 0, price: 1, date: 2, operation: 3, id: 4 });
    expect(table.length).toBe(1);
    expect(table.quarters).toEqual(['2024-T4']);
    expect(report.rejected.counts).toEqual({ [REJECTION.noCoordinates]: 1, [REJECTION.price]: 1 });
    expect(report.rejected.rows[0]?.cells).toEqual(['', '90000.5', '1700000000000', 'renta', '8']);
  });

  it('keeps labels within the table caps: long colours read as none', () => {
    const rows = [
      ['10.5', '-66.9', 'x'.repeat(65)],
      ['10.5', '-66.9', 'rojo'],
    ];
    const { table } = ingestRows(rows, { lat: 0, lng: 1, color: 2 });
    expect(table.colors).toEqual(['', 'rojo']);
    expect([...table.color]).toEqual([0, 1]);
  });
});

describe('LabelDictionary', () => {
  it('gives labels past the cap the empty label', () => {
    const d = new LabelDictionary(3);
    expect([d.code('b'), d.code('a'), d.code('c'), d.code('d'), d.code('a')]).toEqual([0, 1, 2, 2, 1]);
    expect(d.labels).toEqual(['b', 'a', '']);
    expect(d.sorted()).toEqual({ labels: ['', 'a', 'b'], remap: new Uint16Array([2, 1, 0]) });
  });
});

describe('shouldFitTo', () => {
  const country: [number, number, number, number] = [-73.5, 0.6, -59.7, 12.3];
  it('moves to rows outside the view or far smaller than it, not to rows that fill it', () => {
    expect(shouldFitTo(country, [-67.1, 10.3, -66.7, 10.6])).toBe(true); // Caracas
    expect(shouldFitTo(country, [-73, 1, -60, 12])).toBe(false); // the whole country
    expect(shouldFitTo([-67.2, 10.2, -66.6, 10.7], [-71.7, 10.3, -66.7, 10.7])).toBe(true); // Maracaibo is out
    expect(shouldFitTo(country, [-72, 5, -62, 7])).toBe(false); // a wide band
  });
});
