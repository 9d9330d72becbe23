import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { largeWork } from '../../server/data-routes.ts';
import { SLICE_MS, WorkGate } from '../../server/paced.ts';
import { decodeTable, encodeTable } from '../../src/core/table-codec.ts';
import { generateFranchise } from '../../src/datagen/agencies.ts';
import { generateListings, generateTransactionsTable } from '../../src/datagen/index.ts';
import { rawGet, startServices } from './serve.ts';

let services: Awaited<ReturnType<typeof startServices>>;
beforeAll(async () => {
  services = await startServices();
});
afterAll(() => services.close());

const get = (path: string, init?: RequestInit) => fetch(`${services.base}${path}`, init);
const text = async (path: string) => (await get(path)).text();

describe('streamed answers are the generators’ bytes', () => {
  it('transactions: the VEPT table of generateTransactionsTable, with its length up front', async () => {
    for (const [count, seed] of [
      [2_500, 11],
      [1, 3],
      [0, 4],
    ] as const) {
      const answer = await get(`/api/data/transactions.bin?count=${count}&seed=${seed}`);
      const body = new Uint8Array(await answer.arrayBuffer());
      const expected = encodeTable(generateTransactionsTable({ count, seed }));
      expect(answer.headers.get('content-length')).toBe(String(expected.byteLength));
      expect(body).toEqual(expected);
      expect(decodeTable(body).length).toBe(count);
    }
  });

  it('listings, clean and dirty: JSON.stringify of generateListings', async () => {
    for (const dirty of [false, true]) {
      const body = await text(`/api/data/listings.json?count=300&seed=8&dirty=${dirty ? 1 : 0}`);
      expect(body).toBe(JSON.stringify(generateListings({ count: 300, seed: 8, dirty })));
    }
    expect(await text('/api/data/listings.json?count=0&seed=8')).toBe('[]');
  });

  it('franchise: JSON.stringify of generateFranchise, also with no agencies or no listings', async () => {
    for (const [agencies, properties] of [
      [3, 20],
      [0, 20],
      [2, 0],
    ] as const) {
      const body = await text(
        `/api/data/franchise.json?agencies=${agencies}&properties=${properties}&seed=6`,
      );
      const record = generateFranchise({ count: agencies, seed: 6, propertiesPerAgency: properties });
      expect(body).toBe(JSON.stringify(record));
    }
  });
});

describe('JSON answers are Brotli-compressed (else gzip) for clients that take it', () => {
  const raw = (path: string, acceptEncoding: string) => rawGet(`${services.base}${path}`, acceptEncoding);

  it('streamed and cached answers alike, the same bytes once decoded; plain for those that do not', async () => {
    const path = '/api/data/listings.json?count=400&seed=12&dirty=1';
    const expected = JSON.stringify(generateListings({ count: 400, seed: 12, dirty: true }));
    for (const round of ['streamed', 'cached']) {
      const answer = await raw(path, 'gzip, deflate, br');
      expect(answer.headers['content-encoding'], round).toBe('br');
      expect(answer.headers.vary).toBe('Origin, Accept-Encoding'); // CORS's Origin kept
      expect(answer.body.byteLength).toBeLessThan(expected.length / 4);
      expect(brotliDecompressSync(answer.body).toString()).toBe(expected);
      const gzipped = await raw(path, 'gzip, deflate');
      expect(gzipped.headers['content-encoding'], round).toBe('gzip');
      // Issue 40: Brotli is the smaller of the two (0.45 s less for the demo's listings on a 3G link).
      expect(answer.body.byteLength).toBeLessThan(gzipped.body.byteLength * 0.85);
      expect(gunzipSync(gzipped.body).toString()).toBe(expected);
    }
    const plain = await raw(path, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(expected);
  });
});

/**
 * Holds the large generations at their pauses, so that what a test sees does not depend on how fast this
 * machine draws rows. The pacer's turn to other requests (paced.ts: a setImmediate) is faked, so a paused
 * generation waits there until `release`; its clock (performance.now) moves a whole slice at every look, so
 * every generation pauses at its first check (after 512 rows). Everything else runs as usual: the requests
 * use node's http client and the test waits on the real timers (`until`).
 */
function holdPauses() {
  let now = performance.now();
  const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += SLICE_MS));
  vi.useFakeTimers({ toFake: ['setImmediate', 'clearImmediate'] });
  let held = true;
  return {
    /** Generations waiting at a pause. */
    parked: () => vi.getTimerCount(),
    /** Lets the parked generations go on, on the real clock and turns (idempotent). */
    release: () => {
      if (!held) return;
      held = false;
      vi.runOnlyPendingTimers(); // the parked turns end now; their work goes on once the fakes are gone
      vi.useRealTimers();
      clock.mockRestore();
    },
  };
}

/**
 * Waits for a state the server reaches by itself, looking every few milliseconds on the real clock. Not
 * expect.poll: it advances fake timers between looks, which would let the held generations go on.
 */
async function until<T>(read: () => T, value: T, what: string): Promise<void> {
  const deadline = Date.now() + 10_000; // generous, for a loaded machine: only reached if the server never gets there
  while (read() !== value) {
    if (Date.now() > deadline) throw new Error(`${what}: ${String(read())} after 10 s, not ${String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * What each test below asserts no longer depends on timing; once released it still draws millions of rows
 * (6 × 300k), which on a loaded 2-core machine took close to the default 20 s.
 */
const DRAWN_ROWS_TIMEOUT_MS = 90_000;

describe('a large generation does not hold the other routes', () => {
  const raw = (path: string, options?: Parameters<typeof rawGet>[2]) =>
    rawGet(`${services.base}${path}`, 'identity', options);

  // largeWork is the server's one line: each test starts with it empty (an earlier failure may leave work).
  beforeEach(() => until(() => largeWork.busy, 0, 'large work left before the test'));
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it(
    'the geocoder answers between two slices of a large table (300,001 rows), before the table is ready to send',
    async () => {
      const hold = holdPauses();
      let headers = false;
      let large: ReturnType<typeof raw> | undefined;
      try {
        // Just past the size that waits for a place; held at its first pause, its length does not matter here.
        large = raw('/api/data/transactions.bin?count=300001&seed=21', {
          onHeaders: () => (headers = true), // the length is known only once every row is drawn
        });
        // The generation has its place and stopped at its first pause, far from done.
        await until(() => hold.parked(), 1, 'generations held at a pause');
        expect(largeWork.busy).toBe(1);
        for (let i = 0; i < 5; i++) {
          const status = await raw('/api/geocoder/status');
          expect(status.status).toBe(200);
        }
        // Still at that pause: the five answers came between two slices, none after the table.
        expect(hold.parked()).toBe(1);
        expect(headers).toBe(false);
      } finally {
        hold.release();
      }
      const answer = await large;
      expect(answer.status).toBe(200);
      expect(answer.body.byteLength).toBeGreaterThan(300_001 * 29);
      expect(headers).toBe(true);
      expect(largeWork.busy).toBe(0);
    },
    DRAWN_ROWS_TIMEOUT_MS,
  );

  it(
    'a full line answers a Spanish 503 with Retry-After, and the others complete',
    async () => {
      const count = 300_001; // just past the size that waits for a place
      const hold = holdPauses();
      const admitted: ReturnType<typeof raw>[] = [];
      try {
        // One running (held at its first pause) and four in line, each counted in before the next is sent.
        for (let i = 0; i < 5; i++) {
          admitted.push(raw(`/api/data/transactions.bin?count=${count}&seed=${500 + i}`));
          await until(() => largeWork.busy, i + 1, 'places taken');
        }
        expect(hold.parked()).toBe(1);
        // The sixth finds the line full, whatever the speed of the machine: the first is held. (Were it let in
        // line instead, it would wait behind the held one: the place it takes says so without waiting for it.)
        let sixth: Awaited<ReturnType<typeof raw>> | undefined;
        void raw(`/api/data/transactions.bin?count=${count}&seed=505`).then((answer) => (sixth = answer));
        await until(() => sixth !== undefined || largeWork.busy > 5, true, 'the sixth answered or in line');
        expect(largeWork.busy).toBe(5); // the refusal took no place
        const refused = sixth;
        if (!refused) throw new Error('no answer to the sixth');
        expect(refused.status).toBe(503);
        expect(refused.headers['retry-after']).toBe('5');
        const message = JSON.parse(refused.body.toString()) as { error: string };
        expect(message.error).toMatch(/ocupado.*intente de nuevo/);
      } finally {
        hold.release();
      }
      // Bodies are read as they come: a client that stops reading holds its place (see STALLED_WRITE_MS).
      for (const answer of await Promise.all(admitted)) {
        expect(answer.status).toBe(200);
        expect(decodeTable(new Uint8Array(answer.body)).length).toBe(count);
      }
      expect(largeWork.busy).toBe(0);
    },
    DRAWN_ROWS_TIMEOUT_MS,
  );

  it(
    'a client that leaves frees its place at the next pause, long before the work would have ended',
    async () => {
      const url = '/api/data/transactions.bin?count=5000000&seed=31';
      const serverSide = new Promise<ServerResponse>((resolve) => {
        const watch = (req: IncomingMessage, res: ServerResponse) => {
          if (req.url !== url) return;
          services.server.off('request', watch);
          resolve(res);
        };
        services.server.on('request', watch);
      });
      const hold = holdPauses();
      try {
        const leave = new AbortController();
        const request = raw(url, { signal: leave.signal });
        const res = await serverSide;
        // 5M rows take seconds to draw: this one is held at its first pause, after 512 of them.
        await until(() => hold.parked(), 1, 'generations held at a pause');
        expect(largeWork.busy).toBe(1);
        const gone = new Promise((resolve) => res.once('close', resolve));
        leave.abort();
        await expect(request).rejects.toThrow();
        await gone; // the server has seen the client go
        expect(res.destroyed).toBe(true);
        expect(largeWork.busy).toBe(1); // nobody has looked yet: the work is still at its pause
      } finally {
        hold.release();
      }
      // The slice after the pause sees the closed socket and stops; the place is free before the next turn.
      await new Promise((resolve) => setImmediate(resolve));
      expect(largeWork.busy).toBe(0);
    },
    DRAWN_ROWS_TIMEOUT_MS,
  );
});

describe('WorkGate', () => {
  it('runs `running` at a time, keeps `waiting` in line, refuses past that and passes places on', async () => {
    const gate = new WorkGate(1, 2);
    const order: string[] = [];
    // Each job says when it starts and ends when the test says so: no step depends on timing.
    const started = new Map<string, () => void>();
    const startOf = new Map<string, Promise<void>>();
    const finish = new Map<string, () => void>();
    const job = (name: string) => {
      startOf.set(name, new Promise<void>((resolve) => started.set(name, resolve)));
      return () =>
        new Promise<string>((resolve) => {
          order.push(name);
          finish.set(name, () => {
            resolve(name);
          });
          started.get(name)?.();
        });
    };
    const a = gate.run(job('a'));
    const b = gate.run(job('b'));
    const c = gate.run(job('c'));
    expect(gate.run(job('d'))).toBeNull();
    expect(gate.busy).toBe(3);
    await startOf.get('a');
    expect(order).toEqual(['a']); // b and c wait
    finish.get('a')?.();
    await expect(a).resolves.toBe('a');
    await startOf.get('b');
    expect(order).toEqual(['a', 'b']);
    expect(gate.busy).toBe(2);
    finish.get('b')?.();
    await expect(b).resolves.toBe('b');
    await startOf.get('c');
    expect(order).toEqual(['a', 'b', 'c']);
    finish.get('c')?.();
    await expect(c).resolves.toBe('c');
    expect(gate.busy).toBe(0);
    expect(order).toEqual(['a', 'b', 'c']); // d was never run
  });

  it('a failing job frees its place', async () => {
    const gate = new WorkGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(gate.busy).toBe(0);
    await expect(gate.run(() => Promise.resolve(1))).resolves.toBe(1);
  });
});
