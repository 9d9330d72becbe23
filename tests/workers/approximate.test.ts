import { describe, expect, it } from 'vitest';
import type { PropertyTable } from '../../src/core/types.ts';
import { ClusterEngine } from '../../workers/engine/engine.ts';
import { NO_FILTER } from '../../workers/contract.ts';
import { tableFrom, WORLD } from './helpers.ts';

/** 40 rows around Caracas; every 4th is approximate (precision 1–4 in turn). */
function table(): PropertyTable {
  const points = Array.from({ length: 40 }, (_, i) => [
    -66.9 + (i % 8) * 0.01,
    10.4 + Math.floor(i / 8) * 0.01,
  ]);
  const t = tableFrom(points);
  const precision = new Uint8Array(40).map((_, i) => (i % 4 === 0 ? 1 + ((i / 4) % 4) : 0));
  return { ...t, precision };
}
const exactIn = (t: PropertyTable, keep: (i: number) => boolean) =>
  Array.from({ length: t.length }, (_, i) => i).filter((i) => t.precision?.[i] === 0 && keep(i)).length;

describe('approximate rows (precision column)', () => {
  it('counts rows per precision at load, and "exact only" leaves the approximate ones out everywhere', () => {
    const engine = new ClusterEngine();
    const t = table();
    const load = engine.load(table());
    expect(load.ok && load.value.precision).toEqual([30, 3, 3, 2, 2]);
    expect(engine.setFilter({ ...NO_FILTER, exactOnly: true })).toEqual({
      ok: true,
      value: { matching: 30 },
    });
    const summary = engine.getSummary();
    expect(summary.ok && summary.value.total).toBe(30);
    const boxed = engine.getSummary([-67, 10, -66, 11]);
    expect(boxed.ok && boxed.value.total).toBe(30);
    const clusters = engine.getClusters(WORLD, 3);
    expect(clusters.ok && [...clusters.value.counts].reduce((a, b) => a + b, 0)).toBe(30);
    // With a quarter filter too: the two facets combine.
    const q = t.quarters[1] ?? '';
    engine.setFilter({ ...NO_FILTER, quarters: [q], exactOnly: true });
    const one = engine.getSummary();
    expect(one.ok && one.value.total).toBe(exactIn(t, (i) => t.quarter[i] === 1));
    // The chart (quarters set aside) keeps per-quarter counts of exact rows only.
    const trend = engine.getQuarterPrices();
    const perQuarter = trend.ok ? trend.value.figures : new Float64Array();
    expect(perQuarter.length).toBeGreaterThan(0);
    engine.setFilter(NO_FILTER);
    const all = engine.getSummary();
    expect(all.ok && all.value.total).toBe(40);
    expect(engine.getProperty(4)).toMatchObject({ ok: true, value: { precision: 2 } });
  });

  it('refuses a precision column of the wrong shape or codes', () => {
    const engine = new ClusterEngine();
    const bad = { ...table(), precision: new Uint8Array(40).fill(9) };
    const answer = engine.load(bad);
    expect(answer.ok).toBe(false);
    expect(engine.setFilter({ ...NO_FILTER, exactOnly: 'sí' as unknown as boolean }).ok).toBe(false);
  });

  it('exports the rows under the filter and in the view as CSV and GeoJSON', () => {
    const engine = new ClusterEngine();
    engine.load(table());
    engine.setFilter({ ...NO_FILTER, exactOnly: true });
    const csv = engine.exportView([-66.905, 10.395, -66.875, 10.425], 'csv');
    if (!csv.ok) throw new Error(csv.error);
    const lines = new TextDecoder().decode(Buffer.concat(csv.value)).trim().split('\r\n');
    // Columns −66.90…−66.88 (3) × rows 10.40…10.42 (3) = 9 rows, of which rows 0 and 8… are approximate.
    const t = table();
    const expected = Array.from({ length: 40 }, (_, i) => i).filter(
      (i) => (t.precision?.[i] ?? 0) === 0 && (t.lng[i] ?? 0) <= -66.875 && (t.lat[i] ?? 0) <= 10.425,
    ).length;
    expect(lines).toHaveLength(1 + expected);
    expect(lines.slice(1).every((l) => l.endsWith(';exacta'))).toBe(true);
    const geo = engine.exportView(WORLD, 'geojson');
    if (!geo.ok) throw new Error(geo.error);
    const parsed = JSON.parse(new TextDecoder().decode(Buffer.concat(geo.value))) as { features: unknown[] };
    expect(parsed.features).toHaveLength(30);
    expect(engine.exportView(WORLD, 'xls' as 'csv').ok).toBe(false);
  });
});
