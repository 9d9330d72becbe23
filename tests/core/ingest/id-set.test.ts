import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fingerprint, IdSet } from '../../../src/core/ingest/id-set.ts';

describe('IdSet', () => {
  it('answers like a Set of strings (numbers as their text), across growth', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: 0, max: 50 })), {
          maxLength: 3000,
        }),
        (ids) => {
          const set = new IdSet(1);
          const reference = new Set<string>();
          for (const id of ids) {
            const key = String(id);
            expect(set.add(id)).toBe(!reference.has(key));
            reference.add(key);
          }
          expect(set.size).toBe(reference.size);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('keeps a million distinct generated ids apart', () => {
    const set = new IdSet(1000);
    let duplicates = 0;
    for (let i = 0; i < 1_000_000; i++) if (!set.add(`tx-${String(i)}`)) duplicates++;
    expect(duplicates).toBe(0);
    expect(set.add('tx-999999')).toBe(false);
  });

  it('addAll answers in row order what add answers row by row, batch after batch, across growth', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.option(fc.oneof(fc.string({ maxLength: 6 }), fc.integer({ min: 0, max: 40 }))), {
            maxLength: 400,
          }),
          { maxLength: 6 },
        ),
        (batches) => {
          const one = new IdSet(1);
          const all = new IdSet(1);
          for (const ids of batches) {
            const n = ids.length;
            const batch = { hi: new Uint32Array(n), lo: new Uint32Array(n), has: new Uint8Array(n) };
            ids.forEach((id, i) => {
              if (id !== null) fingerprint(batch, i, id);
            });
            const fresh = new Uint8Array(n);
            all.addAll(batch, n, fresh);
            ids.forEach((id, i) => {
              if (id !== null) expect(fresh[i]).toBe(one.add(id) ? 1 : 0);
            });
          }
          expect(all.size).toBe(one.size);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('prints are every id held; hasAny finds one of another set’s ids here, across growth', () => {
    const here = new IdSet(4);
    for (let i = 0; i < 5000; i++) here.add(`a${String(i)}`);
    const prints = here.prints();
    expect(prints.hi).toHaveLength(5000);
    const other = new IdSet();
    for (let i = 0; i < 3000; i++) other.add(`b${String(i)}`);
    expect(here.hasAny(other.prints())).toBe(false);
    other.add('a4999');
    expect(here.hasAny(other.prints())).toBe(true);
    expect(new IdSet().hasAny(prints)).toBe(false);
    // A set made of the same ids holds exactly these prints.
    const again = new IdSet();
    for (let i = 4999; i >= 0; i--) again.add(`a${String(i)}`);
    const sorted = (p: { hi: Uint32Array; lo: Uint32Array }) =>
      [...p.hi].map((h, i) => `${String(h)}:${String(p.lo[i])}`).sort();
    expect(sorted(again.prints())).toEqual(sorted(prints));
  });
});
