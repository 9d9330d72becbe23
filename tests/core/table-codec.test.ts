import { describe, expect, it } from 'vitest';
import { buildPropertyTable, emptyTable, TABLE_LIMITS } from '../../src/core/table.ts';
import { decodeTable, encodeTable } from '../../src/core/table-codec.ts';
import { normalizeProperties } from '../../src/core/normalize.ts';
import type { PropertyTable } from '../../src/core/types.ts';

const sample = buildPropertyTable(
  normalizeProperties([
    {
      id: 1,
      latitud: 10.5,
      longitud: -66.9,
      operacion: 'Venta',
      precio: 123456.5,
      trimestre: '2024-T1',
      color: 'verde',
    },
    {
      id: 2,
      latitud: 8.1,
      longitud: -63.5,
      operacion: 'Alquiler',
      precio: 450,
      trimestre: '2021-T3',
      color: 'rojo',
    },
    {
      id: 3,
      latitud: 10.6,
      longitud: -71.6,
      operacion: 'Venta',
      precio: 9e6,
      trimestre: '2024-T1',
      color: 'azul ñ',
    },
  ]).properties,
);

const plain = (t: PropertyTable) => ({
  length: t.length,
  columns: [t.lng, t.lat, t.price, t.operation, t.quarter, t.color].map((c) => [...c]),
  quarters: t.quarters,
  colors: t.colors,
});

describe('VEPT codec', () => {
  it('writes a table with built areas as version 2 and reads the areas back (NaN stays unknown)', () => {
    const withArea = { ...sample, area: Float32Array.of(85.5, Number.NaN, 1200) };
    const bytes = encodeTable(withArea);
    expect(new DataView(bytes.buffer).getUint32(4, true)).toBe(2);
    const back = decodeTable(bytes);
    expect(plain(back)).toEqual(plain(sample));
    expect([...(back.area ?? [])]).toEqual([85.5, Number.NaN, 1200]);
    // Truncating the area column is caught like any other column.
    expect(() => decodeTable(bytes.subarray(0, bytes.byteLength - 8))).toThrow('VEPT: datos truncados');
  });

  it('writes a table that says how its rows were placed as version 3, and reads the codes back', () => {
    const placed = {
      ...sample,
      area: Float32Array.of(60, Number.NaN, 90),
      precision: Uint8Array.of(0, 2, 4),
    };
    const bytes = encodeTable(placed);
    expect(new DataView(bytes.buffer).getUint32(4, true)).toBe(3);
    const back = decodeTable(bytes);
    expect(plain(back)).toEqual(plain(sample));
    expect([...(back.precision ?? [])]).toEqual([0, 2, 4]);
    expect([...(back.area ?? [])]).toEqual([60, Number.NaN, 90]);
    // Without areas, version 3 still carries the column, every area unknown.
    const noArea = decodeTable(encodeTable({ ...sample, precision: Uint8Array.of(1, 0, 3) }));
    expect([...(noArea.precision ?? [])]).toEqual([1, 0, 3]);
    expect([...(noArea.area ?? [])]).toEqual([Number.NaN, Number.NaN, Number.NaN]);
    // The precision column is the last: cutting it is caught; a code past 4 is refused.
    expect(() => decodeTable(bytes.subarray(0, bytes.byteLength - 8))).toThrow('VEPT: datos truncados');
    const bad = encodeTable(placed);
    bad[bad.byteLength - 8] = 9;
    expect(() => decodeTable(bad)).toThrow('la columna precision tiene códigos fuera de 0–4');
  });

  it('keeps reading version-1 files (no area column): the table then has no area', () => {
    const bytes = encodeTable(sample);
    expect(new DataView(bytes.buffer).getUint32(4, true)).toBe(1);
    const back = decodeTable(bytes);
    expect(back.area).toBeUndefined();
    expect(plain(back)).toEqual(plain(sample));
  });

  it('round-trips every column and the dictionaries (UTF-8 included)', () => {
    expect(plain(decodeTable(encodeTable(sample)))).toEqual(plain(sample));
  });

  it('round-trips an empty table', () => {
    expect(plain(decodeTable(encodeTable(emptyTable())))).toEqual(plain(emptyTable()));
  });

  it('decodes from an ArrayBuffer and from an unaligned Uint8Array slice', () => {
    const bytes = encodeTable(sample);
    expect(plain(decodeTable(bytes.slice().buffer))).toEqual(plain(sample));
    const shifted = new Uint8Array(bytes.byteLength + 1);
    shifted.set(bytes, 1);
    expect(plain(decodeTable(shifted.subarray(1)))).toEqual(plain(sample));
  });

  it('refuses corrupt input with clear errors and never reads out of bounds', () => {
    const bytes = encodeTable(sample);
    expect(() => decodeTable(bytes.subarray(0, 8))).toThrow('VEPT: datos truncados (sin cabecera)');
    expect(() => decodeTable(bytes.subarray(0, bytes.byteLength - 1))).toThrow('VEPT: datos truncados');
    const wrongMagic = bytes.slice();
    wrongMagic[0] = 0;
    expect(() => decodeTable(wrongMagic)).toThrow('VEPT: no es una tabla VEPT');
    const wrongVersion = bytes.slice();
    new DataView(wrongVersion.buffer).setUint32(4, 9, true);
    expect(() => decodeTable(wrongVersion)).toThrow('VEPT: versión 9 no soportada');
    const huge = bytes.slice();
    new DataView(huge.buffer).setUint32(8, 0xffffffff, true);
    expect(() => decodeTable(huge)).toThrow('VEPT: demasiadas filas');
    const pastDictionary = encodeTable({ ...sample, quarter: Uint16Array.of(0, 7, 0) });
    expect(() => decodeTable(pastDictionary)).toThrow('VEPT: trimestre fuera de diccionario en la fila 1');
    const badDict = bytes.slice();
    badDict[16] = 0x7b + 1;
    expect(() => decodeTable(badDict)).toThrow(/VEPT: diccionarios/);
  });

  it('decodes aligned input as views into it, without copying the columns', () => {
    const bytes = encodeTable(sample);
    const table = decodeTable(bytes);
    for (const column of [table.lng, table.lat, table.price, table.operation, table.quarter, table.color])
      expect(column.buffer).toBe(bytes.buffer);
  });

  it('decodes shared memory as views too (a worker pool reads the columns), dictionaries included', () => {
    const encoded = encodeTable(sample);
    const bytes = new Uint8Array(new SharedArrayBuffer(encoded.byteLength));
    bytes.set(encoded);
    const table = decodeTable(bytes);
    for (const column of [table.lng, table.lat, table.price, table.operation, table.quarter, table.color])
      expect(column.buffer).toBe(bytes.buffer);
    expect(table.quarters).toEqual(sample.quarters);
    expect([...table.lng]).toEqual([...sample.lng]);
  });

  it('refuses trailing bytes after the last column', () => {
    const bytes = encodeTable(sample);
    const longer = new Uint8Array(bytes.byteLength + 8);
    longer.set(bytes);
    expect(() => decodeTable(longer)).toThrow('VEPT: 8 bytes sobrantes tras la última columna');
  });

  it('answers every truncation and single-byte header damage with a VEPT error, never a RangeError', () => {
    const bytes = encodeTable(sample);
    for (let n = 0; n < bytes.byteLength; n++)
      expect(() => decodeTable(bytes.slice(0, n))).toThrow(/^VEPT: /);
    for (let at = 0; at < 16; at++) {
      for (const value of [0x00, 0x01, 0x7f, 0xff]) {
        const damaged = bytes.slice();
        if (damaged[at] === value) continue;
        damaged[at] = value;
        expect(() => decodeTable(damaged), `byte ${at} = ${value}`).toThrow(/^VEPT: /);
      }
    }
  });
});

describe('VEPT dictionary limits (issue 21 §3)', () => {
  const labels = (n: number, prefix = 'q') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
  /** The sample's rows with other dictionaries (its indices stay below 3, so any dictionary ≥ 3 is valid). */
  const withLabels = (quarters: string[], colors: string[]): PropertyTable => ({
    ...sample,
    quarters,
    colors,
  });

  it('decodes dictionaries at the limits: 256 quarters, 64 colours, labels of 64 characters', () => {
    const quarters = [...labels(255), 'ñ'.repeat(TABLE_LIMITS.labelLength)];
    const colors = [...labels(63, 'c'), '€'.repeat(TABLE_LIMITS.labelLength)];
    const table = withLabels(quarters, colors);
    expect(plain(decodeTable(encodeTable(table)))).toEqual(plain(table));
  });

  it('refuses more quarters or colours than the limits, in Spanish', () => {
    expect(() => decodeTable(encodeTable(withLabels(labels(257), labels(3, 'c'))))).toThrow(
      'VEPT: tiene 257 trimestres distintos (máximo 256)',
    );
    expect(() => decodeTable(encodeTable(withLabels(labels(3), labels(65, 'c'))))).toThrow(
      'VEPT: tiene 65 colores distintos (máximo 64)',
    );
  });

  it('refuses a label longer than 64 characters, in Spanish', () => {
    expect(() => decodeTable(encodeTable(withLabels(['a'.repeat(65), 'b', 'c'], labels(3))))).toThrow(
      'VEPT: una etiqueta de trimestre tiene 65 caracteres (máximo 64)',
    );
    expect(() => decodeTable(encodeTable(withLabels(labels(3), ['x', 'y', 'z'.repeat(100_000)])))).toThrow(
      'VEPT: una etiqueta de color tiene 100000 caracteres (máximo 64)',
    );
  });

  it('refuses 65,535 labels quickly, before parsing an oversized dictionary', () => {
    const bytes = encodeTable(withLabels(labels(65_535), labels(65_535, 'c')));
    const started = performance.now();
    expect(() => decodeTable(bytes)).toThrow(
      /^VEPT: diccionarios demasiado grandes \(\d+ bytes, máximo \d+\)$/,
    );
    expect(performance.now() - started).toBeLessThan(1000); // loose: the point is that nothing is parsed
  });
});
