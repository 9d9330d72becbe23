import { describe, expect, it } from 'vitest';
import { slotTitle } from '../../../src/widgets/transactions-map/FiguresTable.tsx';

describe('a figures slot’s heading', () => {
  it('counts transactions in Spanish, one in the singular', () => {
    expect(slotTitle('Venta', 1)).toBe('Venta: 1 transacción');
    expect(slotTitle('Alquiler', 0)).toBe('Alquiler: 0 transacciones');
    expect(slotTitle('Venta', 2)).toBe('Venta: 2 transacciones');
    expect(slotTitle('Venta', 12345)).toBe('Venta: 12.345 transacciones');
  });
});
