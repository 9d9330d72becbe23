import { afterEach, describe, expect, it } from 'vitest';
import { ClusterClient } from '../../workers/client.ts';
import { CALL_POLICY, ENGINE_METHODS } from '../../workers/contract.ts';
import { EngineHost } from '../../workers/engine/host.ts';
import { channelClient } from './channel.ts';
import { tableFrom, WORLD } from './helpers.ts';

const clients: ClusterClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.terminate();
});

const publicMethods = (proto: object) =>
  Object.getOwnPropertyNames(proto).filter(
    (name) => name !== 'constructor' && typeof (proto as Record<string, unknown>)[name] === 'function',
  );

describe('the one worker contract', () => {
  it('lists only methods the exposed host has, each with a call policy', () => {
    const engineMethods = publicMethods(EngineHost.prototype).filter((name) => !name.startsWith('_'));
    // The compiler checks the other direction (CALL_POLICY satisfies a record of every API method).
    for (const name of ENGINE_METHODS) expect(engineMethods).toContain(name);
    for (const name of ENGINE_METHODS)
      expect(['latest', 'ordered', 'lifecycle']).toContain(CALL_POLICY[name]);
  });

  it('the client has a method for every contract method, derived from the list', () => {
    const client = channelClient(clients).client;
    for (const name of ENGINE_METHODS) {
      if (name === 'configure') continue; // run by the client itself when a worker starts
      expect(typeof (client as unknown as Record<string, unknown>)[name]).toBe('function');
    }
  });

  it("'latest' calls: a superseded answer is null, the newest answers; 'ordered' calls all answer", async () => {
    const client = channelClient(clients).client;
    const points = Array.from({ length: 200 }, (_, i) => [
      -67 + (i % 20) * 0.05,
      8 + Math.floor(i / 20) * 0.05,
    ]);
    await client.load(tableFrom(points));
    const [older, newer] = await Promise.all([
      client.getClusters([...WORLD], 2),
      client.getClusters([...WORLD], 19),
    ]);
    expect(older).toBeNull();
    expect(newer?.length).toBe(points.length);
    const [a, b] = await Promise.all([client.getProperty(0), client.getProperty(1)]);
    expect([a.index, b.index]).toEqual([0, 1]);
  });
});
