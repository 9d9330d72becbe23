import { describe, expect, it } from 'vitest';
import { NO_FILTER } from '../../../workers/contract.ts';
import { nextQuarter } from '../../../src/widgets/transactions-map/use-playback.ts';

const QUARTERS = ['2024-T1', '2024-T2', '2024-T3'];

describe('time-slider playback', () => {
  it.each([
    ['every quarter → the first', 'todos', ['2024-T1']],
    ['one quarter → the next', ['2024-T1'], ['2024-T2']],
    ['the last → around to the first', ['2024-T3'], ['2024-T1']],
    ['several → the first', ['2024-T1', '2024-T3'], ['2024-T1']],
  ] as const)('%s', (_, quarters, expected) => {
    const next = nextQuarter({ ...NO_FILTER, quarters, operations: ['Venta'] }, QUARTERS);
    expect(next.quarters).toEqual(expected);
    expect(next.operations).toEqual(['Venta']); // other filters stay
  });
});
