import { describe, expect, it } from 'vitest';
import { normalizeAgency, normalizeMapDataRecord } from '../../src/core/agency.ts';

const agency = {
  id: 'ag-1',
  nombre: 'Inmobiliaria El Ávila',
  direccion: 'Av. Francisco de Miranda, Chacao',
  telefonoMovil: '0414-5551234',
  telfonoFIjo: '0212-5551234',
  latitud: '10.4961',
  longitud: '-66.8530',
  url: '/inmobiliarias/ag-1',
  circulos: [
    { radio: 1000, color: '#0275d8' },
    { radio: '2500', color: '#5cb85c' },
    { radio: -1, color: 'red' },
    { radio: 5000, color: '' },
  ],
  inmuebles: [
    { id: 'p1', latitud: 10.5, longitud: -66.85, operacion: 'Venta' },
    { id: 'p2', latitud: 'x', longitud: -66.85 },
  ],
};

describe('normalizeAgency', () => {
  it('keeps numeric-string coordinates, the telfonoFIjo spelling, valid circles and valid properties', () => {
    const result = normalizeAgency(agency);
    if (!result.ok) throw new Error(result.error);
    expect(result.value.latitud).toBe('10.4961');
    expect(result.value.telfonoFIjo).toBe('0212-5551234');
    expect(result.value.circulos).toEqual([
      { radio: 1000, color: '#0275d8' },
      { radio: 2500, color: '#5cb85c' },
    ]);
    expect(result.value.inmuebles.map((p) => p.id)).toEqual(['p1']);
    expect(result.rejectedProperties).toEqual([{ index: 1, reason: 'latitud no numérica' }]);
  });

  it('refuses an agency without a position, naming what is missing', () => {
    const result = normalizeAgency({ ...agency, latitud: '', longitud: 'abc' }, 3);
    expect(result).toEqual({ ok: false, error: 'inmobiliaria 3: latitud y longitud ausente o inválida' });
    expect(normalizeAgency(null)).toEqual({ ok: false, error: 'inmobiliaria 0: no es un objeto' });
  });
});

describe('normalizeMapDataRecord', () => {
  it('reads 0/1 flags, keeps valid agencies and lists every problem', () => {
    const result = normalizeMapDataRecord({
      isFranquicia: '1',
      isInmobiliaria: 0,
      isInmuebles: true,
      inmobiliarias: [agency, { nombre: 'sin posición' }],
      inmuebles: [{ id: 'q', latitud: 9, longitud: -64 }, 'basura'],
    });
    if (!result.ok) throw new Error(result.error);
    const { record, problems } = result.value;
    expect([record.isFranquicia, record.isInmobiliaria, record.isInmuebles, record.isAgente]).toEqual([
      1, 0, 1, 0,
    ]);
    expect(record.inmobiliarias).toHaveLength(1);
    expect(record.inmuebles).toHaveLength(1);
    expect(problems).toEqual([
      'inmueble 1 de la inmobiliaria 0: latitud no numérica',
      'inmobiliaria 1: latitud y longitud ausente o inválida',
      'inmueble 1: el registro no es un objeto',
    ]);
  });

  it('refuses a record that is not an object', () => {
    expect(normalizeMapDataRecord([])).toEqual({ ok: false, error: 'los datos del mapa no son un objeto' });
  });
});
