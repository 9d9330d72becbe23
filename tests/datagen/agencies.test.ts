import { describe, expect, it } from 'vitest';
import { normalizeMapDataRecord } from '../../src/core/agency.ts';
import { normalizeProperties } from '../../src/core/normalize.ts';
import { generateAgencies, generateFranchise, isOnLand } from '../../src/datagen/index.ts';
import { km } from './helpers.ts';

const agencies = generateAgencies({ count: 12, seed: 3, propertiesPerAgency: 40 });

describe('generateAgencies', () => {
  it('is byte-identical per seed and differs across seeds', () => {
    const again = generateAgencies({ count: 12, seed: 3, propertiesPerAgency: 40 });
    expect(JSON.stringify(again)).toBe(JSON.stringify(agencies));
    const other = generateAgencies({ count: 12, seed: 4, propertiesPerAgency: 40 });
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(agencies));
    expect(generateAgencies({ count: 0, seed: 1 })).toEqual([]);
  });

  it('gives each agency exactly three coverage circles with growing positive radii', () => {
    expect(agencies).toHaveLength(12);
    for (const a of agencies) {
      expect(a.circulos).toHaveLength(3);
      const radii = a.circulos.map((c) => c.radio);
      expect(radii.every((r) => r > 0)).toBe(true);
      expect([...radii].sort((x, y) => x - y)).toEqual(radii);
      expect(a.circulos.every((c) => c.color.startsWith('rgba('))).toBe(true);
    }
  });

  it('writes Venezuelan names, addresses and phones, and positions as numeric strings on land', () => {
    expect(new Set(agencies.map((a) => a.nombre)).size).toBe(agencies.length);
    for (const a of agencies) {
      expect(a.nombre).toMatch(/^(Inmobiliaria|Bienes Raíces|Inversiones Inmobiliarias|Grupo Inmobiliario) /);
      expect(a.direccion).toMatch(/(C\.C\.|Torre) /);
      expect(a.telefonoMovil).toMatch(/^04(12|14|16|24|26)-\d{7}$/);
      expect(a.telfonoFIjo).toMatch(/^02\d{2}-\d{7}$/);
      expect(a.latitud).toMatch(/^-?\d+\.\d{6}$/);
      expect(a.longitud).toMatch(/^-\d+\.\d{6}$/);
      expect(isOnLand(Number(a.latitud), Number(a.longitud))).toBe(true);
      expect(a.url).toBe(`/inmobiliarias/${a.id}`);
    }
    // Caracas-area agencies have Caracas landlines.
    const capital = agencies.filter((a) => / (Distrito Capital|Miranda|La Guaira)$/.test(a.direccion));
    expect(capital.every((a) => a.telfonoFIjo.startsWith('0212-'))).toBe(true);
  });

  it("places each agency's clean listings on land inside its outer circle", () => {
    for (const a of agencies) {
      expect(a.inmuebles.length).toBeGreaterThan(30);
      expect(normalizeProperties(a.inmuebles).rejected).toEqual([]);
      const outerKm = Math.max(...a.circulos.map((c) => c.radio)) / 1000;
      const office = { lat: Number(a.latitud), lng: Number(a.longitud) };
      for (const p of a.inmuebles) {
        expect(isOnLand(p.latitud, p.longitud)).toBe(true);
        expect(km(office, { lat: p.latitud, lng: p.longitud })).toBeLessThan(outerKm * 1.01);
      }
    }
    const ids = agencies.flatMap((a) => a.inmuebles.map((p) => p.id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('generateFranchise', () => {
  it('makes a franchise record (only isFranquicia set) that the core accepts whole', () => {
    const record = generateFranchise({ count: 3, seed: 1, propertiesPerAgency: 2 });
    expect([record.isFranquicia, record.isInmobiliaria, record.isInmuebles, record.isAgente]).toEqual([
      1, 0, 0, 0,
    ]);
    expect(record.inmobiliarias).toHaveLength(3);
    const result = normalizeMapDataRecord(record);
    expect(result.ok && result.value.problems).toEqual([]);
    expect(result.ok && result.value.record.inmobiliarias).toHaveLength(3);
  });
});
