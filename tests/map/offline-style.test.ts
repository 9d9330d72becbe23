import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { BASE_FILES } from '../../server/basemap-routes.ts';
import {
  ATTRIBUTION,
  LABELS,
  LOCAL_URBANIZACIONES,
  LOCAL_URBANIZACION_LAYER,
  OUTLINES,
  OUTLINE_TOLERANCE_PX,
  URBANIZACION_MINZOOM,
  WATER_NAMES,
  offlineStyle,
} from '../../src/map/offline-style.ts';
import { onLand } from '../../server/geocoder/reverse.ts';

const origin = 'http://127.0.0.1:4173';
const style = offlineStyle(origin);

describe('offline base-map style', () => {
  it('passes MapLibre’s style validator', () => {
    expect(validateStyleMin(style)).toEqual([]);
  });

  it('needs no network beyond the page origin: every URL is same-origin, no glyphs or sprite server', () => {
    const urls = JSON.stringify(style).match(/https?:\/\/[^"]+/g) ?? [];
    // The base map's one file and the two bundled fonts, at least.
    expect(urls.length).toBeGreaterThanOrEqual(3);
    for (const url of urls) expect(new URL(url).origin).toBe(origin);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
  });

  it('bundles its fonts and uses only those for every label', () => {
    const faces = Object.keys(style['font-faces'] ?? {});
    expect(faces).toEqual(['Noto Sans Regular', 'Noto Sans SemiBold']);
    const fonts = style.layers.flatMap((l) =>
      l.type === 'symbol' ? ((l.layout?.['text-font'] as string[] | undefined) ?? []) : [],
    );
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((f) => faces.includes(f))).toBe(true);
  });

  it('credits Natural Earth, GeoNames and OpenStreetMap', () => {
    expect(ATTRIBUTION).toContain('© OpenStreetMap contributors');
    expect(ATTRIBUTION).toContain('Natural Earth');
    expect(ATTRIBUTION).toContain('GeoNames (CC BY 4.0)');
    expect(JSON.stringify(style.sources)).toContain('GeoNames (CC BY 4.0)');
  });

  it('labels estados and places from the embedded layers, big cities first', () => {
    const ids = style.layers.map((l) => l.id);
    expect(ids).toEqual(
      expect.arrayContaining(['nombres-estados', 'lugares-1', 'lugares-2', 'lugares-3', 'costa', 'rios']),
    );
    const order = (id: string) => ids.indexOf(id);
    expect(order('lugares-1')).toBeGreaterThan(order('lugares-3')); // drawn last, wins collisions
  });

  it('draws estado borders from the inner-border layer, outlines simplified to 1 px, fills without outline', () => {
    const borders = style.layers.find((l) => l.id === 'limites-estados');
    expect(borders && 'filter' in borders ? borders.filter : null).toEqual([
      '==',
      ['get', 'capa'],
      'estado-borders',
    ]);
    expect((style.sources[OUTLINES] as { tolerance?: number }).tolerance).toBe(OUTLINE_TOLERANCE_PX);
    for (const id of ['tierra', 'paises-vecinos']) {
      const fill = style.layers.find((l) => l.id === id);
      expect(fill?.type === 'fill' ? fill.paint?.['fill-antialias'] : null, id).toBe(false);
    }
  });

  it('loads the server layers from two files, outlines and labels, each layer filtered to its own features', () => {
    // Two files from the page origin, and the urbanización labels the geocoder's store feeds (issue 38); the
    // water names are inline.
    const urls = Object.values(style.sources).flatMap((s) =>
      'data' in s && typeof s.data === 'string' ? [s.data] : [],
    );
    expect(urls.sort()).toEqual([
      `${origin}/api/basemap/labels.geojson`,
      `${origin}/api/basemap/outlines.geojson`,
      `${origin}/api/basemap/urbanizaciones.geojson`,
    ]);
    for (const [source, file] of [
      [OUTLINES, 'outlines'],
      [LABELS, 'labels'],
    ] as const) {
      const named = new Set<string>();
      for (const l of style.layers.filter((l) => 'source' in l && l.source === source)) {
        const text = JSON.stringify('filter' in l ? l.filter : null);
        const match = /\["==",\["get","capa"\],"([a-z-]+)"\]/.exec(text);
        expect(match, l.id).not.toBeNull();
        named.add(match?.[1] ?? '');
      }
      // Every layer the server puts in the file is drawn, and no layer asks for one the file lacks.
      expect([...named].sort(), source).toEqual([...BASE_FILES[file]].sort());
    }
    // Only the outlines (fills and lines, which MapLibre clips with the stencil) in the outlines source.
    for (const l of style.layers.filter((l) => 'source' in l && l.source === OUTLINES))
      expect(['fill', 'line'], l.id).toContain(l.type);
  });

  it('labels the compiled urbanizaciones from zoom 13 and says the offline map has no streets', () => {
    const layer = style.layers.find((l) => l.id === 'nombres-urbanizaciones');
    expect(layer?.minzoom).toBe(URBANIZACION_MINZOOM);
    expect(URBANIZACION_MINZOOM).toBeLessThanOrEqual(13);
    const source = style.sources.urbanizaciones as { data: string; attribution: string };
    expect(source.data).toBe(`${origin}/api/basemap/urbanizaciones.geojson`);
    expect(source.attribution).toContain('sin calles en el mapa sin conexión');
    const ids = style.layers.map((l) => l.id);
    // Under the place names, so a city's name wins a collision with an urbanización's.
    expect(ids.indexOf('nombres-urbanizaciones')).toBeLessThan(ids.indexOf('lugares-1'));
  });

  it('labels the places learned in this browser as the served urbanizaciones, from an inline source filled later', () => {
    const served = style.layers.find((l) => l.id === 'nombres-urbanizaciones');
    const local = style.layers.find((l) => l.id === 'nombres-urbanizaciones-locales');
    expect(LOCAL_URBANIZACION_LAYER).toBe('nombres-urbanizaciones-locales');
    expect(local?.type).toBe('symbol');
    expect(local?.minzoom).toBe(13);
    expect(local && 'source' in local ? local.source : null).toBe('urbanizaciones-locales');
    // The same look: everything but the id and the source.
    const look = (l: typeof local) =>
      l && l.type === 'symbol' ? { minzoom: l.minzoom, layout: l.layout, paint: l.paint } : null;
    expect(look(local)).toEqual(look(served));
    expect(look(local)).not.toBeNull();
    expect(style.sources[LOCAL_URBANIZACIONES]).toEqual({
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
    });
    const ids = style.layers.map((l) => l.id);
    // Above the served names (a learned place wins their collisions), under the towns' names.
    expect(ids.indexOf('nombres-urbanizaciones-locales')).toBe(ids.indexOf('nombres-urbanizaciones') + 1);
    expect(ids.indexOf('nombres-urbanizaciones-locales')).toBeLessThan(ids.indexOf('lugares-3'));
  });

  it('names seas, gulfs and lakes, each inside the data box and shown from its own zoom', () => {
    const layer = style.layers.find((l) => l.id === 'nombres-agua');
    expect(layer?.type).toBe('symbol');
    const names = WATER_NAMES.map((w) => w.name);
    expect(names).toEqual(expect.arrayContaining(['Lago de Maracaibo', 'Mar Caribe', 'Lago de Valencia']));
    for (const w of WATER_NAMES) {
      // On water by the OSM coastline the map draws (lakes and reservoirs are holes in it).
      expect(onLand(w.lat, w.lon), w.name).toBe(false);
      expect(w.lon).toBeGreaterThan(-78);
      expect(w.lon).toBeLessThan(-56);
      expect(w.lat).toBeGreaterThan(-3);
      expect(w.lat).toBeLessThan(16);
    }
  });
});
