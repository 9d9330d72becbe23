import { describe, expect, it } from 'vitest';
import { normalizeProperties } from '../../src/core/normalize.ts';
import { buildPropertyTable, emptyTable, tableTransferables } from '../../src/core/table.ts';
import { validateTable } from '../../src/core/table-check.ts';
import type { Property } from '../../src/core/types.ts';

const rows = [
  {
    id: 'a',
    latitud: 10.5,
    longitud: -66.9,
    operacion: 'Venta',
    precio: 100,
    trimestre: '2024-T2',
    color: 'verde',
  },
  {
    id: 'b',
    latitud: 10.6,
    longitud: -71.6,
    operacion: 'Alquiler',
    precio: 900,
    trimestre: '2023-T4',
    color: 'rojo',
  },
  {
    id: 'c',
    latitud: 8.1,
    longitud: -63.5,
    operacion: 'venta',
    precio: '2.000',
    trimestre: '2024-T2',
    color: 'verde',
  },
];

describe('buildPropertyTable', () => {
  const { properties } = normalizeProperties(rows);
  const table = buildPropertyTable(properties);

  it('keeps row order and writes every column', () => {
    expect(table.length).toBe(3);
    expect([...table.lat]).toEqual([10.5, 10.6, 8.1]);
    expect([...table.lng]).toEqual([-66.9, -71.6, -63.5]);
    expect([...table.price]).toEqual([100, 900, 2000]); // '2.000' read the Venezuelan way (DESIGN.md)
    expect([...table.operation]).toEqual([0, 1, 0]);
  });

  it('indexes sorted dictionaries so quarter indices order like the labels', () => {
    expect(table.quarters).toEqual(['2023-T4', '2024-T2']);
    expect(table.colors).toEqual(['rojo', 'verde']);
    expect([...table.quarter].map((q) => table.quarters[q])).toEqual(['2024-T2', '2023-T4', '2024-T2']);
    expect([...table.color].map((c) => table.colors[c])).toEqual(['verde', 'rojo', 'verde']);
  });

  it('lists each distinct buffer once for transfer', () => {
    const buffers = tableTransferables(table);
    expect(buffers).toHaveLength(6);
    expect(new Set(buffers).size).toBe(6);
  });

  it('validates shapes and dictionary ranges', () => {
    expect(validateTable(table)).toBeNull();
    expect(validateTable(emptyTable())).toBeNull();
    expect(validateTable({ ...table, lat: new Float64Array(2) })).toBe(
      'la columna lat tiene 2 filas y se esperaban 3',
    );
    expect(validateTable({ ...table, quarter: Uint16Array.of(0, 5, 0) })).toBe(
      'trimestre fuera de diccionario en la fila 1',
    );
    expect(validateTable({ ...table, operation: Uint8Array.of(0, 2, 0) })).toBe(
      'operación desconocida en la fila 1',
    );
  });
});

describe('listings with labels past the table caps', () => {
  const listing = (id: string, trimestre: string, color: string) =>
    ({ id, latitud: 10, longitud: -66, operacion: 'Venta', precio: 1, trimestre, color }) as Property;

  it('a label longer than 64 characters reads as none; the row stays and the table passes the check', () => {
    const table = buildPropertyTable([
      listing('a', '2024-T1', 'rojo'),
      listing('b', 'x'.repeat(200_000), 'rojo'),
    ]);
    expect(table.quarters).toEqual(['', '2024-T1']);
    expect([...table.quarter]).toEqual([1, 0]);
    expect(validateTable(table)).toBeNull();
  });

  it('past 64 colours the rest read as none (the first 63 in order are kept)', () => {
    const rows = Array.from({ length: 100 }, (_, i) =>
      listing(String(i), '2024-T1', `c${String(i).padStart(3, '0')}`),
    );
    const table = buildPropertyTable(rows);
    expect(table.colors).toHaveLength(64);
    expect(table.colors[0]).toBe('');
    expect(table.colors[1]).toBe('c000');
    expect(table.color[99]).toBe(0);
    expect(validateTable(table)).toBeNull();
  });
});
