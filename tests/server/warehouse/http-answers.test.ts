/**
 * The warehouse over HTTP answers what a brute-force pass over the same generated rows answers: every route,
 * in process through the demo's middleware, with filters in the URL as the explorer writes them.
 */
import { cellToParent } from 'h3-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsToCsv } from '../../../src/core/ingest/export.ts';
import { decodeTable } from '../../../src/core/table-codec.ts';
import type { BBox, LatLng } from '../../../src/core/types.ts';
import { cellShift, mercatorX, mercatorY, unitLat, unitLng } from '../../../server/warehouse/keys.ts';
import { bruteFigures } from '../../workers/price-helpers.ts';
import {
  bruteAreaFigures,
  bruteFilter,
  bruteGrid,
  bruteHexagons,
  bruteInBox,
  bruteInCells,
  bruteInPolygon,
  bruteQuarterFigures,
  mortonOrder,
  rowsWhere,
} from './brute.ts';
import { figuresOf, startFixture, type Fixture } from './http-fixture.ts';

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture(20_000, 37);
}, 60_000);
afterAll(() => fx.close());

interface Cells {
  level: number;
  cx: number[];
  cy: number[];
  count: number[];
  sale: number[];
  lng: number[];
  lat: number[];
}

async function get<T>(path: string): Promise<T> {
  const answer = await fetch(fx.api + path);
  expect(answer.status, path).toBe(200);
  return (await answer.json()) as T;
}

/** Caracas at zoom 11, and the filter the URLs below carry: sales of two quarters, three colours. */
const CARACAS: BBox = [-67.05, 10.4, -66.75, 10.55];
const FILTER = 't=2022-T1,2022-T2,2023-T4&op=Venta&c=azul,rojo,verde';
const filter = {
  quarters: { kind: 'set' as const, labels: ['2022-T1', '2022-T2', '2023-T4'] },
  operation: 'Venta' as const,
  colors: ['azul', 'rojo', 'verde'],
  exactOnly: false,
};

function expectCells(got: Cells, t: Fixture['table'], rows: number[], level: number) {
  const want = bruteGrid(t, rows, level);
  expect(got.level).toBe(level);
  expect(got.cx).toEqual(want.map((c) => c.cx));
  expect(got.cy).toEqual(want.map((c) => c.cy));
  expect(got.count).toEqual(want.map((c) => c.n));
  expect(got.sale).toEqual(want.map((c) => c.sale));
  expect(got.lng).toEqual(want.map((c) => unitLng(c.sx / c.n)));
  expect(got.lat).toEqual(want.map((c) => unitLat(c.sy / c.n)));
}

describe('warehouse routes against brute force (20k generated rows)', () => {
  it('info: the data version, rows and labels', async () => {
    const info = await get<Record<string, unknown>>('info');
    expect(info).toMatchObject({ exact: true, engine: 'duckdb', dataVersion: 'prueba-1', rows: 20_000 });
    expect(info.colors).toEqual(['amarillo', 'azul', 'naranja', 'rojo', 'verde']);
  });

  it('clusters: exact counts, sales and centres per cell of a view, national and city', async () => {
    for (const [z, bbox] of [
      [5, [-74, 0.5, -59, 12.5]],
      [11, CARACAS],
    ] as const) {
      const got = await get<{ zoom: number; cells: Cells }>(
        `clusters?z=${z}&bbox=${bbox.join(',')}&${FILTER}`,
      );
      const passes = bruteFilter(fx.table, filter);
      const inBox = bruteInCells(fx.table, bbox, z + 3);
      expectCells(
        got.cells,
        fx.table,
        rowsWhere(fx.table, (r) => inBox(r) && passes(r)),
        z + 3,
      );
    }
  });

  it('split: the first finer level at which the cell parts, and its children', async () => {
    const national = await get<{ cells: Cells }>(`clusters?z=5&bbox=-74,0.5,-59,12.5&${FILTER}`);
    const biggest = national.cells.count.indexOf(Math.max(...national.cells.count));
    const [level, cx, cy] = [national.cells.level, national.cells.cx[biggest], national.cells.cy[biggest]];
    const got = await get<{ count: number; stacked: boolean; cells: Cells }>(
      `split?nivel=${level}&cx=${cx}&cy=${cy}&${FILTER}`,
    );
    const passes = bruteFilter(fx.table, filter);
    const shift = cellShift(level);
    const inCell = (r: number) =>
      mercatorX(fx.table.lng[r] ?? 0) >> shift === cx && mercatorY(fx.table.lat[r] ?? 0) >> shift === cy;
    const rows = rowsWhere(fx.table, (r) => inCell(r) && passes(r));
    expect(got.count).toBe(rows.length);
    expect(got.stacked).toBe(false);
    let splitsAt = level + 1;
    while (bruteGrid(fx.table, rows, splitsAt).length === 1) splitsAt++;
    expectCells(got.cells, fx.table, rows, splitsAt);
  });

  it('split: rows on one point never part (stacked), an empty cell has no children', async () => {
    const r = 123;
    const x = mercatorX(fx.table.lng[r] ?? 0);
    const y = mercatorY(fx.table.lat[r] ?? 0);
    const quarter = fx.table.quarters[fx.table.quarter[r] ?? 0] ?? '';
    // The unit cell of one row, under its own quarter: only rows on that ~2 cm unit.
    const stacked = await get<{ count: number; stacked: boolean; cells: Cells }>(
      `split?nivel=31&cx=${x}&cy=${y}&t=${quarter}`,
    );
    expect(stacked.stacked).toBe(true);
    expect(stacked.count).toBeGreaterThanOrEqual(1);
    expect(stacked.cells.count).toEqual([stacked.count]);
    const empty = await get<{ count: number; stacked: boolean; cells: Cells }>('split?nivel=10&cx=0&cy=0');
    expect(empty).toMatchObject({ count: 0, stacked: false });
    expect(empty.cells.count).toEqual([]);
  });

  it('quarters: exact counts and type-7 quartiles per quarter × operation, whole table and a view', async () => {
    const whole = await get<{ quarters: string[]; figures: (number | null)[] }>('quarters?c=azul&exactas=1');
    const blue = bruteFilter(fx.table, {
      ...filter,
      quarters: { kind: 'todos' },
      operation: 'todos',
      colors: ['azul'],
      exactOnly: true,
    });
    expect(figuresOf(whole.figures)).toEqual(bruteQuarterFigures(fx.table, rowsWhere(fx.table, blue)));
    const view = await get<{ figures: (number | null)[] }>(
      `quarters?bbox=${CARACAS.join(',')}&desde=2022-T2&hasta=2023-T3`,
    );
    const inBox = bruteInBox(fx.table, CARACAS);
    const range = bruteFilter(fx.table, {
      quarters: { kind: 'range', from: '2022-T2', to: '2023-T3' },
      operation: 'todos',
      colors: 'todos',
      exactOnly: false,
    });
    expect(figuresOf(view.figures)).toEqual(
      bruteQuarterFigures(
        fx.table,
        rowsWhere(fx.table, (r) => inBox(r) && range(r)),
      ),
    );
  });

  it("figures: a view's prices per operation under its quarters, exact", async () => {
    const got = await get<{ figures: (number | null)[] }>(
      `figures?bbox=${CARACAS.join(',')}&t=2022-T1,2022-T2`,
    );
    const inBox = bruteInBox(fx.table, CARACAS);
    const two = bruteFilter(fx.table, {
      quarters: { kind: 'set', labels: ['2022-T1', '2022-T2'] },
      operation: 'todos',
      colors: 'todos',
      exactOnly: false,
    });
    const rows = rowsWhere(fx.table, (r) => inBox(r) && two(r));
    expect(rows.length).toBeGreaterThan(0);
    expect(figuresOf(got.figures)).toEqual(bruteAreaFigures(fx.table, rows));
  });

  it("hexagons: per H3 cell of the zoom's resolution (h3-js cellToParent), sales and rents apart; or two quarters compared", async () => {
    const both = { ...filter, operation: 'todos' as const };
    const cases = [
      // [zoom, resolution, query, the rows' filter, the slot of a row]
      [7, 4, FILTER, filter, (r: number) => fx.table.operation[r] ?? 0],
      [12, 8, 't=2022-T1,2022-T2,2023-T4&c=azul,rojo,verde', both, (r: number) => fx.table.operation[r] ?? 0],
      [
        12,
        8,
        'op=Alquiler&c=azul,rojo,verde&comparar=2022-T1,2023-T4',
        {
          ...filter,
          quarters: { kind: 'set' as const, labels: ['2022-T1', '2023-T4'] },
          operation: 'Alquiler' as const,
        },
        (r: number) => (fx.table.quarters[fx.table.quarter[r] ?? 0] === '2022-T1' ? 0 : 1),
      ],
    ] as const;
    for (const [z, resolution, query, rowsFilter, slotOf] of cases) {
      const bbox: BBox = z === 7 ? [-70, 8, -63, 12] : [-66.95, 10.45, -66.8, 10.52];
      const got = await get<{ resolution: number; cells: string[]; figures: (number | null)[] }>(
        `hexagons?z=${z}&bbox=${bbox.join(',')}&${query}`,
      );
      expect(got.resolution).toBe(resolution);
      const passes = bruteFilter(fx.table, rowsFilter);
      const inBox = bruteInBox(fx.table, bbox);
      const want = bruteHexagons(
        fx.table,
        rowsWhere(fx.table, (r) => inBox(r) && passes(r)),
        resolution,
      );
      expect(new Set(got.cells)).toEqual(new Set(want.keys()));
      expect(got.cells.length).toBe(want.size);
      const figures = figuresOf(got.figures);
      expect(figures.length).toBe(got.cells.length * 18);
      const slots = new Set<number>();
      got.cells.forEach((cell, i) => {
        expect(cellToParent(cell, resolution)).toBe(cell);
        for (const slot of [0, 1]) {
          const rows = (want.get(cell) ?? []).filter((r) => slotOf(r) === slot);
          if (rows.length > 0) slots.add(slot);
          expect(figures.slice((i * 2 + slot) * 9, (i * 2 + slot + 1) * 9), `${query} ${cell}`).toEqual(
            bruteFigures(fx.table, rows),
          );
        }
      });
      // Both slots hold rows somewhere, except for sales alone.
      expect([...slots].sort(), query).toEqual(query === FILTER ? [0] : [0, 1]);
    }
  });

  it('comparing hexagons takes two quarters and one operation, or a Spanish 400 before any query', async () => {
    for (const query of [
      'comparar=2022-T1,2023-T4',
      'op=Venta&comparar=2022-T1',
      'op=Venta&comparar=2022,2023-T4',
    ]) {
      const answer = await fetch(`${fx.api}hexagons?z=12&bbox=-66.95,10.45,-66.8,10.52&${query}`);
      expect(answer.status, query).toBe(400);
      expect(((await answer.json()) as { error: string }).error, query).toContain("'comparar'");
    }
  });

  it('polygon: counts and quartiles per operation inside a ring, by GET and by POST alike', async () => {
    const ring: LatLng[] = [
      { lat: 10.42, lng: -67.0 },
      { lat: 10.53, lng: -66.97 },
      { lat: 10.47, lng: -66.9 },
      { lat: 10.52, lng: -66.8 },
      { lat: 10.41, lng: -66.83 },
    ];
    const inside = bruteInPolygon(fx.table, ring);
    const rows = rowsWhere(fx.table, inside);
    const text = ring.map((p) => `${p.lat},${p.lng}`).join(';');
    const byGet = await get<{ inside: number; sale: number; rental: number; figures: (number | null)[] }>(
      `polygon?poligono=${text}`,
    );
    expect(byGet.inside).toBe(rows.length);
    expect(byGet.sale).toBe(rows.filter((r) => fx.table.operation[r] === 0).length);
    expect(figuresOf(byGet.figures)).toEqual(bruteAreaFigures(fx.table, rows));
    const posted = await fetch(`${fx.api}polygon`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ poligono: ring.map((p) => [p.lat, p.lng]) }),
    });
    expect(posted.status).toBe(200);
    const byPost = (await posted.json()) as typeof byGet;
    expect(byPost).toEqual(byGet);
  });

  it('rows: the rows of a small view in Morton order, capped, labels resolved', async () => {
    const bbox: BBox = [-66.92, 10.48, -66.88, 10.51];
    const got = await get<{ truncated: boolean; rows: Record<string, unknown[]> }>(
      `rows?bbox=${bbox.join(',')}&op=Alquiler&limite=25`,
    );
    const inBox = bruteInBox(fx.table, bbox);
    const want = mortonOrder(
      fx.table,
      rowsWhere(fx.table, (r) => inBox(r) && fx.table.operation[r] === 1),
    );
    expect(got.truncated).toBe(want.length > 25);
    expect(got.rows.id).toEqual(want.slice(0, 25));
    expect(got.rows.operation?.every((o) => o === 'Alquiler')).toBe(true);
    expect(got.rows.price).toEqual(want.slice(0, 25).map((r) => fx.table.price[r]));
  });

  it('region: every row of a small box whatever the filter, as a VEPT table the page’s engine reads', async () => {
    const answer = await fetch(`${fx.api}region?bbox=${CARACAS.join(',')}`, {
      headers: { 'Accept-Encoding': 'br, gzip' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/octet-stream');
    // Compressed and cacheable like the JSON answers.
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(answer.headers.get('etag')).toMatch(/^W\/"/);
    const table = decodeTable(new Uint8Array(await answer.arrayBuffer()));
    const want = mortonOrder(fx.table, rowsWhere(fx.table, bruteInBox(fx.table, CARACAS)));
    expect(want.length).toBeGreaterThan(1000);
    expect(table.length).toBe(want.length);
    expect([...table.price]).toEqual(want.map((r) => fx.table.price[r]));
    expect(table.quarters).toEqual(fx.table.quarters);
    expect([...table.quarter]).toEqual(want.map((r) => fx.table.quarter[r]));
    expect([...(table.precision ?? [])].every((p) => p === 0)).toBe(true);
    // Its count alone, asked first by the page: one number, no figures.
    expect(await get<{ rows: number }>(`region-rows?bbox=${CARACAS.join(',')}`)).toMatchObject({
      rows: want.length,
    });
    // No box, no region: a Spanish 400 before any query.
    const refused = await fetch(`${fx.api}region?op=Venta`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe("Falta el parámetro 'bbox'.");
  });

  it("export.csv: the explorer's own CSV of the rows under the filter, streamed", async () => {
    const answer = await fetch(`${fx.api}export.csv?op=Venta&exactas=1`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toContain('attachment');
    const rows = mortonOrder(
      fx.table,
      rowsWhere(fx.table, (r) => fx.table.operation[r] === 0 && (fx.table.precision?.[r] ?? 0) === 0),
    );
    const t = fx.table;
    const pick = <A extends Float64Array | Float32Array | Uint8Array | Uint16Array>(
      from: A,
      make: (n: number) => A,
    ) => {
      const out = make(rows.length);
      rows.forEach((r, i) => (out[i] = from[r] ?? 0));
      return out;
    };
    const want = rowsToCsv({
      length: rows.length,
      lng: pick(t.lng, (n) => new Float64Array(n)),
      lat: pick(t.lat, (n) => new Float64Array(n)),
      price: pick(t.price, (n) => new Float64Array(n)),
      operation: pick(t.operation, (n) => new Uint8Array(n)),
      quarter: pick(t.quarter, (n) => new Uint16Array(n)),
      color: pick(t.color, (n) => new Uint16Array(n)),
      area: pick(t.area ?? new Float32Array(t.length).fill(Number.NaN), (n) => new Float32Array(n)),
      precision: pick(t.precision ?? new Uint8Array(t.length), (n) => new Uint8Array(n)),
      quarters: t.quarters,
      colors: t.colors,
    });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await answer.arrayBuffer());
    expect(rows.length).toBeGreaterThan(2048); // more than one DuckDB chunk
    expect(text).toBe(want);
  });
});
