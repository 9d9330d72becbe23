import { describe, expect, it } from 'vitest';
import {
  chunksTransferables,
  packChunks,
  packColumn,
  packedTransferables,
  unpackChunks,
  unpackColumn,
} from '../../workers/import/parquet-columns.ts';

const date = (time: number) => new Date(time);
/** The cells as a worker on the other side sees them: structured-cloned, buffers transferred. */
const roundTrip = (cells: ArrayLike<unknown>) => {
  const packed = packColumn(cells);
  const moved = structuredClone(packed, { transfer: packedTransferables(packed) });
  return { kind: packed.kind, cells: Array.from(unpackColumn(moved, date)) };
};
const comparable = (cells: readonly unknown[]) =>
  cells.map((c) => (c instanceof Date ? `D${String(c.getTime())}` : Object.is(c, -0) ? '-0' : c));

describe('packColumn / unpackColumn', () => {
  it('numbers travel as a Float64Array, nulls kept apart from NaN and 0', () => {
    const cells = [1.5, null, Number.NaN, 0, -0, 1e308, null, -7];
    const { kind, cells: back } = roundTrip(cells);
    expect(kind).toBe('numbers');
    expect(comparable(back)).toEqual(comparable(cells));
  });

  it('a column without nulls comes back as the typed array itself', () => {
    const packed = packColumn([1, 2, 3]);
    expect(packed.kind).toBe('numbers');
    expect(unpackColumn(packed, date)).toBeInstanceOf(Float64Array);
  });

  it('dates travel as their times and come back as Dates, invalid ones and nulls included', () => {
    const cells = [new Date(Date.UTC(2024, 0, 5)), null, new Date(Number.NaN), new Date(0)];
    const { kind, cells: back } = roundTrip(cells);
    expect(kind).toBe('dates');
    expect(comparable(back)).toEqual(comparable(cells));
    expect(back[1]).toBeNull();
    expect(back[2]).toBeInstanceOf(Date);
  });

  it('dates come back shared when the reader shares them', () => {
    const shared = new Map<number, Date>();
    const sharing = (t: number) => {
      const found = shared.get(t) ?? new Date(t);
      shared.set(t, found);
      return found;
    };
    const day = Date.UTC(2023, 5, 1);
    const back = unpackColumn(packColumn([new Date(day), new Date(day)]), sharing);
    expect(back[0]).toBe(back[1]);
  });

  it('few distinct values travel as codes: strings, null, undefined, booleans and bigints alike', () => {
    const base = ['Venta', 'Alquiler', null, undefined, true, 12n, 'Venta', ''];
    const cells = Array.from({ length: 400 }, (_, i) => base[i % base.length]);
    const { kind, cells: back } = roundTrip(cells);
    expect(kind).toBe('codes');
    expect(back).toEqual(cells);
    expect(back[3]).toBeUndefined();
  });

  it('many distinct strings (ids) and objects go as they are', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `T${String(i)}`);
    expect(roundTrip(ids)).toEqual({ kind: 'plain', cells: ids });
    const points = [{ type: 'Point', coordinates: [-66.9, 10.5] }, null];
    expect(roundTrip(points)).toEqual({ kind: 'plain', cells: points });
  });

  it('a column mostly distinct in its first 1,024 rows goes as it is, one with fewer as codes', () => {
    // 20,000 rows allow 2,500 codes: the first column has 1,025 distinct values, fewer than that, but its
    // first 1,024 rows are all distinct (an id-like start), so it is not coded; the second is.
    const idLike = Array.from({ length: 20_000 }, (_, i) => (i < 1024 ? `T${String(i)}` : 'T'));
    const few = Array.from({ length: 20_000 }, (_, i) => `U${String(i % 500)}`);
    expect(roundTrip(idLike)).toEqual({ kind: 'plain', cells: idLike });
    const coded = roundTrip(few);
    expect(coded.kind).toBe('codes');
    expect(coded.cells).toEqual(few);
  });

  it('-0 among text is not folded into 0 by the codes', () => {
    const cells = ['a', -0, 'b', 0];
    const { kind, cells: back } = roundTrip(cells);
    expect(kind).toBe('plain');
    expect(comparable(back)).toEqual(comparable(cells));
  });

  it('typed arrays travel as a copy of just their cells, not the buffer they view', () => {
    const page = new Float64Array([9, 1, 2, 3, 9]);
    const view = page.subarray(1, 4);
    const packed = packColumn(view);
    expect(packed.kind).toBe('typed');
    expect(packedTransferables(packed)[0]?.byteLength).toBe(24);
    const ints = new BigInt64Array([1n, -2n]);
    expect(roundTrip(ints).cells).toEqual([1n, -2n]);
    expect(Array.from(page)).toEqual([9, 1, 2, 3, 9]); // the page's buffer is not transferred away
  });

  it('chunks keep their starts, and every packed buffer is listed for the transfer', () => {
    const chunks = [
      [
        { data: [1, 2], start: 10 },
        { data: [3], start: 12 },
      ],
      [{ data: [new Date(5), new Date(6), null], start: 10 }],
    ];
    const packed = packChunks(chunks);
    expect(chunksTransferables(packed)).toHaveLength(4); // two number columns, one date column + its mask
    const back = structuredClone(packed).map((list) => unpackChunks(list, date));
    expect(back.map((list) => list.map((c) => c.start))).toEqual([[10, 12], [10]]);
    expect(Array.from(back[0]?.[1]?.data ?? [])).toEqual([3]);
    expect(comparable(Array.from(back[1]?.[0]?.data ?? []))).toEqual(['D5', 'D6', null]);
  });
});
