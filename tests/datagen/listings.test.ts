import { describe, expect, it } from 'vitest';
import { normalizeProperties } from '../../src/core/normalize.ts';
import { zoneKind } from '../../src/core/zone.ts';
import { generateListings, isOnLand, MALFORMATIONS, PROPERTY_TYPES } from '../../src/datagen/index.ts';

const clean = generateListings({ count: 3000, seed: 11 });
const { properties, rejected } = normalizeProperties(clean);

describe('generateListings', () => {
  it('is deterministic per seed and differs across seeds', () => {
    expect(JSON.stringify(generateListings({ count: 50, seed: 3 }))).toBe(
      JSON.stringify(generateListings({ count: 50, seed: 3 })),
    );
    expect(JSON.stringify(generateListings({ count: 50, seed: 4 }))).not.toBe(
      JSON.stringify(generateListings({ count: 50, seed: 3 })),
    );
  });

  it('produces exactly count clean records that all normalize', () => {
    expect(clean).toHaveLength(3000);
    expect(rejected).toEqual([]);
    expect(generateListings({ count: 0, seed: 1 })).toEqual([]);
  });

  it('places every clean point on Venezuelan land, none in Lake Maracaibo', () => {
    for (const p of properties) expect(isOnLand(p.latitud, p.longitud)).toBe(true);
    // The lake's open water (well inside its shores) stays empty.
    const inLake = properties.filter(
      (p) => p.latitud > 9.4 && p.latitud < 10.3 && p.longitud > -71.85 && p.longitud < -71.3,
    );
    expect(isOnLand(9.8, -71.6)).toBe(false);
    expect(inLake.filter((p) => !isOnLand(p.latitud, p.longitud))).toEqual([]);
  });

  it('follows population: Caracas has far more listings than a small town, top cities hold most', () => {
    const near = (lat: number, lng: number, km: number) =>
      properties.filter(
        (p) => Math.hypot(p.latitud - lat, (p.longitud - lng) * Math.cos((lat * Math.PI) / 180)) * 111 < km,
      ).length;
    const caracas = near(10.488, -66.8792, 25);
    const maracaibo = near(10.6666, -71.6124, 25);
    expect(caracas).toBeGreaterThan(300);
    expect(maracaibo).toBeGreaterThan(150);
    expect(caracas).toBeGreaterThan(near(8.6258, -71.1408, 5) * 5); // a small Andean town (Lagunillas, Mérida)
  });

  it('prices sales and rentals on their own plausible scales', () => {
    const sales = properties.filter((p) => p.operacion === 'Venta').map((p) => p.precio);
    const rents = properties.filter((p) => p.operacion === 'Alquiler').map((p) => p.precio);
    expect(sales.length / properties.length).toBeGreaterThan(0.62);
    expect(sales.length / properties.length).toBeLessThan(0.78);
    expect(Math.min(...sales)).toBeGreaterThanOrEqual(8_000);
    expect(Math.max(...sales)).toBeLessThanOrEqual(4_500_000);
    expect(Math.max(...sales)).toBeGreaterThan(500_000);
    expect(Math.min(...rents)).toBeGreaterThanOrEqual(120);
    expect(Math.max(...rents)).toBeLessThanOrEqual(9_000);
  });

  it('keeps features consistent with the type', () => {
    expect(new Set(properties.map((p) => p.tipoInmueble))).toEqual(new Set(PROPERTY_TYPES));
    for (const p of properties) {
      if (p.tipoInmueble === 'Terreno') {
        expect([p.nroHabitaciones, p.nroBanios, p.areaConstruccion]).toEqual([0, 0, 0]);
        expect(p.areaTerreno).toBeGreaterThan(0);
      }
      if (p.tipoInmueble === 'Apartamento') {
        expect(p.nroHabitaciones).toBeGreaterThanOrEqual(1);
        expect(p.areaConstruccion).toBeGreaterThan(20);
        expect(p.areaTerreno).toBe(0);
      }
      if (p.tipoInmueble === 'Local' || p.tipoInmueble === 'Oficina') expect(p.nroHabitaciones).toBe(0);
    }
  });

  it('writes Venezuelan-looking text, zones in mixed case and accents, local photos and urls', () => {
    const zonas = new Set(properties.map((p) => p.zona));
    for (const variant of ['Oro', 'ALERTA', 'Pérdida', 'perdida', 'Riesgo', ''])
      expect(zonas).toContain(variant);
    expect(properties.every((p) => p.zona === '' || zoneKind(p.zona) !== null)).toBe(true);
    expect(properties.some((p) => p.urbanizacion.startsWith('Urb. '))).toBe(true);
    expect(properties.some((p) => p.direccionDetallada.includes('Apto'))).toBe(true);
    expect(properties.every((p) => /^VE-[A-Z]{3}-\d{6}$/.test(p.codigoInmueblePublico))).toBe(true);
    expect(
      properties.every((p) => p.imagenes.every((url) => /^\/placeholders\/inmueble-[123]\.svg$/.test(url))),
    ).toBe(true);
    expect(properties.some((p) => p.imagenes.length === 0)).toBe(true);
    expect(properties.every((p) => /^(\/inmuebles\/|https:\/\/inmuebles\.example\/)/.test(p.url))).toBe(true);
    expect(new Set(properties.map((p) => p.trimestre)).size).toBe(16);
    expect(new Set(properties.map((p) => p.color))).toEqual(
      new Set(['amarillo', 'azul', 'naranja', 'rojo', 'verde']),
    );
  });
});

describe('generateListings with dirty: true', () => {
  const dirty = generateListings({ count: 400, seed: 5, dirty: true });
  const result = normalizeProperties(dirty);

  it('keeps the count and rejects the malformed rows with reasons', () => {
    expect(dirty).toHaveLength(400);
    expect(result.properties.length + result.rejected.length).toBe(400);
    const reasons = new Set(result.rejected.map((r) => r.reason));
    for (const reason of [
      'latitud ausente',
      'longitud no numérica',
      'latitud fuera de rango',
      'id duplicado',
      'el registro no es un objeto',
    ]) {
      expect(reasons).toContain(reason);
    }
    expect(reasons).toContain('coordenadas fuera de Venezuela (¿latitud y longitud invertidas?)');
  });

  it('contains every kind of malformation', () => {
    const text = JSON.stringify(dirty);
    expect(Object.keys(MALFORMATIONS).length).toBeGreaterThanOrEqual(12);
    expect(text).toContain('<script>');
    expect(text).toContain('onerror=');
    expect(text).toContain('javascript:');
    expect(text).toContain('data:text/html');
    expect(text).toContain('"__proto__"');
    expect(text).toContain('$ 150.000');
    expect(dirty).toContain(null);
    expect(dirty).toContain('fila corrupta');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
