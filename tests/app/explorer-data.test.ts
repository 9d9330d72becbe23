import { describe, expect, it } from 'vitest';
import { FIRST_RANGE_ROWS, RANGE_ROWS, transactionSource } from '../../src/app/pages/explorer-data.ts';

const rangeOf = (url: string) => {
  const q = new URL(url, 'http://x').searchParams;
  return [Number(q.get('from')), Number(q.get('to'))];
};

describe('the explorer’s transactions as row ranges', () => {
  it('a small set is one request of every row', () => {
    expect(transactionSource(20_000, 1)).toEqual({
      urls: ['/api/data/transactions.bin?count=20000&seed=1'],
      rows: 20_000,
    });
  });

  it('a large set: a first small range, then ranges of a million, covering every row once and in order', () => {
    for (const count of [FIRST_RANGE_ROWS + 1, 1_000_000, 5_000_000, 10_000_000, 2_345_678]) {
      const { urls, rows } = transactionSource(count, 7);
      expect(rows).toBe(count);
      const ranges = urls.map(rangeOf);
      expect(ranges[0]).toEqual([0, FIRST_RANGE_ROWS]);
      for (let k = 1; k < ranges.length; k++) {
        expect(ranges[k]?.[0]).toBe(ranges[k - 1]?.[1]);
        expect((ranges[k]?.[1] ?? 0) - (ranges[k]?.[0] ?? 0)).toBeLessThanOrEqual(RANGE_ROWS);
      }
      expect(ranges.at(-1)?.[1]).toBe(count);
      for (const url of urls) expect(url).toContain(`count=${String(count)}&seed=7`);
    }
  });
});
