import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  autocompleteAddress,
  forwardGeocode,
  forwardPoint,
  reverseGeocode,
} from '../../src/geocoding/client.ts';
import { geocodeBatch } from '../../src/core/ingest/geocode-batch.ts';
import { startServices } from '../server/serve.ts';

let baseUrl = '';
let close: () => Promise<void> = () => Promise.resolve();
beforeAll(async () => {
  const started = await startServices();
  baseUrl = `${started.base}/api/geocoder`;
  close = started.close;
});
afterAll(() => close());

describe('geocoding client against the embedded geocoder', () => {
  it('forward: accent-free query, 5 ranked suggestions with VEN labels and coordinates', async () => {
    const answer = await forwardGeocode('Mérida', { baseUrl, countryCodes: ['ve'], key: 'k' });
    if (!answer.ok) throw new Error(answer.error);
    expect(answer.value.length).toBeGreaterThan(0);
    expect(answer.value.length).toBeLessThanOrEqual(5);
    expect(answer.value[0]?.text).toMatch(/^Mérida, .*VEN, Venezuela$/);
    expect(answer.value[0]?.coordenadasUbicacion?.[0]).toBeCloseTo(8.6, 0);
  });

  it('forward: results outside the map’s bounds are dropped', async () => {
    const everywhere = await forwardGeocode('San Carlos', { baseUrl });
    const westOnly = await forwardGeocode('San Carlos', { baseUrl, bounds: [-73, 0, -68.5, 13] });
    if (!everywhere.ok || !westOnly.ok) throw new Error('lookup failed');
    expect(westOnly.value.length).toBeGreaterThan(0);
    expect(westOnly.value.length).toBeLessThan(everywhere.value.length);
    expect(westOnly.value.every((s) => (s.coordenadasUbicacion?.[1] ?? 0) <= -68.5)).toBe(true);
  });

  it('forwardPoint: a whole match gives its point; a partial match (approximate) gives none', async () => {
    const whole = await forwardPoint('Los Palos Grandes, Chacao, Caracas', { baseUrl, countryCodes: ['ve'] });
    expect(whole.ok && whole.value?.lat).toBeCloseTo(10.5, 1);
    const partial = await forwardPoint('Zzyzx, Chacao, Caracas', { baseUrl, countryCodes: ['ve'] });
    expect(partial).toEqual({ ok: true, value: null });
  });

  it('batch geocoding through it records the level really found', async () => {
    const lookup = async (q: string, signal?: AbortSignal) => {
      const answer = await forwardPoint(q, { baseUrl, countryCodes: ['ve'] }, signal);
      if (!answer.ok) throw new Error(answer.error);
      return answer.value;
    };
    const address = (urbanizacion: string, municipio: string, ciudad: string) => ({
      urbanizacion,
      municipio,
      ciudad,
      estado: '',
    });
    const placed = await geocodeBatch(
      [
        address('Los Palos Grandes', 'Chacao', 'Caracas'),
        address('Zzyzx', 'Chacao', 'Caracas'),
        address('Qwerty', 'Asdfgh', 'Maracaibo'),
        address('Qwerty', 'Asdfgh', 'Pqrst'),
      ],
      lookup,
      { concurrency: 4 },
    );
    expect([...placed.values()].map((p) => p.level)).toEqual(['urbanizacion', 'municipio', 'ciudad']);
  });

  it('forward: an empty query makes no request', async () => {
    let calls = 0;
    const answer = await forwardGeocode('   ', {
      baseUrl,
      fetchImpl: () => (calls++, Promise.reject(new Error('no'))),
    });
    expect(answer).toEqual({ ok: true, value: [] });
    expect(calls).toBe(0);
  });

  it('reverse: the Esri-like answer with the parsed address; null outside Venezuela', async () => {
    const answer = await reverseGeocode(10.4961, -66.853, { baseUrl });
    if (!answer.ok) throw new Error(answer.error);
    expect(answer.value?.address.estado).toBe('Miranda');
    expect(answer.value?.LongLabel).toMatch(/VEN, Venezuela$/);
    expect(answer.value?.location).toEqual({ x: -66.853, y: 10.4961 });
    expect(await reverseGeocode(4.6, -74.08, { baseUrl })).toEqual({ ok: true, value: null });
  });
});

describe('autocompleteAddress (address control)', () => {
  it('asks nothing under 2 characters and returns at most 5 { x, y, label, bounds, raw }', async () => {
    let calls = 0;
    const none = await autocompleteAddress('M', {
      baseUrl,
      fetchImpl: () => (calls++, Promise.reject(new Error('no'))),
    });
    expect(none).toEqual({ ok: true, value: [] });
    expect(calls).toBe(0);
    const answer = await autocompleteAddress('Ma', { baseUrl, countryCodes: ['ve'] });
    if (!answer.ok) throw new Error(answer.error);
    expect(answer.value.length).toBeGreaterThan(0);
    expect(answer.value.length).toBeLessThanOrEqual(5);
    const first = answer.value[0];
    expect(first?.label).toMatch(/^Ma.*VEN, Venezuela$/);
    expect(first?.x).toBeLessThan(-59);
    expect(first?.y).toBeGreaterThan(0);
    expect(first?.bounds).toHaveLength(4);
    expect(first?.raw.display_name).toBeDefined();
  });
});

describe('geocoding client errors follow the spec’s catalogue, as values', () => {
  const failing = (response: () => Promise<Response>) => ({
    baseUrl: 'http://geo.invalid',
    fetchImpl: () => response(),
  });

  it('non-2xx → Request failed with status code n', async () => {
    const answer = await forwardGeocode(
      'Caracas',
      failing(() => Promise.resolve(new Response('', { status: 503 }))),
    );
    expect(answer).toEqual({ ok: false, kind: 'http', error: 'Request failed with status code 503' });
  });

  it('connection refused or malformed JSON → Network Error', async () => {
    expect(
      await forwardGeocode(
        'Caracas',
        failing(() => Promise.reject(new TypeError('fetch failed'))),
      ),
    ).toMatchObject({ error: 'Network Error' });
    expect(
      await reverseGeocode(
        1,
        2,
        failing(() => Promise.resolve(new Response('{not json', { status: 200 }))),
      ),
    ).toMatchObject({ error: 'Network Error' });
  });

  it('a search answer that is not a list is a failure, not "no results"', async () => {
    const notAList = failing(() => Promise.resolve(Response.json({ results: [] })));
    expect(await forwardGeocode('Caracas', notAList)).toMatchObject({ ok: false, error: 'Network Error' });
    expect(await autocompleteAddress('Cara', notAList)).toMatchObject({ ok: false, error: 'Network Error' });
    const empty = failing(() => Promise.resolve(Response.json([])));
    expect(await forwardGeocode('Caracas', empty)).toEqual({ ok: true, value: [] });
  });

  it('a slow service → timeout of n ms exceeded; a caller abort → Request aborted', async () => {
    const never = (_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    expect(await forwardGeocode('Caracas', { baseUrl: 'http://x', fetchImpl: never, timeoutMs: 30 })).toEqual(
      {
        ok: false,
        kind: 'timeout',
        error: 'timeout of 30ms exceeded',
      },
    );
    const controller = new AbortController();
    const pending = forwardGeocode('Caracas', { baseUrl: 'http://x', fetchImpl: never }, controller.signal);
    controller.abort();
    expect(await pending).toEqual({ ok: false, kind: 'aborted', error: 'Request aborted' });
  });
});

describe('one malformed Nominatim entry does not empty the suggestion list', () => {
  const answering = (body: unknown) => ({
    baseUrl: 'http://geo.invalid',
    fetchImpl: () => Promise.resolve(Response.json(body)),
  });
  const good = {
    lat: '10.5',
    lon: '-66.9',
    display_name: 'Chacao, Miranda',
    boundingbox: ['10', '11', '-67', '-66'],
  };

  it('skips "boundingbox": "nope" and "display_name": {} and keeps the good result', async () => {
    const answer = await forwardGeocode(
      'Chacao',
      answering([
        { ...good, display_name: 'Malo', boundingbox: 'nope' },
        { ...good, display_name: {} },
        { ...good, address: { road: 5 } },
        good,
      ]),
    );
    expect(answer).toEqual({
      ok: true,
      value: [
        {
          text: 'Chacao, Miranda, VEN, Venezuela',
          coordenadasUbicacion: [10.5, -66.9],
          bbox: [-67, 10, -66, 11],
          tipo: null,
        },
      ],
    });
  });
});

describe('the request a lookup sends (a widget’s configuration: key, countries, language)', () => {
  const asked = async (options: Parameters<typeof forwardGeocode>[1]) => {
    const urls: string[] = [];
    await forwardGeocode('Chacao', {
      ...options,
      fetchImpl: (input) => {
        urls.push(input instanceof Request ? input.url : input.toString());
        return Promise.resolve(new Response('[]', { status: 200 }));
      },
    });
    return new URL(urls[0] ?? 'http://none/');
  };

  it('sends the configured language, key and countries', async () => {
    const url = await asked({
      baseUrl: 'https://geo.example/base/',
      key: 'k1',
      countryCodes: ['ve', 'co'],
      language: 'en',
    });
    expect(url.pathname).toBe('/base/search');
    expect(url.searchParams.get('accept-language')).toBe('en');
    expect(url.searchParams.get('key')).toBe('k1');
    expect(url.searchParams.get('countrycodes')).toBe('ve,co');
  });

  it('asks in Spanish without a language, and sends no key without one', async () => {
    const url = await asked({ baseUrl: 'https://geo.example' });
    expect(url.searchParams.get('accept-language')).toBe('es');
    expect(url.searchParams.has('key')).toBe(false);
  });
});
