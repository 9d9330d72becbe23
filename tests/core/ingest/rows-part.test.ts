import { describe, expect, it } from 'vitest';
import { detectMapping } from '../../../src/core/ingest/columns.ts';
import { addressKey } from '../../../src/core/ingest/geocode-batch.ts';
import { MAX_KEPT_REJECTED, REJECTION } from '../../../src/core/ingest/report.ts';
import { Ingester } from '../../../src/core/ingest/rows.ts';
import { random } from './random.ts';

const HEADER = ['id', 'latitud', 'longitud', 'precio', 'fecha', 'operacion', 'color', 'area', 'urbanizacion'];
const mapping = detectMapping(HEADER);

/** A line of a file: a row of cells, a blank line, or a row whose quoted field took `extra` more lines. */
type Line = { cells: string[]; extra: number } | 'blank';

/**
 * Rows of every kind a file mixes: ids repeated far apart (and some missing), points swapped, outside, or
 * missing with and without an address, unreadable prices, dates and operations, labels first seen late.
 */
function lines(n: number, seed: number, repeats: 'near' | 'far'): Line[] {
  const r = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)] as T;
  const out: Line[] = [];
  for (let i = 0; i < n; i++) {
    if (r() < 0.03) {
      out.push('blank');
      continue;
    }
    const kind = r();
    let lat = (8 + r() * 3).toFixed(5).replace('.', ',');
    let lng = (-70 + r() * 8).toFixed(5).replace('.', ',');
    let urbanizacion = '';
    if (kind < 0.05) [lat, lng] = [lng, lat];
    else if (kind < 0.1) [lat, lng] = ['40,1', '3,2'];
    else if (kind < 0.18) {
      [lat, lng] = ['', ''];
      urbanizacion =
        kind < 0.16
          ? pick(['Altamira', 'Chacao', 'El Paraíso', `Urb ${String(i % 37)}`, `Calle ${String(i)}`])
          : '';
    }
    const price = r() < 0.04 ? 'abc' : `$ ${Math.floor(r() * 900_000).toLocaleString('es-VE')},50`;
    const date =
      r() < 0.03 ? '31/31/31' : `${String(1 + (i % 28))}/0${String(1 + (i % 9))}/20${String(20 + (i % 5))}`;
    const operation = r() < 0.02 ? 'trueque' : pick(['Venta', 'alquiler', 'RENTA', 'venta']);
    const color = r() < 0.05 ? `tono ${String(i)}` : pick(['rojo', 'verde', 'azul']);
    // 'far': any earlier id may come back; 'near': only the last few rows' ids (as in repeated exports).
    const back = repeats === 'far' ? Math.floor(r() * n * 0.3) : r() < 0.1 ? 1 + Math.floor(r() * 3) : 0;
    const id = r() < 0.05 ? '' : `id-${String(Math.max(0, i - back))}`;
    out.push({
      cells: [id, lat, lng, price, date, operation, color, String(Math.floor(r() * 300)), urbanizacion],
      extra: r() < 0.02 ? 1 : 0,
    });
  }
  return out;
}

function feed(ingester: Ingester, list: readonly Line[]): void {
  for (const line of list) {
    if (line === 'blank') ingester.skipLine();
    else {
      ingester.add(line.cells);
      ingester.skipLines(line.extra);
    }
  }
}

/** Each row's cells by its line within `list` (lines from 1), as a file read again would give them. */
function cellsByLine(list: readonly Line[]): Map<number, string[]> {
  const cells = new Map<number, string[]>();
  let line = 0;
  for (const entry of list) {
    line++;
    if (entry === 'blank') continue;
    cells.set(line, entry.cells);
    line += entry.extra;
  }
  return cells;
}

/**
 * Read in one part, or in two cut before line `cut` as the CSV helper does: the second part's rows that
 * repeat an id of the first made duplicates (`dropRepeats`, their cells read again), then absorbed.
 */
function read(list: readonly Line[], cut: number | null): { ingester: Ingester; repeats: number } {
  const first = new Ingester(mapping);
  if (cut === null) {
    feed(first, list);
    return { ingester: first, repeats: 0 };
  }
  feed(first, list.slice(0, cut));
  const second = new Ingester(mapping, { firstLine: 1, trackIds: true });
  feed(second, list.slice(cut));
  const lines = second.repeatsOf(first.idPrints() ?? { hi: new Uint32Array(0), lo: new Uint32Array(0) });
  expect(second.dropRepeats(lines, cellsByLine(list.slice(cut)))).toBe(true);
  expect(first.absorb(structuredClone(second.toPart()))).toBe(true); // as it crosses from the helper
  return { ingester: first, repeats: lines.length };
}

/** Whether a row after the cut repeats an id before it. */
function repeatsAcross(list: readonly Line[], cut: number): boolean {
  const ids = (part: readonly Line[]) =>
    part.flatMap((line) => (line === 'blank' || line.cells[0] === '' ? [] : [line.cells[0]]));
  const before = new Set(ids(list.slice(0, cut)));
  return ids(list.slice(cut)).some((id) => before.has(id));
}

describe('Ingester parts (a file read in two parts by two workers)', () => {
  it('two parts give the table, report and addresses of one read, wherever the cut', () => {
    const crossed: boolean[] = [];
    for (const [seed, repeats] of [
      [11, 'near'],
      [12, 'far'],
    ] as const) {
      const list = lines(900, seed, repeats);
      for (const swapCoordinates of [false, true]) {
        const one = read(list, null).ingester;
        const placements = new Map(
          one.addresses
            .filter((_, k) => k % 2 === 0)
            .map((a) => [addressKey(a), { lat: 10.5, lng: -66.9, level: 'urbanizacion' as const }]),
        );
        const reference = one.finish({ swapCoordinates, placements });
        for (const cut of [0, 1, 2, 137, 450, 451, 452, 899, 900]) {
          const { ingester: two, repeats } = read(list, cut);
          expect(repeats > 0, `cut ${String(cut)}`).toBe(repeatsAcross(list, cut));
          crossed.push(repeats > 0);
          expect(two.addresses).toEqual(one.addresses);
          const got = two.finish({ swapCoordinates, placements });
          expect(got.report, `cut ${String(cut)}`).toEqual(reference.report);
          expect(got.table, `cut ${String(cut)}`).toEqual(reference.table);
        }
      }
      // The case is one that tells: every reason occurs, rows are swapped and wait for addresses.
      const report = read(list, null).ingester.finish({}).report;
      for (const reason of Object.values(REJECTION))
        expect(report.rejected.counts[reason]).toBeGreaterThan(0);
      expect(report.swapped).toBeGreaterThan(0);
    }
    expect(crossed).toContain(true);
    expect(crossed).toContain(false);
  });

  it('a part repeating an id of the rows before is not taken unless its repeats were dropped', () => {
    const rows: Line[] = [
      { cells: ['a', '10,5', '-66,9', '100', '01/02/2024', 'Venta', 'rojo', '50', ''], extra: 0 },
      { cells: ['a', '10,6', '-66,8', '200', '01/02/2024', 'Venta', 'rojo', '50', ''], extra: 0 },
    ];
    const first = new Ingester(mapping);
    feed(first, rows.slice(0, 1));
    const second = new Ingester(mapping, { firstLine: 1 });
    feed(second, rows.slice(1));
    expect(first.absorb(second.toPart())).toBe(false);
    expect(first.report.rows).toBe(1);
    const { report, table } = read(rows, 1).ingester.finish({});
    expect(report.rejected.counts[REJECTION.duplicate]).toBe(1);
    expect(table.length).toBe(1);
  });

  it('the kept rejected rows stay capped in reading order, and the cut is said', () => {
    const bad: Line[] = Array.from({ length: MAX_KEPT_REJECTED + 20_000 }, (_, i) => ({
      cells: [`r${String(i)}`, '10,5', '-66,9', 'abc', '01/02/2024', 'Venta', 'rojo', '', ''],
      extra: 0,
    }));
    for (const cut of [70_000, MAX_KEPT_REJECTED + 5]) {
      const { report } = read(bad, cut).ingester.finish({});
      expect(report.rejected.rows).toHaveLength(MAX_KEPT_REJECTED);
      expect(report.rejected.cut).toBe(true);
      expect(report.rejected.rows.at(-1)?.line).toBe(MAX_KEPT_REJECTED + 1);
      expect(report.rejected.counts[REJECTION.price]).toBe(bad.length);
    }
  });
});
