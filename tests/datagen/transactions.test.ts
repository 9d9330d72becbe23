import { describe, expect, it } from 'vitest';
import { validateTable } from '../../src/core/table.ts';
import {
  generateAgencies,
  generateFranchise,
  generateTransactionsTable,
  isOnLand,
  QUARTERS,
  transactionRecord,
} from '../../src/datagen/index.ts';
import { normalizeProperties } from '../../src/core/normalize.ts';

describe('generateTransactionsTable', () => {
  const table = generateTransactionsTable({ count: 200_000, seed: 9 });

  it('builds a valid columnar table of the requested size with the generator dictionaries', () => {
    expect(table.length).toBe(200_000);
    expect(validateTable(table)).toBeNull();
    expect(table.quarters).toEqual(QUARTERS);
    expect(table.colors).toEqual(['amarillo', 'azul', 'naranja', 'rojo', 'verde']);
  });

  it('puts every point on land, weights later quarters more and sells ~70%', () => {
    let sea = 0;
    let sales = 0;
    const perQuarter = new Array<number>(16).fill(0);
    for (let i = 0; i < table.length; i++) {
      if (!isOnLand(table.lat[i] ?? 0, table.lng[i] ?? 0)) sea++;
      if (table.operation[i] === 0) sales++;
      const q = table.quarter[i] ?? 0;
      perQuarter[q] = (perQuarter[q] ?? 0) + 1;
    }
    expect(sea).toBe(0);
    expect(sales / table.length).toBeCloseTo(0.7, 1);
    expect(perQuarter[15]).toBeGreaterThan((perQuarter[0] ?? 0) * 2);
  });

  it('is deterministic', () => {
    const a = generateTransactionsTable({ count: 1000, seed: 2 });
    const b = generateTransactionsTable({ count: 1000, seed: 2 });
    expect([...a.lat]).toEqual([...b.lat]);
    expect([...a.price]).toEqual([...b.price]);
  });

  it('materializes any row as a full record that agrees with the columns', () => {
    const record = transactionRecord(table, 1234, 9);
    expect(record).not.toBeNull();
    const { properties } = normalizeProperties([record]);
    const p = properties[0];
    expect(p?.latitud).toBe(table.lat[1234]);
    expect(p?.precio).toBe(table.price[1234]);
    expect(p?.trimestre).toBe(table.quarters[table.quarter[1234] ?? 0]);
    expect(p?.operacion).toBe(table.operation[1234] === 0 ? 'Venta' : 'Alquiler');
    expect(JSON.stringify(transactionRecord(table, 1234, 9))).toBe(JSON.stringify(record));
    expect(transactionRecord(table, -1, 9)).toBeNull();
    expect(transactionRecord(table, 200_000, 9)).toBeNull();
  });
});

describe('generateAgencies and generateFranchise', () => {
  const agencies = generateAgencies({ count: 6, seed: 3, propertiesPerAgency: 40 });

  it('gives each agency three coverage circles, a position as numeric strings and nearby listings', () => {
    expect(agencies).toHaveLength(6);
    for (const a of agencies) {
      expect(a.circulos).toHaveLength(3);
      expect(a.circulos.every((c) => c.radio > 0 && c.color.startsWith('rgba('))).toBe(true);
      expect(a.latitud).toMatch(/^-?\d+\.\d+$/);
      expect(isOnLand(Number(a.latitud), Number(a.longitud))).toBe(true);
      expect(a.telefonoMovil).toMatch(/^04(12|14|16|24|26)-\d{7}$/);
      expect(a.telfonoFIjo).toMatch(/^02\d{2}-\d{7}$/);
      expect(a.inmuebles.length).toBeGreaterThan(30);
      const { rejected } = normalizeProperties(a.inmuebles);
      expect(rejected).toEqual([]);
      const widest = Math.max(...a.circulos.map((c) => c.radio));
      const far = a.inmuebles.filter(
        (p) =>
          Math.hypot(p.latitud - Number(a.latitud), p.longitud - Number(a.longitud)) * 111_000 > widest * 3,
      );
      expect(far.length).toBeLessThan(a.inmuebles.length * 0.05);
    }
  });

  it('makes a franchise record with only the franchise flag set', () => {
    const record = generateFranchise({ count: 3, seed: 1, propertiesPerAgency: 2 });
    expect([record.isFranquicia, record.isInmobiliaria, record.isInmuebles, record.isAgente]).toEqual([
      1, 0, 0, 0,
    ]);
    expect(record.inmobiliarias).toHaveLength(3);
  });
});
