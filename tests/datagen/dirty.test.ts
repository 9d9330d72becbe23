import { describe, expect, it } from 'vitest';
import { normalizeProperties } from '../../src/core/normalize.ts';
import { generateListings, MALFORMATIONS } from '../../src/datagen/index.ts';

const COUNT = 400;
const dirty = generateListings({ count: COUNT, seed: 5, dirty: true });
const clean = generateListings({ count: COUNT, seed: 5 });
const objects = dirty.filter(
  (r): r is Record<string, unknown> => typeof r === 'object' && r !== null && !Array.isArray(r),
);
const some = (test: (r: Record<string, unknown>) => boolean) => objects.some(test);

describe('generateListings with dirty: true', () => {
  it('replaces 5–10% of the clean rows, deterministically', () => {
    const changed = dirty.filter((r, i) => JSON.stringify(r) !== JSON.stringify(clean[i])).length;
    expect(dirty).toHaveLength(COUNT);
    expect(changed / COUNT).toBeGreaterThanOrEqual(0.05);
    expect(changed / COUNT).toBeLessThanOrEqual(0.1);
    expect(JSON.stringify(generateListings({ count: COUNT, seed: 5, dirty: true }))).toBe(
      JSON.stringify(dirty),
    );
  });

  it('contains every kind of malformation', () => {
    expect(Object.keys(MALFORMATIONS).length).toBeGreaterThanOrEqual(16);
    expect(some((r) => !Object.hasOwn(r, 'latitud'))).toBe(true);
    expect(some((r) => Number.isNaN(r.longitud))).toBe(true);
    expect(some((r) => r.latitud === 123.4)).toBe(true);
    expect(some((r) => Number(r.latitud) < -50)).toBe(true); // latitude and longitude swapped
    expect(some((r) => r.latitud === 0 && r.longitud === 0)).toBe(true);
    expect(some((r) => r.latitud === 'norte')).toBe(true);
    expect(some((r) => r.precio === '$ 150.000' && r.precioFinal === 'consultar')).toBe(true);
    expect(some((r) => String(r.urbanizacion).includes('onerror='))).toBe(true);
    expect(some((r) => String(r.direccionDetallada).includes('<script>'))).toBe(true);
    expect(some((r) => String(r.url).startsWith('javascript:'))).toBe(true);
    expect(some((r) => String(r.url).startsWith('data:'))).toBe(true);
    expect(some((r) => r.precio === null && r.imagenes === null)).toBe(true);
    const ids = objects.map((r) => r.id);
    expect(new Set(ids).size).toBeLessThan(ids.length);
    expect(dirty).toContain(null);
    expect(dirty).toContain('fila corrupta');
    expect(dirty.some((r) => Array.isArray(r))).toBe(true);
  });

  it('builds __proto__ as an own key (as JSON.parse does) without polluting any prototype', () => {
    const hostile = objects.filter((r) => Object.hasOwn(r, '__proto__'));
    expect(hostile.length).toBeGreaterThan(0);
    expect(JSON.stringify(hostile[0])).toContain('"__proto__":{"polluted":"sí"}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(hostile[0])).toBe(Object.prototype);
  });

  it('survives normalization: the bad rows are refused with reasons, the good ones kept', () => {
    const result = normalizeProperties(dirty);
    expect(result.properties.length + result.rejected.length).toBe(COUNT);
    expect(result.properties.length).toBeGreaterThan(COUNT * 0.9);
    const reasons = new Set(result.rejected.map((r) => r.reason));
    for (const reason of [
      'latitud ausente',
      'longitud no numérica',
      'latitud fuera de rango',
      'id duplicado',
      'el registro no es un objeto',
      'coordenadas fuera de Venezuela (¿latitud y longitud invertidas?)',
    ])
      expect(reasons).toContain(reason);
  });
});
