/**
 * The warehouse service over HTTP (issue 37, step 2): a DuckDB file of generated transactions served by the
 * service in this process on loopback, and each route timed as a client sees it — request to last byte,
 * 'gzip, deflate, br' accepted as a browser sends it (JSON in Brotli, CSV in gzip), no cache (every run is a query: the ETag is never sent back) — the first run (cold) and
 * the median and slowest of the warm runs after it, with the bytes on the wire and uncompressed. Not a
 * timed test: the shared 2-core box is noisy, so the load average is written beside the numbers.
 *   npx tsx bench/warehouse-http.ts [--rows 1000000] [--runs 7] [--file /tmp/almacen-http.duckdb] [--keep]
 * Writes bench/results/warehouse-http.json and warehouse-http.md.
 */
import { existsSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { servicesMiddlewareOf } from '../server/middleware.ts';
import { openDuckDb } from '../server/warehouse/duckdb.ts';
import { warehouseService } from '../server/warehouse/http/service.ts';
import { ingestGenerated } from '../server/warehouse/ingest.ts';
import { openWarehouse } from '../server/warehouse/queries.ts';
import { fmtMs, machine, markdownTable, median, writeResults } from './lib/report.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '7' },
    file: { type: 'string', default: join(tmpdir(), 'almacen-http.duckdb') },
    keep: { type: 'boolean', default: false },
  },
});
const rows = Math.max(1, Number(values.rows));
const runs = Math.max(1, Number(values.runs));
const file = values.file;

const loadAverageBefore = loadavg();
const reuse = values.keep && existsSync(file);
const built = reuse ? null : await ingestGenerated(file, rows, 1);
console.log(built ? `built ${rows} rows in ${fmtMs(built.ms)} ms` : `reusing ${file}`);

const service = warehouseService(async () => openWarehouse(await openDuckDb(file)));
await service.warm();
const middleware = servicesMiddlewareOf([service]);
const server = createServer((req, res) => {
  middleware(req, res, () => res.writeHead(404).end());
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const api = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/api/warehouse/`;

/** One request to its last byte: status, milliseconds, bytes received. */
function fetchOnce(path: string, encoding: string, body?: string) {
  return new Promise<{ status: number; ms: number; bytes: number }>((resolve, reject) => {
    const start = performance.now();
    const req = request(
      api + path,
      {
        method: body ? 'POST' : 'GET',
        headers: { 'Accept-Encoding': encoding, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (part: Buffer) => (bytes += part.byteLength));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - start, bytes });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface Timing {
  route: string;
  path: string;
  coldMs: number;
  warmMedianMs: number;
  warmMaxMs: number;
  wireBytes: number;
  rawBytes: number;
}
const timings: Timing[] = [];

async function time(route: string, path: string, body?: string): Promise<void> {
  const ms: number[] = [];
  let wire = 0;
  for (let i = 0; i <= runs; i++) {
    const answer = await fetchOnce(path, 'gzip, deflate, br', body);
    if (answer.status !== 200) throw new Error(`${path}: ${String(answer.status)}`);
    ms.push(answer.ms);
    wire = answer.bytes;
  }
  const raw = (await fetchOnce(path, 'identity', body)).bytes;
  const [cold = Number.NaN, ...warm] = ms;
  const timing = { route, path, coldMs: cold, warmMedianMs: median(warm), warmMaxMs: Math.max(...warm) };
  timings.push({ ...timing, wireBytes: wire, rawBytes: raw });
  console.log(`${route}: cold ${fmtMs(cold)} ms, warm median ${fmtMs(timing.warmMedianMs)} ms, ${wire} B`);
}

const ring = (lat: number, lng: number, radius: number, n: number) =>
  Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    return [lat + radius * Math.sin(a), lng + radius * Math.cos(a)];
  });
const NATIONAL = 'bbox=-73.6,0.6,-59.8,12.3';
const CARACAS = 'bbox=-67.05,10.4,-66.75,10.58';
const FILTER = 't=2024-T2&op=Venta&c=azul,verde';

await time('clusters, national (zoom 6)', `clusters?z=6&${NATIONAL}`);
await time('clusters, national, one quarter + Venta + 2 colours', `clusters?z=6&${NATIONAL}&${FILTER}`);
await time('clusters, Caracas (zoom 11)', `clusters?z=11&${CARACAS}`);
await time('clusters, Caracas, filtered', `clusters?z=11&${CARACAS}&${FILTER}`);
await time('split of a Caracas cell (zoom 8)', 'split?nivel=11&cx=643&cy=963');
await time('quarters, whole table', 'quarters');
await time('quarters, Caracas view, Venta', `quarters?${CARACAS}&op=Venta`);
await time('hexagons, national (zoom 6, res 4)', `hexagons?z=6&${NATIONAL}`);
await time('hexagons, Caracas (zoom 12, res 8)', `hexagons?z=12&${CARACAS}&op=Venta`);
const small = ring(10.49, -66.88, 0.05, 20)
  .map(([a, b]) => `${String(a)},${String(b)}`)
  .join(';');
await time('polygon, 20 vertices by GET, Venta', `polygon?poligono=${small}&op=Venta`);
await time(
  'polygon, 1000 vertices by POST',
  'polygon',
  JSON.stringify({ poligono: ring(10.49, -66.88, 0.1, 1000) }),
);
await time('rows, Caracas zoom 15, 1000', 'rows?bbox=-66.89,10.485,-66.87,10.495&limite=1000');
await time('export.csv, one quarter + Venta', `export.csv?${FILTER}`);

server.closeAllConnections();
server.close();
if (!values.keep) rmSync(file, { force: true });
const loadAverageAfter = loadavg();
const kb = (b: number) => (b / 1024).toFixed(1);
const markdown = [
  `# Warehouse over HTTP (DuckDB, ${rows.toLocaleString('en')} generated rows)`,
  '',
  built ? `Load: ${fmtMs(built.ms)} ms.` : 'Load: the file was reused.',
  `Load average before / after: ${loadAverageBefore[0]?.toFixed(2)} / ${loadAverageAfter[0]?.toFixed(2)} (1 min).`,
  `Runs: 1 cold + ${String(runs)} warm per route, request to last byte on loopback, 'gzip, deflate, br' accepted as a browser sends it (JSON in Brotli, CSV in gzip), no cache.`,
  '',
  markdownTable(
    ['route', 'cold ms', 'warm median ms', 'warm max ms', 'wire kB', 'raw kB'],
    timings.map((t) => [
      t.route,
      fmtMs(t.coldMs),
      fmtMs(t.warmMedianMs),
      fmtMs(t.warmMaxMs),
      kb(t.wireBytes),
      kb(t.rawBytes),
    ]),
  ),
].join('\n');
writeResults(
  'warehouse-http',
  { machine: machine(), rows, load: built, loadAverageBefore, loadAverageAfter, runs, timings },
  markdown,
);
console.log(markdown);
process.exit(0);
