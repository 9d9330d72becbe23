/**
 * Stacked-point fixtures and a query context over either build path (stacks collapsed, or the plain path
 * that keeps every point apart), so tests can compare the two answer for answer.
 */
import fc from 'fast-check';
import type { BBox, PropertyTable } from '../../src/core/types.ts';
import type { EngineFilter, EngineOptions } from '../../workers/contract.ts';
import { viewBoxes } from '../../workers/engine/bbox.ts';
import {
  applyFilter,
  facetKeys,
  keyTest,
  type FacetKeys,
  type KeyTest,
} from '../../workers/engine/filter.ts';
import { buildHierarchy } from '../../workers/engine/hierarchy.ts';
import type { QueryContext } from '../../workers/engine/queries.ts';
import { validRows } from '../../src/core/table-check.ts';
import { COLORS, QUARTERS, type Facet } from './helpers.ts';

/** One fixed-point unit of longitude (2^-30 of 360°): offsets below it usually share the unit. */
export const GRID_DEGREES = 360 / 2 ** 30;

export const filterArb: fc.Arbitrary<EngineFilter> = fc.record({
  quarters: fc.oneof(fc.constant('todos' as const), fc.subarray(QUARTERS)),
  colors: fc.oneof(fc.constant('todos' as const), fc.subarray(COLORS)),
  operations: fc.oneof(fc.constant('todos' as const), fc.subarray(['Venta', 'Alquiler'] as const)),
});

const facetArb: fc.Arbitrary<Facet> = fc.record({
  quarter: fc.integer({ min: 0, max: 3 }),
  color: fc.integer({ min: 0, max: 2 }),
  operation: fc.integer({ min: 0, max: 1 }),
});

/**
 * Data the way geocoded rows stack: spots holding many rows at one position (spread 0), near-identical rows
 * (a fraction of a fixed-point unit apart), tight groups and loose ones, some spots close enough to merge
 * with each other; rows are shuffled so a stack's rows are not consecutive in the table.
 */
export const stackedData = fc
  .array(
    fc.record({
      lng: fc.double({ min: -73, max: -60, noNaN: true }),
      lat: fc.double({ min: 1, max: 12, noNaN: true }),
      spread: fc.constantFrom(0, 0, 0, GRID_DEGREES / 4, GRID_DEGREES * 3, 1e-4, 0.02),
      size: fc.integer({ min: 1, max: 60 }),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .chain((spots) =>
    fc
      .tuple(
        ...spots.map((s) =>
          fc
            .array(
              fc.tuple(
                fc.double({ min: -1, max: 1, noNaN: true }),
                fc.double({ min: -1, max: 1, noNaN: true }),
                facetArb,
              ),
              {
                minLength: s.size,
                maxLength: s.size,
              },
            )
            .map((rows) =>
              rows.map(([dx, dy, facet]) => ({
                lng: s.lng + dx * s.spread,
                lat: s.lat + dy * s.spread,
                facet,
              })),
            ),
        ),
      )
      .chain((groups) => fc.shuffledSubarray(groups.flat(), { minLength: groups.flat().length })),
  )
  .map((rows) => ({ points: rows.map((r) => [r.lng, r.lat]), facets: rows.map((r) => r.facet) }));

export interface Built {
  ctx: QueryContext;
  keys: FacetKeys;
  test: KeyTest;
}

/** Builds the hierarchy of `table` on one path and applies `filter` (what ClusterEngine.load does). */
export function build(
  table: PropertyTable,
  options: Omit<EngineOptions, 'maxItems'>,
  stacking: boolean,
  filter: EngineFilter,
): Built {
  const h = buildHierarchy(table.lng, table.lat, validRows(table), options, stacking);
  const keys = facetKeys(table, h.order);
  const test = keyTest(filter, keys, table.quarters, table.colors);
  return { ctx: { h, filter: applyFilter(keys, test), table }, keys, test };
}

export const boxesOf = (bbox: BBox) => viewBoxes(bbox);
