import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices } from './serve.ts';

let base = '';
let close: () => Promise<void> = () => Promise.resolve();
beforeAll(async () => {
  const started = await startServices();
  base = `${started.base}/api/geocoder`;
  close = started.close;
});
afterAll(() => close());

interface NominatimPlace {
  place_id: number;
  lat: string;
  lon: string;
  display_name: string;
  class?: string;
  category?: string;
  type: string;
  importance: number;
  boundingbox: string[];
  address?: Record<string, string>;
  extratags?: Record<string, string>;
  error?: string;
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the JSON shape it expects
async function get<T>(path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${path}`);
  const body: unknown = await response.json();
  return { status: response.status, body: body as T };
}

describe('embedded geocoder: /search (Nominatim protocol)', () => {
  it('finds places accent- and case-insensitively and answers with Nominatim’s fields and types', async () => {
    const { status, body } = await get<NominatimPlace[]>(
      '/search?q=merida&format=json&addressdetails=1&accept-language=es&limit=25&key=x',
    );
    expect(status).toBe(200);
    const first = body[0];
    expect(first?.display_name).toBe('Mérida, Libertador, Mérida, Venezuela');
    expect(typeof first?.lat).toBe('string');
    expect(typeof first?.lon).toBe('string');
    expect(first?.class).toBe('place');
    expect(first?.boundingbox).toHaveLength(4);
    expect(first?.boundingbox.every((v) => typeof v === 'string')).toBe(true);
    expect(first?.address).toMatchObject({
      city: 'Mérida',
      state: 'Mérida',
      country: 'Venezuela',
      country_code: 've',
    });
    // The estado of the same name is a result too, as a boundary.
    expect(body.some((p) => p.class === 'boundary' && p.display_name === 'Mérida, Venezuela')).toBe(true);
  });

  it('ranks homonyms by importance and narrows them with context after a comma', async () => {
    const all = await get<NominatimPlace[]>('/search?q=Valencia&format=json&addressdetails=1');
    expect(all.body[0]?.address?.state).toBe('Carabobo');
    const narrowed = await get<NominatimPlace[]>('/search?q=San%20Carlos,%20Cojedes&addressdetails=1');
    expect(narrowed.body.length).toBeGreaterThan(0);
    expect(narrowed.body.every((p) => p.address?.state === 'Cojedes')).toBe(true);
  });

  it('uses jsonv2 field names, compiled sectors, country codes and bounded viewboxes', async () => {
    const v2 = await get<NominatimPlace[]>('/search?q=Caracas&format=jsonv2');
    expect(v2.body[0]?.category).toBe('place');
    expect(v2.body[0]?.class).toBeUndefined();
    const sector = await get<NominatimPlace[]>('/search?q=puerto%20ordaz');
    expect(sector.body[0]?.display_name).toBe('Puerto Ordaz, Ciudad Guayana, Caroní, Bolívar, Venezuela');
    expect(sector.body[0]?.extratags?.approximate).toBe('yes');
    expect((await get<unknown[]>('/search?q=Caracas&countrycodes=co')).body).toEqual([]);
    expect((await get<unknown[]>('/search?q=Caracas&countrycodes=co,VE')).body).not.toEqual([]);
    const outside = await get<unknown[]>('/search?q=Caracas&viewbox=-72,8,-70,9&bounded=1');
    expect(outside.body).toEqual([]);
    expect((await get<unknown[]>('/search?q=xyzzy')).body).toEqual([]);
  });

  it('finds municipios, placed at their main town and typed as counties', async () => {
    const { body } = await get<(NominatimPlace & { addresstype: string })[]>(
      '/search?q=municipio%20Chacao&addressdetails=1',
    );
    const municipio = body.find((p) => p.addresstype === 'county');
    expect(municipio?.display_name).toBe('Chacao, Miranda, Venezuela');
    expect(municipio?.address).toMatchObject({ county: 'Chacao', state: 'Miranda' });
  });

  it('autocompletes on prefixes, five by default', async () => {
    const { body } = await get<NominatimPlace[]>('/autocomplete?q=Bar');
    expect(body.length).toBeGreaterThan(1);
    expect(body.length).toBeLessThanOrEqual(5);
    expect(body.every((p) => /^Bar/i.test(p.display_name))).toBe(true);
    expect(body[0]?.address).toBeDefined();
  });
});

describe('embedded geocoder: urbanizaciones, ranking and fallback over HTTP', () => {
  it('serves an urbanización as a neighbourhood with its city, municipio and estado, flagged approximate', async () => {
    const { body } = await get<(NominatimPlace & { addresstype: string })[]>(
      '/search?q=los%20palos%20grandes&format=jsonv2&addressdetails=1',
    );
    expect(body[0]?.display_name).toBe('Los Palos Grandes, Caracas, Chacao, Miranda, Venezuela');
    expect(body[0]?.addresstype).toBe('neighbourhood');
    expect(body[0]?.category).toBe('place');
    expect(body[0]?.address).toMatchObject({
      neighbourhood: 'Los Palos Grandes',
      city: 'Caracas',
      county: 'Chacao',
      state: 'Miranda',
    });
    expect(body[0]?.extratags).toMatchObject({ approximate: 'yes' });
  });

  it('flags the structured fallback with the part it matched', async () => {
    const { body } = await get<NominatimPlace[]>(
      `/search?q=${encodeURIComponent('Calle París, Las Mercedes, Caracas')}&addressdetails=1`,
    );
    expect(body[0]?.address?.neighbourhood).toBe('Las Mercedes');
    expect(body[0]?.extratags).toMatchObject({ approximate: 'yes', matched: 'las mercedes' });
  });

  it('autocompletes without duplicates (a city and its municipio at one point)', async () => {
    for (const q of ['Maracaibo', 'Maturín', 'San Cristóbal', 'Valencia']) {
      const { body } = await get<NominatimPlace[]>(`/autocomplete?q=${encodeURIComponent(q)}`);
      const labels = body.map((p) => `${p.lat},${p.lon}`);
      expect(new Set(labels).size, q).toBe(labels.length);
    }
  });

  it('reverse names the urbanización a point falls in, and the state on a lake', async () => {
    const urb = await get<NominatimPlace>('/reverse?lat=10.4856&lon=-66.8466&format=json');
    expect(urb.body.address).toMatchObject({ neighbourhood: 'Chuao', county: 'Baruta', state: 'Miranda' });
    const lake = await get<NominatimPlace>('/reverse?lat=9.8&lon=-71.55&format=json&zoom=5');
    expect(lake.body.display_name).toBe('Zulia, Venezuela');
    const sea = await get<NominatimPlace>('/reverse?lat=12.5&lon=-68&format=json');
    expect(sea.body).toEqual({ error: 'Unable to geocode', detalle: 'Fuera de Venezuela' });
  });
});

describe('embedded geocoder: /reverse', () => {
  it('finds the estado by polygon and the nearest place, marked approximate', async () => {
    const { body } = await get<NominatimPlace>(
      '/reverse?lat=10.4961&lon=-66.8530&format=json&accept-language=es',
    );
    expect(body.address?.state).toBe('Miranda');
    expect(body.extratags?.approximate).toBe('yes');
    const capital = await get<NominatimPlace>('/reverse?lat=10.5061&lon=-66.9146');
    expect(capital.body.address?.state).toBe('Distrito Capital');
  });

  it('answers the estado alone at low zoom and Nominatim’s error outside Venezuela', async () => {
    const low = await get<NominatimPlace>('/reverse?lat=10.4961&lon=-66.8530&zoom=5');
    expect(low.body.class).toBe('boundary');
    expect(low.body.display_name).toBe('Miranda, Venezuela');
    expect((await get<NominatimPlace>('/reverse?lat=4.6&lon=-74.08')).body).toEqual({
      error: 'Unable to geocode',
      detalle: 'Fuera de Venezuela',
    });
  });
});

describe('embedded geocoder: validation and status', () => {
  it.each([
    ['/search', "Falta el parámetro 'q'."],
    ['/search?q=', "Falta el parámetro 'q'."],
    [`/search?q=${'a'.repeat(201)}`, "El parámetro 'q' admite como máximo 200 caracteres."],
    ['/search?q=a&limit=0', "El parámetro 'limit' debe estar entre 1 y 50."],
    ['/search?q=a&format=xml', "El parámetro 'format' debe ser json o jsonv2."],
    ['/search?q=a&viewbox=1,2,3', "El parámetro 'viewbox' debe ser x1,y1,x2,y2."],
    [
      '/search?q=a&countrycodes=ven',
      "El parámetro 'countrycodes' debe ser una lista de códigos ISO de dos letras.",
    ],
    ['/search?q=a&q=b', "El parámetro 'q' aparece más de una vez."],
    ['/reverse?lon=1', "Falta el parámetro 'lat'."],
    ['/reverse?lat=91&lon=1', "El parámetro 'lat' debe ser un número entre -90 y 90."],
    ['/reverse?lat=10&lon=abc', "El parámetro 'lon' debe ser un número entre -180 y 180."],
    ['/reverse?lat=10&lon=-66&zoom=19', "El parámetro 'zoom' debe estar entre 0 y 18."],
  ])('%s → 400 %s', async (path, message) => {
    const { status, body } = await get<{ error: string }>(path);
    expect(status).toBe(400);
    expect(body).toEqual({ error: message });
  });

  it('reports status like Nominatim', async () => {
    const text = await fetch(`${base}/status`);
    expect(await text.text()).toBe('OK');
    expect((await get<unknown>('/status?format=json')).body).toEqual({ status: 0, message: 'OK' });
  });

  it('answers unknown paths and other methods with JSON errors', async () => {
    expect((await fetch(`${base}/lookup`)).status).toBe(404);
    const post = await fetch(`${base}/search?q=a`, { method: 'POST' });
    expect(post.status).toBe(405);
  });
});
