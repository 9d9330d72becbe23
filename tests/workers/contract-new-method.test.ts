/**
 * The project's rule for the worker API: adding an engine method touches the contract (CALL_POLICY) and the
 * engine only. Here the contract module gets two more CALL_POLICY entries and the engine two more methods
 * (module mocks standing for those two edits); the host, the worker's expose and the client are the real,
 * unedited modules, and the new methods' answers must reach a caller across a real MessageChannel.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BBox } from '../../src/core/types.ts';
import { ClusterClient } from '../../workers/client.ts';
import { CALL_POLICY, ENGINE_METHODS, type Answer } from '../../workers/contract.ts';
import { ClusterEngine } from '../../workers/engine/engine.ts';
import { EngineHost, FORWARDED_METHODS } from '../../workers/engine/host.ts';
import { channelClient } from './channel.ts';
import { tableFrom, WORLD } from './helpers.ts';

/** The two new entries of CALL_POLICY (the edit to workers/contract.ts). */
const added = vi.hoisted(() => ({ pricesOf: 'ordered', passingIn: 'latest' }) as const);

vi.mock('../../workers/contract.ts', async (importOriginal) => {
  const contract = await importOriginal<typeof import('../../workers/contract.ts')>();
  const policy = { ...contract.CALL_POLICY, ...added };
  return { ...contract, CALL_POLICY: policy, ENGINE_METHODS: Object.keys(policy) };
});

/** The two new methods of the engine (the edit to workers/engine/engine.ts), answering values as it does. */
interface Added {
  /** Prices of table rows, as a typed array (so the answer's buffer is transferred). */
  pricesOf(rows: readonly number[]): Answer<Float64Array>;
  /** Rows passing the filter inside the box. */
  passingIn(bbox: BBox): Answer<number>;
}

vi.mock('../../workers/engine/engine.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../workers/engine/engine.ts')>();
  class ExtendedEngine extends real.ClusterEngine implements Added {
    pricesOf(rows: readonly number[]): Answer<Float64Array> {
      const prices = new Float64Array(rows.length);
      for (const [i, row] of rows.entries()) {
        const property = this.getProperty(row); // not loaded, or out of range: its error
        if (!property.ok) return property;
        prices[i] = property.value.price;
      }
      return { ok: true, value: prices };
    }
    passingIn(bbox: BBox): Answer<number> {
      const summary = this.getSummary(bbox);
      return summary.ok ? { ok: true, value: summary.value.total } : summary;
    }
  }
  return { ...real, ClusterEngine: ExtendedEngine };
});

/** The client's generated calls for the added methods, as its EngineCalls type would declare them. */
interface AddedCalls {
  pricesOf(rows: readonly number[]): Promise<Float64Array>;
  passingIn(bbox: BBox): Promise<number | null>;
}

const NOT_LOADED = 'No hay datos cargados en el motor de agrupación.';
const points = Array.from({ length: 60 }, (_, i) => [-67 + (i % 10) * 0.05, 8 + Math.floor(i / 10) * 0.05]);

const clients: ClusterClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.terminate();
});

/** The shared channel (channel.ts), typed with the methods this fixture adds. */
function channelClientWithAdded(): { client: ClusterClient & AddedCalls; host: EngineHost } {
  const { client, host } = channelClient(clients);
  return { client: client as ClusterClient & AddedCalls, host };
}

describe('adding an engine method touches the contract and the engine only', () => {
  it('the fixture stands for those two edits', () => {
    expect(CALL_POLICY).toMatchObject(added);
    expect(ENGINE_METHODS).toEqual(expect.arrayContaining(Object.keys(added)));
    expect(typeof (ClusterEngine.prototype as Partial<Added>).pricesOf).toBe('function');
  });

  it('the host forwards the new methods to its engine, errors as values and all', () => {
    expect(FORWARDED_METHODS).toEqual(expect.arrayContaining(Object.keys(added)));
    const host = new EngineHost() as EngineHost & Added;
    expect(host.pricesOf([0])).toEqual({ ok: false, error: NOT_LOADED });
    const loaded = host.load(tableFrom(points));
    expect(loaded).toMatchObject({ ok: true });
    expect(host.pricesOf([0, 2])).toEqual({ ok: true, value: new Float64Array([1000, 3000]) });
    expect(host.pricesOf([points.length])).toEqual({
      ok: false,
      error: 'Índice de inmueble fuera de rango.',
    });
    expect(host.passingIn([...WORLD])).toEqual({ ok: true, value: points.length });
  });

  it("the new methods' answers reach the caller through the client and the worker's expose", async () => {
    const { client } = channelClientWithAdded();
    await expect(client.pricesOf([0])).rejects.toThrow(NOT_LOADED);
    await client.load(tableFrom(points));
    const prices = await client.pricesOf([0, 2, 5]);
    expect(prices).toBeInstanceOf(Float64Array);
    expect([...prices]).toEqual([1000, 3000, 6000]);
    await expect(client.pricesOf([points.length])).rejects.toThrow('Índice de inmueble fuera de rango.');
    // 'latest', as the new policy entry says: the older of two calls gives null, the newer answers.
    const west: BBox = [-67.01, 7.99, -66.87, 8.26]; // the first three columns of the grid
    const [older, newer] = await Promise.all([client.passingIn([...WORLD]), client.passingIn(west)]);
    expect(older).toBeNull();
    expect(newer).toBe(18);
  });
});
