import { describe, expect, it } from 'vitest';
import type { Property } from '../../src/core/types.ts';
import { stackLabel } from '../../src/widgets/property-cluster-map/use-stack.tsx';
import { transactionLabel } from '../../src/widgets/transactions-map/use-transaction-stack.ts';

describe('the lines of a stack list', () => {
  it('a listing: price label, type, urbanización, code — empty parts left out', () => {
    const p = {
      precio: 250_000,
      tipoInmueble: 'Apartamento',
      urbanizacion: 'El Rosal',
      codigoInmueblePublico: '',
    };
    expect(stackLabel(p as Property)).toBe('250K · Apartamento · El Rosal');
  });

  it('a transaction: operation, price, quarter, colour', () => {
    const row = {
      index: 3,
      lng: 0,
      lat: 0,
      price: 120_000,
      operation: 'Alquiler',
      quarter: '2024-T2',
      color: '',
      area: Number.NaN,
      precision: 0,
    } as const;
    expect(transactionLabel(row)).toBe('Alquiler · $120.000/mes · 2024-T2'); // a rent is per month
    // A row placed from its address says so, with the level reached.
    expect(transactionLabel({ ...row, precision: 2 })).toBe(
      'Alquiler · $120.000/mes · 2024-T2 · aproximada (municipio)',
    );
  });
});
