/**
 * The warehouse service under many visitors (issue 37, "the 50-user run"): a DuckDB file of generated
 * transactions served by the service in a child process (so the load generator's CPU is not the server's
 * event loop; both still share the box's cores), and N simulated visitors on loopback, each following a
 * seeded session with think times of 1–5 s:
 *   the national map (info, then clusters at zoom 6, quarters of the whole table and figures at once, as the
 *   page asks them) → pick a quarter → pick Venta → pan and zoom into Caracas (clusters at 9–12 with the
 *   view's quarters and figures) → sometimes draw a polygon → sometimes open the hexagons.
 * Half the visitors arrive within the first second (a shared link), the rest over the first ten; a visitor
 * who finishes starts a new session (a new visitor) until the time is up. Each visitor has its own
 * keep-alive connections (6, as a browser), accepts 'gzip, deflate, br' and sends no If-None-Match (first
 * visits). A 503 is counted, not retried. Latency is request to last byte on loopback: slow links add their
 * transfer time (the bytes are in the table) on top.
 *   npx tsx bench/warehouse-users.ts [--rows 1000000] [--users 50] [--seconds 60] [--seed 1]
 *                                    [--file /tmp/almacen-users.duckdb] [--keep] [--cache-mb 64] [--name warehouse-users]
 *                                    [--stored] [--engine duckdb|clickhouse] [--pan]
 * --stored opens the warehouse as the demo's service does, the whole table's figures computed at open
 * (stored.ts); --engine clickhouse loads and serves the two loopback shards of scripts/clickhouse-shards.sh
 * (started beforehand) through their Distributed table instead of a DuckDB file. --pan makes the Caracas
 * views a hand's pan, as the page is used: a view every 0.3–1.5 s, not after the last one's answers, and each
 * new view aborting what the previous one has not answered yet (the page's one request per channel); aborted
 * requests are counted apart, not in the latencies.
 * Writes bench/results/<name>.json and <name>.md.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fmtMs, machine, markdownTable, writeResults } from './lib/report.ts';
import { seededRandom as random } from '../scripts/lib/seeded-random.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    users: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
    seed: { type: 'string', default: '1' },
    file: { type: 'string', default: join(tmpdir(), 'almacen-users.duckdb') },
    keep: { type: 'boolean', default: false },
    'cache-mb': { type: 'string' },
    name: { type: 'string', default: 'warehouse-users' },
    serve: { type: 'boolean', default: false },
    stored: { type: 'boolean', default: false },
    engine: { type: 'string', default: 'duckdb' },
    pan: { type: 'boolean', default: false },
  },
});

// ---------------------------------------------------------------------------------------------------------
// The visitors.
// ---------------------------------------------------------------------------------------------------------

interface Sample {
  route: string;
  status: number;
  ms: number;
  bytes: number;
}

if (values.engine !== 'duckdb' && values.engine !== 'clickhouse') {
  console.error(`--engine: duckdb or clickhouse, not '${values.engine}'`);
  process.exit(2);
}

/** The database the ClickHouse run loads (not the demo's 'almacen'). */
const CLICKHOUSE_DATABASE = 'almacen_usuarios';

const NATIONAL = 'bbox=-73.6,0.6,-59.8,12.3';
/** Caracas' centre, and the view's half-width in degrees at each zoom on a ~1000 × 700 px map. */
const CARACAS = { lng: -66.9, lat: 10.49 };
const halfWidth = (zoom: number) => (1000 / 2 / 256) * (360 / 2 ** zoom);

const round = (n: number) => Number(n.toFixed(4));
function bboxAround(lng: number, lat: number, zoom: number): string {
  const w = halfWidth(zoom);
  const h = w * 0.7;
  return `bbox=${[lng - w, lat - h, lng + w, lat + h].map(round).join(',')}`;
}

function ring(lat: number, lng: number, radius: number, n: number, rnd: () => number): [number, number][] {
  return Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    const r = radius * (0.7 + 0.3 * rnd());
    return [round(lat + r * Math.sin(a)), round(lng + r * Math.cos(a))];
  });
}

async function main(): Promise<void> {
  const rows = Math.max(1, Number(values.rows));
  const users = Math.max(1, Number(values.users));
  const seconds = Math.max(1, Number(values.seconds));
  const seed = Number(values.seed);
  const file = values.file;

  const loadAverageBefore = loadavg();
  const reuse = values.keep && existsSync(file);
  let buildMs: number | null = null;
  if (values.engine === 'clickhouse') {
    const { ingestClickHouse, LOOPBACK_CLUSTER } = await import('../server/warehouse/clickhouse-ingest.ts');
    const { generatedSlices } = await import('../server/warehouse/ingest.ts');
    const target = { ...LOOPBACK_CLUSTER, database: CLICKHOUSE_DATABASE };
    buildMs = (await ingestClickHouse(target, generatedSlices(rows, 1), `usuarios-${String(rows)}`)).ms;
    console.log(`loaded ${String(rows)} rows into the ClickHouse shards in ${fmtMs(buildMs)} ms`);
  } else if (!reuse) {
    const { ingestGenerated } = await import('../server/warehouse/ingest.ts');
    rmSync(file, { force: true });
    buildMs = (await ingestGenerated(file, rows, 1)).ms;
    console.log(`built ${String(rows)} rows in ${fmtMs(buildMs)} ms`);
  } else console.log(`reusing ${file}`);

  const args = [...process.execArgv, import.meta.filename, '--serve', '--file', file];
  args.push('--engine', values.engine);
  if (values.stored) args.push('--stored');
  if (values['cache-mb'] !== undefined) args.push('--cache-mb', values['cache-mb']);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => {
      resolve((m as { port: number }).port);
    });
    child.once('exit', (code) => {
      reject(new Error(`the server exited (${String(code)})`));
    });
  });
  const api = `http://127.0.0.1:${String(port)}/api/warehouse/`;

  const info = (await (await fetch(`${api}info`)).json()) as { quarters: string[] };
  const quarters = info.quarters;
  const samples: Sample[] = [];
  /** Each visit's national view: milliseconds until its four answers were in, and whether all four were 200. */
  const firstViews: { ms: number; complete: boolean }[] = [];
  const started = performance.now();
  const endAt = started + seconds * 1000;
  let sessions = 0;
  /** Requests a visitor's next view aborted (--pan), per route. */
  const aborted = new Map<string, number>();

  function fetchOnce(
    agent: Agent,
    route: string,
    path: string,
    body?: string,
    signal?: AbortSignal,
  ): Promise<Sample> {
    return new Promise((resolve) => {
      const start = performance.now();
      const done = (status: number, bytes: number) => {
        const sample = { route, status, ms: performance.now() - start, bytes };
        // Aborted by the visitor's next view: what a page does, not an answer of the service.
        if (signal?.aborted) aborted.set(route, (aborted.get(route) ?? 0) + 1);
        else samples.push(sample);
        resolve(sample);
      };
      const req = request(
        api + path,
        {
          agent,
          ...(signal ? { signal } : {}),
          method: body ? 'POST' : 'GET',
          headers: {
            'Accept-Encoding': 'gzip, deflate, br',
            ...(body ? { 'Content-Type': 'application/json' } : {}),
          },
        },
        (res) => {
          let bytes = 0;
          res.on('data', (part: Buffer) => (bytes += part.byteLength));
          res.on('end', () => {
            done(res.statusCode ?? 0, bytes);
          });
          res.on('error', () => {
            done(-1, bytes);
          });
        },
      );
      req.on('error', () => {
        done(-1, 0);
      });
      req.end(body);
    });
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** One visitor's session; stops early once the time is up. */
  async function session(rnd: () => number): Promise<void> {
    const agent = new Agent({ keepAlive: true, maxSockets: 6 });
    const think = () => sleep(1000 + 4000 * rnd());
    const over = () => performance.now() >= endAt;
    try {
      // The national map.
      const t0 = performance.now();
      const first = [await fetchOnce(agent, 'info', 'info')];
      first.push(
        ...(await Promise.all([
          fetchOnce(agent, 'clusters national z6', `clusters?z=6&${NATIONAL}`),
          fetchOnce(agent, 'quarters whole table', 'quarters'),
          fetchOnce(agent, 'figures whole table', 'figures'),
        ])),
      );
      firstViews.push({ ms: performance.now() - t0, complete: first.every((f) => f.status === 200) });
      if (over()) return;
      await think();
      // A quarter: most pick one of the last four, some any.
      const pick =
        rnd() < 0.7
          ? quarters[quarters.length - 1 - Math.floor(rnd() * 4)]
          : quarters[Math.floor(rnd() * quarters.length)];
      let filter = pick ? `t=${pick}` : '';
      await Promise.all([
        fetchOnce(agent, 'clusters national z6, filtered', `clusters?z=6&${NATIONAL}&${filter}`),
        fetchOnce(agent, 'figures national, filtered', `figures?${filter}`),
      ]);
      if (over()) return;
      await think();
      // Venta.
      filter += '&op=Venta';
      await Promise.all([
        fetchOnce(agent, 'clusters national z6, filtered', `clusters?z=6&${NATIONAL}&${filter}`),
        fetchOnce(agent, 'quarters whole table, Venta', 'quarters?op=Venta'),
        fetchOnce(agent, 'figures national, filtered', `figures?${filter}`),
      ]);
      // Into Caracas: 2–4 views from zoom 9 to 12, each a little off the centre (a hand's pan).
      let lng = CARACAS.lng;
      let lat = CARACAS.lat;
      let zoom = 8;
      const steps = 2 + Math.floor(rnd() * 3);
      // --pan: the views' answers are not waited for; the next view aborts what is left of the last.
      let pending: { abort: AbortController; answers: Promise<Sample[]> } | null = null;
      for (let i = 0; i < steps && !over(); i++) {
        if (values.pan) await sleep(300 + 1200 * rnd());
        else await think();
        pending?.abort.abort();
        zoom = Math.min(12, zoom + 1 + (rnd() < 0.3 ? 1 : 0));
        lng += (rnd() - 0.5) * halfWidth(zoom);
        lat += (rnd() - 0.5) * halfWidth(zoom) * 0.7;
        const bbox = bboxAround(lng, lat, zoom);
        const abort = new AbortController();
        const signal = values.pan ? abort.signal : undefined;
        const answers = Promise.all([
          fetchOnce(
            agent,
            'clusters Caracas z9–12',
            `clusters?z=${String(zoom)}&${bbox}&${filter}`,
            undefined,
            signal,
          ),
          fetchOnce(agent, 'quarters view', `quarters?${bbox}&op=Venta`, undefined, signal),
          fetchOnce(agent, 'figures view', `figures?${bbox}&${filter}`, undefined, signal),
        ]);
        pending = { abort, answers };
        if (!values.pan) await answers;
      }
      // The last view stays: its answers are waited for.
      await pending?.answers;
      if (!over() && rnd() < 0.3) {
        await think();
        const bbox = bboxAround(lng, lat, zoom);
        await fetchOnce(agent, 'hexagons view', `hexagons?z=${String(zoom)}&${bbox}&op=Venta`);
      }
      if (!over() && rnd() < 0.3) {
        await think();
        const radius = halfWidth(zoom) * 0.4;
        if (rnd() < 0.8) {
          const points = ring(lat, lng, radius, 6 + Math.floor(rnd() * 20), rnd);
          const text = points.map(([a, b]) => `${String(a)},${String(b)}`).join(';');
          await fetchOnce(agent, 'polygon GET', `polygon?poligono=${text}&${filter}`);
        } else {
          const points = ring(lat, lng, radius, 200, rnd);
          await fetchOnce(
            agent,
            'polygon POST 200',
            `polygon?${filter}`,
            JSON.stringify({ poligono: points }),
          );
        }
      }
    } finally {
      agent.destroy();
      sessions++;
    }
  }

  /** A visitor slot: arrives, runs sessions back to back (each a new visitor) until the time is up. */
  async function slot(i: number): Promise<void> {
    const rnd = random(seed * 100_003 + i);
    await sleep(i < users / 2 ? 1000 * rnd() : 10_000 * rnd());
    while (performance.now() < endAt) await session(rnd);
  }

  await Promise.all(Array.from({ length: users }, (_, i) => slot(i)));
  const wallS = (performance.now() - started) / 1000;

  const stats = await new Promise<{ queries: number; queriesAtOpen: number }>((resolve) => {
    child.once('message', (m) => {
      resolve(m as { queries: number; queriesAtOpen: number });
    });
    child.send('stats');
  });
  child.disconnect();
  if (!values.keep) rmSync(file, { force: true });
  const loadAverageAfter = loadavg();

  const pct = (sorted: number[], p: number) =>
    sorted.length === 0
      ? Number.NaN
      : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN);
  const routes = [...new Set(samples.map((s) => s.route))];
  const perRoute = [...routes, 'all'].map((route) => {
    const mine = route === 'all' ? samples : samples.filter((s) => s.route === route);
    const ms = mine.map((s) => s.ms).sort((a, b) => a - b);
    const ok = mine.filter((s) => s.status === 200);
    const okMs = ok.map((s) => s.ms).sort((a, b) => a - b);
    return {
      route,
      count: mine.length,
      p50: pct(ms, 50),
      p95: pct(ms, 95),
      p99: pct(ms, 99),
      max: ms[ms.length - 1] ?? Number.NaN,
      ok: ok.length,
      okP50: pct(okMs, 50),
      okP95: pct(okMs, 95),
      over1s: mine.filter((s) => s.ms > 1000).length / Math.max(1, mine.length),
      s503: mine.filter((s) => s.status === 503).length,
      s504: mine.filter((s) => s.status === 504).length,
      otherErrors: mine.filter((s) => s.status !== 200 && s.status !== 503 && s.status !== 504).length,
      meanWireBytes: ok.reduce((sum, s) => sum + s.bytes, 0) / Math.max(1, ok.length),
      wireBytes: mine.reduce((sum, s) => sum + s.bytes, 0),
    };
  });
  const firstSorted = firstViews.map((f) => f.ms).sort((a, b) => a - b);
  const completeSorted = firstViews
    .filter((f) => f.complete)
    .map((f) => f.ms)
    .sort((a, b) => a - b);
  const firstView = {
    count: firstViews.length,
    complete: completeSorted.length,
    completeP50: pct(completeSorted, 50),
    completeP95: pct(completeSorted, 95),
    p50: pct(firstSorted, 50),
    p95: pct(firstSorted, 95),
    max: firstSorted.at(-1) ?? NaN,
  };
  const all = perRoute[perRoute.length - 1];
  const throughput = samples.length / wallS;

  const cacheNote =
    values['cache-mb'] === undefined
      ? 'the service as built (its default options)'
      : `cacheBytes ${values['cache-mb']} MiB`;
  const engineName =
    values.engine === 'clickhouse'
      ? 'ClickHouse 18.16, two shards on loopback behind a Distributed table'
      : 'DuckDB';
  const markdown = [
    `# Warehouse under ${String(users)} visitors (${engineName}, ${rows.toLocaleString('en')} generated rows, ${String(seconds)} s)`,
    '',
    `Service: ${cacheNote}; ${values.stored ? "the whole table's figures stored at open (as the demo's service opens it)" : 'no figures stored at open'}; its own process on loopback, the visitors in another (one 2-core box shared by both${values.engine === 'clickhouse' ? ', and the two ClickHouse servers' : ''}).`,
    buildMs === null ? 'Load: the file was reused.' : `Load: ${fmtMs(buildMs)} ms.`,
    `Load average before / after: ${loadAverageBefore[0]?.toFixed(2) ?? '?'} / ${loadAverageAfter[0]?.toFixed(2) ?? '?'} (1 min).`,
    `Sessions ${String(sessions)}, requests ${String(samples.length)} in ${wallS.toFixed(1)} s: ${throughput.toFixed(1)} requests/s; over 1 s: ${((all?.over1s ?? 0) * 100).toFixed(1)} %; engine queries ${String(stats.queries)} (${String(stats.queriesAtOpen)} at open).`,
    `National view ready (info + clusters + quarters + figures): median ${fmtMs(firstView.p50)} ms, p95 ${fmtMs(firstView.p95)} ms, max ${fmtMs(firstView.max)} ms over ${String(firstView.count)} visits; all four 200 in ${String(firstView.complete)} of them (median ${fmtMs(firstView.completeP50)} ms, p95 ${fmtMs(firstView.completeP95)} ms).`,
    'A 503 is counted and not retried (a page would retry after Retry-After, 2 s); "200 p50/p95" are the answered requests only.',
    ...(values.pan
      ? [
          `Caracas views panned (--pan): a view every 0.3–1.5 s, each aborting what the last had left; aborted, not counted above: ${[...aborted].map(([route, n]) => `${route} ${String(n)}`).join(', ') || 'none'}.`,
        ]
      : []),
    '',
    markdownTable(
      [
        'route',
        'count',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'max ms',
        '200',
        '200 p50 ms',
        '200 p95 ms',
        '> 1 s',
        '503',
        '504',
        'other',
        'mean wire kB',
      ],
      perRoute.map((r) => [
        r.route,
        r.count,
        fmtMs(r.p50),
        fmtMs(r.p95),
        fmtMs(r.p99),
        fmtMs(r.max),
        r.ok,
        fmtMs(r.okP50),
        fmtMs(r.okP95),
        `${(r.over1s * 100).toFixed(1)} %`,
        r.s503,
        r.s504,
        r.otherErrors,
        (r.meanWireBytes / 1024).toFixed(1),
      ]),
    ),
  ].join('\n');
  writeResults(
    values.name,
    {
      machine: machine(),
      rows,
      users,
      seconds,
      seed,
      cacheMb: values['cache-mb'] ?? null,
      engine: values.engine,
      stored: values.stored,
      pan: values.pan,
      aborted: Object.fromEntries(aborted),
      buildMs,
      loadAverageBefore,
      loadAverageAfter,
      wallS,
      sessions,
      requests: samples.length,
      throughput,
      engineQueries: stats.queries,
      engineQueriesAtOpen: stats.queriesAtOpen,
      firstView,
      perRoute,
    },
    markdown,
  );
  console.log(markdown);
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------------------
// The server: a child process running this file with --serve; it prints its port, answers 'stats' with the
// number of engine queries it ran, and exits when the parent disconnects.
// ---------------------------------------------------------------------------------------------------------
async function serve(): Promise<void> {
  const { servicesMiddlewareOf } = await import('../server/middleware.ts');
  const { openDuckDb } = await import('../server/warehouse/duckdb.ts');
  const { warehouseService } = await import('../server/warehouse/http/service.ts');
  const { openWarehouse } = await import('../server/warehouse/queries.ts');
  const { openClickHouse } = await import('../server/warehouse/clickhouse.ts');
  const { currentDatabase } = await import('../server/warehouse/clickhouse-versions.ts');
  let queries = 0;
  const engine =
    values.engine === 'clickhouse'
      ? await openClickHouse('http://127.0.0.1:8124', {
          database: await currentDatabase('http://127.0.0.1:8124', CLICKHOUSE_DATABASE),
        })
      : await openDuckDb(values.file);
  const counted = {
    ...engine,
    name: engine.name,
    dialect: engine.dialect,
    // Every argument passed on: the stored figures' longer limit at open, and a request's abort signal.
    query: (...args: Parameters<typeof engine.query>) => {
      queries++;
      return engine.query(...args);
    },
    stream: engine.stream.bind(engine),
    close: engine.close.bind(engine),
  };
  const cacheMb = values['cache-mb'];
  // Options the service may not know yet (before the answer cache) are passed through untyped.
  const options: Record<string, number> =
    cacheMb === undefined ? {} : { cacheBytes: Number(cacheMb) * 2 ** 20 };
  const service = warehouseService(() => openWarehouse(counted, { storeFigures: values.stored }), options);
  await service.warm();
  const middleware = servicesMiddlewareOf([service]);
  const server = createServer((req, res) => {
    middleware(req, res, () => res.writeHead(404).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const atOpen = queries;
  process.send?.({ port: (server.address() as AddressInfo).port });
  process.on('message', (message) => {
    if (message === 'stats') process.send?.({ queries: queries - atOpen, queriesAtOpen: atOpen });
  });
  process.on('disconnect', () => process.exit(0));
}

await (values.serve ? serve() : main());
