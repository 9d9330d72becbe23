/**
 * Stacked variants of the synthetic table (synthetic.ts) for the stacked-points benchmark and tests: real
 * data piles rows onto one coordinate when they are geocoded to an urbanización, a municipio seat or a city
 * centre. Facets are left as generated, so every stack mixes quarters, colours and operations.
 */
import type { PropertyTable } from '../../src/core/types.ts';
import { rng, syntheticTable } from './synthetic.ts';

export type StackMix = 'plain' | '30% on 40 spots' | '30% within 10 m of 40 spots' | '100% on one spot';
/** The last but one: jittered geocodes, distinct points packed far below a cluster radius. */
export const STACK_MIXES: readonly StackMix[] = [
  'plain',
  '30% on 40 spots',
  '30% within 10 m of 40 spots',
  '100% on one spot',
];

/** Central Caracas, the centre of the benchmark's street views: where the one-spot table piles every row. */
const ONE_SPOT = [-66.88, 10.49] as const;

/** `spots` positions: ONE_SPOT, then the plain table's own distribution (its first rows). */
function spotsOf(table: PropertyTable, spots: number): [number, number][] {
  return Array.from({ length: Math.min(spots, table.length) }, (_, i) =>
    i === 0 ? [ONE_SPOT[0], ONE_SPOT[1]] : [table.lng[i] ?? ONE_SPOT[0], table.lat[i] ?? ONE_SPOT[1]],
  );
}

/** The synthetic table of `n` rows with the stacking `mix` applied (deterministic for a seed). */
export function stackedTable(n: number, mix: StackMix, seed = 7): PropertyTable {
  const table = syntheticTable(n, seed);
  if (mix === 'plain') return table;
  if (mix === '100% on one spot') {
    table.lng.fill(ONE_SPOT[0]);
    table.lat.fill(ONE_SPOT[1]);
    return table;
  }
  const spots = spotsOf(table, 40);
  const random = rng(seed + 1);
  for (let i = 0; i < n; i++) {
    if (random() >= 0.3) continue;
    const [lng, lat] = spots[Math.floor(random() * spots.length)] ?? ONE_SPOT;
    // ±5 m (about 4.5e-5°) around the spot, rounded to 1e-6° like the backend's positions.
    const jitter = mix === '30% on 40 spots' ? 0 : 4.5e-5;
    table.lng[i] = Math.round((lng + (random() * 2 - 1) * jitter) * 1e6) / 1e6;
    table.lat[i] = Math.round((lat + (random() * 2 - 1) * jitter) * 1e6) / 1e6;
  }
  return table;
}
