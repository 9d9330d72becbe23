import { describe, expect, it } from 'vitest';
import { NO_FILTER } from '../../../workers/contract.ts';
import { hexagonOperation } from '../../../src/widgets/transactions-map/hexagon-operation.ts';

describe('the operation the price hexagons show (one median never mixes sales and rents)', () => {
  it('is the filter’s operation, and sales when the filter keeps both', () => {
    expect(hexagonOperation(NO_FILTER)).toBe('Venta');
    expect(hexagonOperation({ ...NO_FILTER, operations: ['Venta'] })).toBe('Venta');
    expect(hexagonOperation({ ...NO_FILTER, operations: ['Alquiler'] })).toBe('Alquiler');
    expect(hexagonOperation({ ...NO_FILTER, operations: [] })).toBe('Venta');
  });
});
