import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largeWork } from '../../server/data-routes.ts';
import { WorkGate } from '../../server/paced.ts';
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

describe('JSON answers are gzip-compressed for clients that take it', () => {
  const raw = (path: string, acceptEncoding: string) => rawGet(`${services.base}${path}`, acceptEncoding);

  it('streamed and cached answers alike, the same bytes once decoded; plain for those that do not', async () => {
    const path = '/api/data/listings.json?count=400&seed=12&dirty=1';
    const expected = JSON.stringify(generateListings({ count: 400, seed: 12, dirty: true }));
    for (const round of ['streamed', 'cached']) {
      const answer = await raw(path, 'gzip, deflate, br');
      expect(answer.headers['content-encoding'], round).toBe('gzip');
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.body.byteLength).toBeLessThan(expected.length / 3);
      expect(gunzipSync(answer.body).toString()).toBe(expected);
    }
    const plain = await raw(path, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(expected);
  });
});

describe('a large generation does not hold the other routes', () => {
  it('the geocoder answers many times before a 1.5M-row table is even ready to send', async () => {
    let headersAt = Number.POSITIVE_INFINITY;
    const large = get('/api/data/transactions.bin?count=1500000&seed=21').then(async (answer) => {
      headersAt = performance.now(); // the length is known only once every row is drawn
      return (await answer.arrayBuffer()).byteLength;
    });
    const answeredAt: number[] = [];
    while (answeredAt.length < 5 && headersAt === Number.POSITIVE_INFINITY) {
      const status = await get('/api/geocoder/status');
      expect(status.status).toBe(200);
      await status.arrayBuffer();
      answeredAt.push(performance.now());
    }
    expect(await large).toBeGreaterThan(1_500_000 * 29);
    // Before slicing, the first probe waited for the whole table: none answered before its headers.
    expect(answeredAt.filter((t) => t < headersAt).length).toBe(5);
  });

  it('a full line answers a Spanish 503 with Retry-After, and the others complete', async () => {
    const count = 300_001; // just past the size that waits for a place
    // Bodies are read as they come: a client that stops reading holds its place (see STALLED_WRITE_MS).
    const answers = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const answer = await get(`/api/data/transactions.bin?count=${count}&seed=${500 + i}`);
        return { answer, body: new Uint8Array(await answer.arrayBuffer()) };
      }),
    );
    const refused = answers.filter((a) => a.answer.status === 503);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.answer.headers.get('retry-after')).toBe('5');
    const message = JSON.parse(new TextDecoder().decode(refused[0]?.body)) as { error: string };
    expect(message.error).toMatch(/ocupado.*intente de nuevo/);
    for (const { answer, body } of answers.filter((a) => a.answer.status !== 503)) {
      expect(answer.status).toBe(200);
      expect(decodeTable(body).length).toBe(count);
    }
  });

  it('a client that leaves frees its place long before the work would have ended', async () => {
    const leave = new AbortController();
    const request = get('/api/data/transactions.bin?count=5000000&seed=31', { signal: leave.signal });
    await expect.poll(() => largeWork.busy).toBe(1);
    leave.abort();
    await expect(request).rejects.toThrow();
    // 5M rows take seconds to draw; the slices notice the closed socket at the next pause.
    await expect.poll(() => largeWork.busy, { timeout: 1_500 }).toBe(0);
  });
});

describe('WorkGate', () => {
  it('runs `running` at a time, keeps `waiting` in line, refuses past that and passes places on', async () => {
    const gate = new WorkGate(1, 2);
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const job = (name: string) => () =>
      new Promise<string>((resolve) => {
        order.push(name);
        releases.push(() => {
          resolve(name);
        });
      });
    const a = gate.run(job('a'));
    const b = gate.run(job('b'));
    const c = gate.run(job('c'));
    expect(gate.run(job('d'))).toBeNull();
    expect(gate.busy).toBe(3);
    await Promise.resolve();
    expect(order).toEqual(['a']);
    releases.shift()?.();
    await expect(a).resolves.toBe('a');
    await expect.poll(() => order).toEqual(['a', 'b']);
    releases.shift()?.();
    await expect(b).resolves.toBe('b');
    releases.shift()?.();
    await expect(c).resolves.toBe('c');
    expect(gate.busy).toBe(0);
  });

  it('a failing job frees its place', async () => {
    const gate = new WorkGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(gate.busy).toBe(0);
    await expect(gate.run(() => Promise.resolve(1))).resolves.toBe(1);
  });
});
