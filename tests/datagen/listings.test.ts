import { describe, expect, it } from 'vitest';
import { normalizeProperties } from '../../src/core/normalize.ts';
import { zoneKind } from '../../src/core/zone.ts';
import {
  COLOR_CATEGORIES,
  generateListings,
  isOnLand,
  PLACES,
  PROPERTY_TYPES,
  QUARTERS,
  RENT_RANGE,
  SALE_RANGE,
} from '../../src/datagen/index.ts';
import { inLakeBox, inVenezuelaBox, km, placeNamed } from './helpers.ts';

const raw = generateListings({ count: 3000, seed: 11 });
const { properties, rejected } = normalizeProperties(raw);
const rows = raw as Record<string, unknown>[];
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const at = (p: { latitud: number; longitud: number }) => ({ lat: p.latitud, lng: p.longitud });

describe('generateListings', () => {
  it('is byte-identical for the same options and differs across seeds', () => {
    const a = JSON.stringify(generateListings({ count: 200, seed: 3 }));
    expect(JSON.stringify(generateListings({ count: 200, seed: 3 }))).toBe(a);
    expect(JSON.stringify(generateListings({ count: 200, seed: 4 }))).not.toBe(a);
    // A longer run starts with the shorter one: records don't depend on the count.
    expect(JSON.stringify(generateListings({ count: 300, seed: 3 }).slice(0, 200))).toBe(a);
  });

  it('produces exactly count records that all normalize, and refuses bad counts', () => {
    expect(raw).toHaveLength(3000);
    expect(rejected).toEqual([]);
    expect(generateListings({ count: 0, seed: 1 })).toEqual([]);
    expect(() => generateListings({ count: Infinity, seed: 1 })).toThrow(RangeError);
    expect(() => generateListings({ count: -1, seed: 1 })).toThrow(RangeError);
  });

  it('places every point on land, inside Venezuela, none in Lake Maracaibo', () => {
    expect(properties.filter((p) => !isOnLand(p.latitud, p.longitud))).toEqual([]);
    expect(properties.filter((p) => !inVenezuelaBox(p.latitud, p.longitud))).toEqual([]);
    expect(properties.filter((p) => inLakeBox(p.latitud, p.longitud))).toEqual([]);
  });

  it('follows population: Caracas far ahead of a small town, the ten biggest places hold most listings', () => {
    const near = (name: string, radius: number) =>
      properties.filter((p) => km(at(p), placeNamed(name)) < radius).length;
    const caracas = properties.filter((p) => p.codigoInmueblePublico.startsWith('VE-CCS-')).length;
    expect(caracas / properties.length).toBeGreaterThan(0.12); // the metro is ~18% of the gazetteer's people
    expect(caracas / properties.length).toBeLessThan(0.25);
    expect(near('Maracaibo', 25)).toBeGreaterThan(200);
    expect(caracas).toBeGreaterThan(near('Tucacas', 5) * 30);
    const top = PLACES.slice(0, 10);
    const inTop = properties.filter((p) => top.some((q) => km(at(p), q) < 30));
    expect(inTop.length / properties.length).toBeGreaterThan(0.55);
  });

  it('prices sales and rentals on their own scales, by type', () => {
    const sales = properties.filter((p) => p.operacion === 'Venta');
    const rents = properties.filter((p) => p.operacion === 'Alquiler');
    expect(sales.length / properties.length).toBeGreaterThan(0.65);
    expect(sales.length / properties.length).toBeLessThan(0.75);
    const [saleMin, saleMax] = SALE_RANGE;
    const [rentMin, rentMax] = RENT_RANGE;
    expect(sales.filter((p) => p.precio < saleMin || p.precio > saleMax)).toEqual([]);
    expect(rents.filter((p) => p.precio < rentMin || p.precio > rentMax)).toEqual([]);
    expect(Math.max(...sales.map((p) => p.precio))).toBeGreaterThan(500_000);
    const saleMedian = (type: string) =>
      median(sales.filter((p) => p.tipoInmueble === type).map((p) => p.precio));
    expect(saleMedian('Apartamento')).toBeGreaterThan(30_000);
    expect(saleMedian('Apartamento')).toBeLessThan(120_000);
    expect(saleMedian('Galpón')).toBeGreaterThan(saleMedian('Apartamento') * 2);
    expect(saleMedian('Terreno')).toBeLessThan(saleMedian('Casa'));
    expect(median(rents.map((p) => p.precio))).toBeLessThan(1_000);
    expect(sales.every((p) => p.precioFinal <= p.precio && p.precioFinal >= p.precio * 0.85)).toBe(true);
  });

  it('keeps rooms, baths, parking and areas consistent with the type', () => {
    expect(new Set(properties.map((p) => p.tipoInmueble))).toEqual(new Set(PROPERTY_TYPES));
    const homes = ['Apartamento', 'Casa', 'Townhouse', 'Quinta'];
    for (const p of properties) {
      if (p.tipoInmueble === 'Terreno') {
        expect([p.nroHabitaciones, p.nroBanios, p.nroEstacionamientos, p.areaConstruccion]).toEqual([
          0, 0, 0, 0,
        ]);
        expect(p.areaTerreno).toBeGreaterThan(0);
      } else if (homes.includes(p.tipoInmueble)) {
        expect(p.nroHabitaciones).toBeGreaterThanOrEqual(1);
        expect(p.nroBanios).toBeGreaterThanOrEqual(1);
        expect(p.nroBanios).toBeLessThanOrEqual(p.nroHabitaciones);
        expect(p.areaConstruccion).toBeGreaterThan(20);
      } else {
        expect(p.nroHabitaciones).toBeLessThanOrEqual(3); // locales 0, oficinas a few 'ambientes'
        expect(p.areaConstruccion).toBeGreaterThan(0);
      }
      if (p.tipoInmueble === 'Apartamento') expect(p.areaTerreno).toBe(0);
      if (p.tipoInmueble === 'Local') expect(p.nroHabitaciones).toBe(0);
    }
  });

  it('writes zones in mixed case and accents, quarters, colours, codes, photos and safe urls', () => {
    const zonas = new Set(properties.map((p) => p.zona));
    for (const variant of ['Oro', 'ALERTA', 'Pérdida', 'perdida', 'Riesgo', ''])
      expect(zonas).toContain(variant);
    expect(properties.filter((p) => p.zona !== '' && zoneKind(p.zona) === null)).toEqual([]);
    expect(new Set(properties.map((p) => p.trimestre))).toEqual(new Set(QUARTERS));
    expect(QUARTERS).toHaveLength(16);
    expect(new Set(properties.map((p) => p.color))).toEqual(new Set(COLOR_CATEGORIES));
    expect(properties.filter((p) => !/^VE-[A-Z]{3}-\d{6}$/.test(p.codigoInmueblePublico))).toEqual([]);
    const photo = /^\/placeholders\/inmueble-[123]\.svg$/;
    expect(properties.filter((p) => !p.imagenes.every((u) => photo.test(u)))).toEqual([]);
    expect(properties.some((p) => p.imagenes.length === 0 && p.foto === '')).toBe(true);
    const safe = /^(\/inmuebles\/VE-|https:\/\/inmuebles\.example\/)/;
    expect(properties.filter((p) => !safe.test(p.url))).toEqual([]);
  });

  it('writes addresses that read like Venezuelan ones, in each city’s own style', () => {
    const addresses = properties.map((p) => p.direccionDetallada);
    const flats = addresses.filter((a) => a.includes('Apto '));
    expect(flats.length).toBeGreaterThan(500);
    // The door number starts with the floor: 'Piso 3, Apto 3-B'.
    expect(flats.filter((a) => !/Piso (\d+), Apto \1-[A-D]/.test(a))).toEqual([]);
    expect(addresses.some((a) => /^Calle \d+ con Av\. \d+ \([^)]+\),.*Maracaibo, Zulia$/.test(a))).toBe(true);
    expect(addresses.some((a) => /^Carrera \d+ entre Calles \d+ y \d+,.*Barquisimeto, Lara$/.test(a))).toBe(
      true,
    );
    expect(addresses.some((a) => /^Av\. Principal de .*, Caracas, (Distrito Capital|Miranda)$/.test(a))).toBe(
      true,
    );
    expect(addresses.some((a) => a.includes('Quinta '))).toBe(true);
    expect(properties.some((p) => p.urbanizacion.startsWith('Urb. '))).toBe(true);
    // Satellite municipios of a metro name their municipio and the metro: '…, Municipio Sucre, Caracas, Miranda'.
    const satellite = /Municipio (Sucre|Baruta|Chacao|El Hatillo), Caracas, Miranda$/;
    expect(addresses.some((a) => satellite.test(a))).toBe(true);
  });

  it('sends some fields the way the real backend does (numeric strings, the misspelt code key)', () => {
    expect(rows.filter((r) => typeof r.precio === 'string').length).toBeGreaterThan(150);
    expect(rows.filter((r) => typeof r.latitud === 'string').length).toBeGreaterThan(75);
    const misspelt = rows.filter((r) => Object.hasOwn(r, 'codigoInmublePublico'));
    expect(misspelt.length).toBeGreaterThan(30);
    expect(misspelt.every((r) => !Object.hasOwn(r, 'codigoInmueblePublico'))).toBe(true);
  });
});
