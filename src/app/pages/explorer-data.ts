import type { RemoteTable } from '../../../workers/contract.ts';

/** Rows of the first range: small enough to arrive and be drawn at once, as the provisional map. */
export const FIRST_RANGE_ROWS = 100_000;
/** Rows of each later range: 31 MB, under the service's 48 MB per-answer cache and its 5M rows per answer. */
export const RANGE_ROWS = 1_000_000;

/**
 * The embedded service's `count` transactions of `seed` as row ranges the map's worker downloads in order:
 * a first small range (its provisional map is drawn while the rest arrives), then ranges of a million rows.
 * Sets of up to a million rows beyond the first range are one more range; the service sends any range of the
 * same set byte for byte as the whole set's rows.
 */
export function transactionSource(count: number, seed: number): RemoteTable {
  const base = `/api/data/transactions.bin?count=${String(count)}&seed=${String(seed)}`;
  if (count <= FIRST_RANGE_ROWS) return { urls: [base], rows: count };
  const urls = [`${base}&from=0&to=${String(FIRST_RANGE_ROWS)}`];
  for (let from = FIRST_RANGE_ROWS; from < count; from += RANGE_ROWS)
    urls.push(`${base}&from=${String(from)}&to=${String(Math.min(count, from + RANGE_ROWS))}`);
  return { urls, rows: count };
}
