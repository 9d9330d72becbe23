import { describe, expect, it } from 'vitest';
import { autocompleteAddress, forwardGeocode } from '../../src/geocoding/client.ts';
import {
  LOCAL_GAZETTEER_KEY,
  LocalGazetteer,
  localSuggestion,
  type PlaceStorage,
} from '../../src/geocoding/local-gazetteer.ts';
import { place } from '../core/gazetteer/place-fixture.ts';

/** A Map-backed storage; `full` makes every write throw, as a full or disabled localStorage does. */
function memory(initial: Record<string, string> = {}, full = false) {
  const items = new Map(Object.entries(initial));
  const storage: PlaceStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      if (full) throw new DOMException('QuotaExceededError');
      items.set(key, value);
    },
  };
  return { storage, items };
}

/** A fetch answering the service's JSON list (or a status). */
const service =
  (body: unknown, status = 200): typeof fetch =>
  () =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));

const served = [
  {
    lat: '10.21',
    lon: '-67.88',
    name: 'Los Mangos',
    display_name: 'Los Mangos, Carabobo',
    type: 'suburb',
    address: { state: 'Carabobo' },
  },
];

describe('the local gazetteer in the browser', () => {
  it('stores under its versioned key, reads back, merges, and changes its revision', () => {
    const { storage, items } = memory();
    const local = new LocalGazetteer(() => storage);
    expect(local.current()).toEqual({ places: [], notice: null, revision: 0 });
    let heard = 0;
    local.subscribe(() => heard++);
    expect(local.add([place()])).toEqual({ ok: true, total: 1 });
    expect(local.add([place({ lat: 10.21 }), place({ name: 'El Trigal', municipio: 'Valencia' })])).toEqual({
      ok: true,
      total: 2,
    });
    expect(heard).toBe(2);
    expect(JSON.parse(items.get('mapas:gazetteer-local:v1') ?? '')).toMatchObject({ version: 1 });
    const view = local.current();
    expect(view.places.map((p) => [p.name, p.lat])).toEqual([
      ['Los Mangos', 10.21],
      ['El Trigal', 10.2],
    ]);
    expect(view.revision).toBe(2);
    expect(local.current()).toBe(view); // unchanged text: not parsed again
  });

  it('tells its listeners of another tab’s writes to its key, or a cleared storage, until they leave', () => {
    const { storage, items } = memory();
    const events = new EventTarget();
    const local = new LocalGazetteer(() => storage, events);
    let heard = 0;
    const stop = local.subscribe(() => heard++);
    const write = (key: string | null) => events.dispatchEvent(Object.assign(new Event('storage'), { key }));
    items.set('mapas:gazetteer-local:v1', JSON.stringify({ version: 1, places: [place()] }));
    write('mapas:gazetteer-local:v1');
    expect(heard).toBe(1);
    expect(local.places()).toEqual([place()]);
    write('otra-clave');
    write(null); // storage.clear() in another tab
    expect(heard).toBe(2);
    stop();
    write('mapas:gazetteer-local:v1');
    expect(heard).toBe(2);
  });

  it('ignores corrupt or hostile stored data with a Spanish notice, never a throw', () => {
    const corrupt = new LocalGazetteer(
      () => memory({ [LOCAL_GAZETTEER_KEY]: '{"version":1,"places":[{' }).storage,
    );
    expect(corrupt.current()).toMatchObject({
      places: [],
      notice: 'El gazetteer local guardado en este navegador no se pudo leer y se ignoró.',
    });
    const text = JSON.stringify({
      version: 1,
      places: [place(), { ...place(), name: '<img src=x onerror=alert(1)>' }],
    });
    const partly = new LocalGazetteer(() => memory({ [LOCAL_GAZETTEER_KEY]: text }).storage);
    expect(partly.current()).toMatchObject({
      places: [place()],
      notice: 'Se ignoraron 1 entradas no válidas del gazetteer local.',
    });
    const throwing = new LocalGazetteer(() => ({
      getItem: () => {
        throw new DOMException('SecurityError');
      },
      setItem: () => undefined,
    }));
    expect(throwing.current().places).toEqual([]);
    expect(new LocalGazetteer(() => null).add([place()])).toEqual({
      ok: false,
      error:
        'No se pudo guardar el gazetteer local (el almacenamiento del navegador está lleno o desactivado).',
    });
    const full = new LocalGazetteer(() => memory({}, true).storage);
    expect(full.add([place()]).ok).toBe(false);
  });

  it('a local place is a residential suggestion with a long label marked «(local)» and a box around it', () => {
    const s = localSuggestion(place({ spreadM: 100 }));
    expect(s.text).toBe('Los Mangos, Guacara, Carabobo, VEN, Venezuela (local)');
    expect(s.coordenadasUbicacion).toEqual([10.2, -67.9]);
    expect(s.tipo).toBe('residential');
    // 300 m each side at least: 0.0027° of latitude.
    expect(s.bbox?.[1]).toBeCloseTo(10.1973, 4);
    expect(s.bbox?.[3]).toBeCloseTo(10.2027, 4);
  });
});

describe('the search with local places first', () => {
  const local = new LocalGazetteer(
    () => memory({ [LOCAL_GAZETTEER_KEY]: JSON.stringify({ version: 1, places: [place()] }) }).storage,
  );

  it('forward: matching local places before the service’s answers, duplicates of neither lost', async () => {
    const answer = await forwardGeocode('los mangos', {
      baseUrl: 'http://x',
      fetchImpl: service(served),
      local,
    });
    expect(answer.ok && answer.value.map((s) => s.text)).toEqual([
      'Los Mangos, Guacara, Carabobo, VEN, Venezuela (local)',
      'Los Mangos, Carabobo, VEN, Venezuela',
    ]);
    const none = await forwardGeocode('El Trigal', { baseUrl: 'http://x', fetchImpl: service([]), local });
    expect(none).toEqual({ ok: true, value: [] });
  });

  it('forward: a local place outside the map’s bounds is dropped; with the service down, local ones answer', async () => {
    const west = await forwardGeocode('Los Mangos', {
      baseUrl: 'http://x',
      fetchImpl: service([]),
      local,
      bounds: [-73, 0, -68.5, 13],
    });
    expect(west).toEqual({ ok: true, value: [] });
    const down = await forwardGeocode('Los Mangos', {
      baseUrl: 'http://x',
      fetchImpl: service({}, 503),
      local,
    });
    expect(down.ok && down.value.map((s) => s.text)).toEqual([
      'Los Mangos, Guacara, Carabobo, VEN, Venezuela (local)',
    ]);
  });

  it('autocomplete: local places first, as residential results', async () => {
    const answer = await autocompleteAddress('Los Man', {
      baseUrl: 'http://x',
      fetchImpl: service(served),
      local,
    });
    if (!answer.ok) throw new Error(answer.error);
    expect(answer.value.map((r) => [r.label, r.y, r.x, r.raw.type])).toEqual([
      ['Los Mangos, Guacara, Carabobo, VEN, Venezuela (local)', 10.2, -67.9, 'residential'],
      ['Los Mangos, Carabobo, VEN, Venezuela', 10.21, -67.88, 'suburb'],
    ]);
  });
});
