import { describe, expect, it } from 'vitest';
import { NodeCoords } from '../../../server/geocoder/store/node-coords.ts';
import { seededRandom as random } from '../../../scripts/lib/seeded-random.ts';

describe('issue 38: the PBF import keeps only the wanted nodes’ coordinates (NodeCoords)', () => {
  it('keeps the refs of every list once, answers for wanted ids only, undefined until read', () => {
    const c = new NodeCoords([
      [30, 10, 20, 10],
      [20, 12_000_000_001, -5],
    ]);
    expect(c.size).toBe(5);
    expect(c.get(10)).toBeUndefined(); // wanted, not read yet
    expect(c.has(10)).toBe(true);
    expect(c.has(11)).toBe(false);
    expect(c.set(11, -66.9, 10.5)).toBe(false);
    expect(c.get(11)).toBeUndefined();
    expect(c.set(10, -66.9, 10.5)).toBe(true);
    expect(c.set(12_000_000_001, -71.6, 10.65)).toBe(true);
    expect(c.set(-5, -64.1, 10.4)).toBe(true);
    expect(c.get(10)).toEqual([-66.9, 10.5]);
    expect(c.get(12_000_000_001)).toEqual([-71.6, 10.65]);
    expect(c.get(-5)).toEqual([-64.1, 10.4]);
    expect(c.get(20)).toBeUndefined();
    expect(c.found).toBe(3);
    // Setting a node twice counts it once; the last coordinates win.
    c.set(10, -66.8, 10.4);
    expect(c.found).toBe(3);
    expect(c.get(10)).toEqual([-66.8, 10.4]);
  });

  it('answers ids below, between and above every wanted one, and an empty store', () => {
    const c = new NodeCoords([[100, 200, 300]]);
    for (const id of [1, 150, 250, 301, 1e12]) expect(c.set(id, 0, 0)).toBe(false);
    for (const id of [100, 200, 300]) expect(c.set(id, id, -id)).toBe(true);
    for (const id of [300, 100, 200]) expect(c.get(id)).toEqual([id, -id]);
    const empty = new NodeCoords([]);
    expect(empty.size).toBe(0);
    expect(empty.set(1, 0, 0)).toBe(false);
    expect(empty.get(1)).toBeUndefined();
  });

  it('agrees with a Map for sorted, shuffled and repeated lookups (the cursor never loses an id)', () => {
    const rnd = random(38);
    const wanted = new Map<number, [number, number]>();
    const lists: number[][] = [];
    let id = 1000;
    for (let w = 0; w < 300; w++) {
      const refs: number[] = [];
      for (let k = 0; k < 1 + Math.floor(rnd() * 12); k++) {
        id += 1 + Math.floor(rnd() * (rnd() < 0.1 ? 5000 : 30));
        refs.push(id);
      }
      lists.push(rnd() < 0.5 ? refs : [...refs].reverse());
    }
    const c = new NodeCoords(lists);
    // Every node of the "extract": wanted ones and the ones in between, in id order as a PBF has them.
    const all: number[] = [];
    for (let n = 900; n <= id + 100; n += 1 + Math.floor(rnd() * 7)) all.push(n);
    for (const list of lists) all.push(...list);
    const sorted = [...new Set(all)].sort((a, b) => a - b);
    const wantedIds = new Set(lists.flat());
    const wrong: number[] = [];
    for (const n of sorted) {
      const lon = -70 + (n % 1000) / 1000;
      const lat = 8 + (n % 777) / 1000;
      if (c.set(n, lon, lat) !== wantedIds.has(n)) wrong.push(n);
      if (wantedIds.has(n)) wanted.set(n, [lon, lat]);
    }
    expect(wrong).toEqual([]);
    expect(c.found).toBe(wantedIds.size);
    // Out of order: shuffled lookups, each twice in a row, and ids that are not wanted.
    const shuffled = [...sorted];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j] as number, shuffled[i] as number];
    }
    for (const n of shuffled.slice(0, 20_000)) {
      const a = c.get(n);
      const b = c.get(n);
      const expected = wanted.get(n);
      const same = (x: [number, number] | undefined) => x?.[0] === expected?.[0] && x?.[1] === expected?.[1];
      if (!same(a) || !same(b) || c.has(n) !== wantedIds.has(n)) wrong.push(n);
    }
    expect(wrong).toEqual([]);
  });
});
