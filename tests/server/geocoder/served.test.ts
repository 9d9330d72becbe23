import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeChecked, useStoreFile } from '../../../server/geocoder/live.ts';
import { importFile } from '../../../server/geocoder/store/import.ts';
import { startServices } from '../serve.ts';
import { osmXml } from './osm-fixture.ts';

interface Place {
  name: string;
  lat: string;
  lon: string;
  type: string;
  addresstype: string;
  display_name: string;
  licence: string;
  address?: Record<string, string>;
}

const dir = mkdtempSync(join(tmpdir(), 'gazetteer-served-'));
const store = join(dir, 'places.json');
let base = '';
let root = '';
let close: () => Promise<void> = () => Promise.resolve();

beforeAll(async () => {
  useStoreFile(store);
  const started = await startServices();
  root = started.base;
  base = `${started.base}/api/geocoder`;
  close = started.close;
});
afterAll(async () => {
  // The shared worker's other geocoder tests must see the built-in gazetteer only.
  useStoreFile(null);
  await close();
  rmSync(dir, { recursive: true, force: true });
});

async function get<T>(path: string, from = base): Promise<T> {
  return (await (await fetch(`${from}${path}`)).json()) as T;
}

/** The offline base map's urbanización labels (zoom ≥ 13). */
async function mapLabels(): Promise<string[]> {
  const fc = await get<{ features: { properties: { name: string } }[] }>(
    '/api/basemap/urbanizaciones.geojson',
    root,
  );
  return fc.features.map((f) => f.properties.name);
}

const search = (q: string, extra = '') =>
  get<Place[]>(`/search?q=${encodeURIComponent(q)}&format=json&addressdetails=1${extra}`);

/**
 * The served answers re-read the store file when it changes, at most a second later and built in the
 * background: the first import waits for that; the later ones ask for the reload at once (useStoreFile) to keep the file fast.
 */
async function importAndWait(name: string, content: string, wait = false) {
  const file = join(dir, name);
  writeFileSync(file, content);
  const outcome = await importFile(file, store);
  if (wait) {
    // A request more than a second later notices the change and starts the rebuild in the background;
    // storeChecked waits for that rebuild (it starts none of its own: the file is the one being built).
    await new Promise((r) => setTimeout(r, 1100));
    await search('Caracas');
    await storeChecked();
  } else useStoreFile(store);
  return outcome;
}

describe('issue 38 item 2: imported places served at once by /search, /reverse, autocomplete, the base map', () => {
  it('serves the built-in gazetteer only before any import, and names no imported source', async () => {
    const before = await search('Castillejo, Guatire');
    expect(before.some((p) => p.name === 'Castillejo')).toBe(false);
    const sources = await get<{ importadas: unknown[]; atribucion: string }>('/fuentes');
    expect(sources.importadas).toEqual([]);
    const labels = await mapLabels();
    expect(labels.length).toBeGreaterThan(90); // the compiled table
    expect(labels).not.toContain('Castillejo');
  });

  it('finds the imported urbanizaciones and streets after an OSM import, without a restart', async () => {
    expect((await importAndWait('guatire.osm', osmXml(), true)).ok).toBe(true);
    const [castillejo] = await search('Urb. Castillejo, Guatire');
    expect([castillejo?.name, castillejo?.type, castillejo?.address?.city]).toEqual([
      'Castillejo',
      'neighbourhood',
      'Guatire',
    ]);
    expect(castillejo?.licence).toContain('OpenStreetMap contributors, ODbL');
    const [typed] = await get<Place[]>('/autocomplete?q=castille&format=json');
    expect(typed?.name).toBe('Castillejo');
    // The base map labels it too, streets not (the offline map has none).
    const labels = await mapLabels();
    expect(labels).toEqual(expect.arrayContaining(['Castillejo', 'El Ingenio', 'Valle Arriba']));
    expect(labels).not.toContain('Calle B');
  });

  it('tells the homonyms apart: Valle Arriba in Guatire and in Caracas', async () => {
    const [guatire] = await search('Valle Arriba, Guatire');
    const [caracas] = await search('Valle Arriba, Caracas');
    expect([guatire?.address?.county, Number(guatire?.lat).toFixed(3)]).toEqual(['Zamora', '10.482']);
    expect([caracas?.address?.county, caracas?.address?.city]).toEqual(['Baruta', 'Caracas']);
  });

  it('resolves "Calle B, Urb. Valle Arriba, Guatire" to the street inside the right urbanización', async () => {
    const [street] = await search('Calle B, Urb. Valle Arriba, Guatire');
    expect(street?.addresstype).toBe('road');
    expect(street?.display_name).toBe('Calle B, Valle Arriba, Guatire, Zamora, Miranda, Venezuela');
    expect([Number(street?.lat).toFixed(3), Number(street?.lon).toFixed(3)]).toEqual(['10.482', '-66.525']);
    const [other] = await search('Calle B, Valle Arriba, Caracas');
    expect(other?.address?.city).toBe('Caracas');
    expect(Number(other?.lon)).toBeLessThan(-66.8);
  });

  it('answers /reverse inside an imported outline with that urbanización, far from its label point', async () => {
    const hit = await get<Place>('/reverse?lat=10.4785&lon=-66.5295&format=json');
    expect([hit.name, hit.address?.county]).toEqual(['Valle Arriba', 'Zamora']);
  });

  it('says which sources are loaded, with OSM’s ODbL notice', async () => {
    const sources = await get<{
      atribucion: string;
      importadas: { fuente: string; lugares: number; archivos: string[] }[];
    }>('/fuentes');
    expect(sources.importadas.map((s) => [s.fuente, s.lugares, s.archivos])).toEqual([
      ['osm', 5, ['guatire.osm']],
    ]);
    expect(sources.atribucion).toContain(
      'Nomenclátor importado: OpenStreetMap (© OpenStreetMap contributors, ODbL 1.0',
    );
  });

  it('serves the organisation’s point over OSM’s after its list is imported; a failed import changes nothing', async () => {
    await importAndWait(
      'lista.csv',
      'nombre,tipo,latitud,longitud,municipio,estado,fuente\nValle Arriba,urbanizacion,10.4805,-66.5245,Zamora,Miranda,Catastro\n',
    );
    const [valle] = await search('Valle Arriba, Guatire');
    expect([valle?.lat, valle?.lon]).toEqual(['10.4805000', '-66.5245000']);
    expect(valle?.licence).toContain('datos propios de la organización');
    const failed = await importAndWait('roto.osm', '<osm version="0.6"><node id="1" lat="10.5"');
    expect(failed.ok).toBe(false);
    const [still] = await search('Valle Arriba, Guatire');
    expect(still?.lat).toBe('10.4805000');
  });
});
