import { describe, expect, it } from 'vitest';
import {
  agencyMapColors,
  checkAgencyMapInput,
  clearsPropertiesAt,
  filterProperties,
  emptyNotice,
  initialView,
  labelsVisible,
  modeOf,
  resetView,
} from '../../src/core/agency-map.ts';
import { normalizeMapDataRecord } from '../../src/core/agency.ts';
import { MESSAGES } from '../../src/core/messages.ts';
import { normalizeProperties } from '../../src/core/normalize.ts';

const flags = (f: number, i: number, a: number) =>
  ({ isFranquicia: f, isInmobiliaria: i, isAgente: a }) as never;

describe('agency map rules', () => {
  it('chooses the mode by the flag set to 1', () => {
    expect(modeOf(flags(1, 0, 0))).toBe('franquicia');
    expect(modeOf(flags(0, 1, 0))).toBe('inmobiliaria');
    expect(modeOf(flags(0, 0, 1))).toBe('agente');
    expect(modeOf(flags(0, 0, 0))).toBe('inmuebles');
  });

  it('refuses missing map id, position or zoom with the Spanish message, accepts numeric strings', () => {
    expect(checkAgencyMapInput({ latitud: 10, longitud: -66, zoom: 11 })).toEqual({
      ok: false,
      error: MESSAGES.map.missingMapId,
    });
    expect(checkAgencyMapInput({ mapId: 'm', longitud: -66, zoom: 11 })).toMatchObject({
      error: MESSAGES.map.missingPosition,
    });
    expect(checkAgencyMapInput({ mapId: 'm', latitud: '10.5', longitud: 'x', zoom: 11 })).toMatchObject({
      error: MESSAGES.map.missingPosition,
    });
    expect(checkAgencyMapInput({ mapId: 'm', latitud: 10, longitud: -66 })).toMatchObject({
      error: MESSAGES.map.missingZoom,
    });
    expect(checkAgencyMapInput({ mapId: 'm', latitud: '10.5', longitud: '-66.9', zoom: '11' })).toEqual({
      ok: true,
      value: { mapId: 'm', latitud: 10.5, longitud: -66.9, zoom: 11 },
    });
  });

  it('centres on the first agency in agency and agent modes; resets to 11, or 7 in franchise mode', () => {
    const parsed = normalizeMapDataRecord({
      isInmobiliaria: 1,
      inmobiliarias: [{ latitud: '8.6', longitud: '-71.15', circulos: [] }],
    });
    if (!parsed.ok) throw new Error(parsed.error);
    const position = { mapId: 'm', latitud: 10, longitud: -66, zoom: 9 };
    const start = initialView('inmobiliaria', position, parsed.value.record);
    expect(start).toEqual({ center: [-71.15, 8.6], zoom: 9 });
    expect(initialView('franquicia', position, parsed.value.record).center).toEqual([-66, 10]);
    expect(resetView('inmobiliaria', start)).toEqual({ center: [-71.15, 8.6], zoom: 11 });
    expect(resetView('franquicia', start).zoom).toBe(7);
  });

  it('properties mode opens on its listings (box and centre), falls back to the position without any, and resets to the fit', () => {
    const parsed = normalizeMapDataRecord({
      isInmuebles: 1,
      inmuebles: [
        { id: 'p1', latitud: 10.51, longitud: -66.86, operacion: 'Venta' },
        { id: 'p2', latitud: 10.17, longitud: -68.01, operacion: 'Venta' },
      ],
    });
    if (!parsed.ok) throw new Error(parsed.error);
    const position = { mapId: 'm', latitud: 7.6, longitud: -66.2, zoom: 11 };
    const start = initialView('inmuebles', position, parsed.value.record);
    expect(start.fit).toEqual([-68.01, 10.17, -66.86, 10.51]);
    expect(start.center[0]).toBeCloseTo(-67.435, 9);
    expect(start.center[1]).toBeCloseTo(10.34, 9);
    expect(resetView('inmuebles', start)).toEqual({ center: start.center, zoom: 11, fit: start.fit });
    const none = normalizeMapDataRecord({ isInmuebles: 1, inmuebles: [] });
    if (!none.ok) throw new Error(none.error);
    expect(initialView('inmuebles', position, none.value.record)).toEqual({ center: [-66.2, 7.6], zoom: 11 });
  });

  it('says when filters leave no listing, or properties mode has none; franchise mode before a load says nothing', () => {
    expect(emptyNotice('inmobiliaria', false, { source: 3, shown: 0 })).toBe(
      'Ningún inmueble coincide con el trimestre y el color elegidos.',
    );
    expect(emptyNotice('inmobiliaria', false, { source: 3, shown: 1 })).toBeNull();
    expect(emptyNotice('inmuebles', false, { source: 0, shown: 0 })).toBe(
      'No hay inmuebles para mostrar en este mapa.',
    );
    expect(emptyNotice('agente', false, { source: 0, shown: 0 })).toBeNull();
    expect(emptyNotice('franquicia', false, { source: 0, shown: 0 })).toBeNull();
    expect(emptyNotice('franquicia', true, { source: 2, shown: 0 })).toBe(
      'Ningún inmueble coincide con el trimestre y el color elegidos.',
    );
  });

  it('shows labels from zoom 13, always in franchise and selected-agency views', () => {
    expect(labelsVisible(12.9, 'inmobiliaria', false)).toBe(false);
    expect(labelsVisible(13, 'inmobiliaria', false)).toBe(true);
    expect(labelsVisible(5, 'franquicia', false)).toBe(true);
    expect(labelsVisible(5, 'agente', true)).toBe(true);
    expect(clearsPropertiesAt(8.9, 'franquicia')).toBe(true);
    expect(clearsPropertiesAt(9, 'franquicia')).toBe(false);
    expect(clearsPropertiesAt(3, 'inmobiliaria')).toBe(false);
  });

  it("filters by quarter and colour; 'todos' is no filter", () => {
    const { properties } = normalizeProperties([
      { id: 'a', latitud: 10, longitud: -66, trimestre: '2024-T1', color: 'Rojo' },
      { id: 'b', latitud: 10, longitud: -66, trimestre: '2024-T2', color: 'rojo' },
      { id: 'c', latitud: 10, longitud: -66, trimestre: '2024-T2', color: 'Azul' },
    ]);
    const ids = (t: string, c: string) =>
      filterProperties(properties, { trimestreActivo: t, colorInmueblesActivo: c }).map((p) => p.id);
    expect(ids('todos', 'todos')).toEqual(['a', 'b', 'c']);
    expect(ids('2024-T2', 'todos')).toEqual(['b', 'c']);
    expect(ids('TODOS', 'ROJO')).toEqual(['a', 'b']);
    expect(ids('2024-T2', 'rojo')).toEqual(['b']);
    expect(ids('2030-T1', 'todos')).toEqual([]);
  });

  it('uses the spec’s default colours and reports, not crashes on, bad ones', () => {
    const defaults = agencyMapColors({});
    expect(defaults.colors.agency).toEqual([2, 117, 216, 255]);
    expect(defaults.colors.selection).toEqual([255, 255, 0, 255]);
    expect(defaults.problems).toEqual([]);
    const bad = agencyMapColors({
      colorSeleccion: 'green',
      colorInmuebles: 'no-es-color',
      colorInmobiliarias: '__proto__',
    });
    expect(bad.colors.selection).toEqual([0, 128, 0, 255]);
    expect(bad.colors.sale).toEqual([255, 0, 0, 255]);
    expect(bad.colors.agency).toEqual([2, 117, 216, 255]);
    expect(bad.problems).toHaveLength(2);
    expect(bad.problems.join(' ')).toContain('colorInmuebles');
    expect(bad.problems.join(' ')).toContain('colorInmobiliarias');
  });
});

describe('agency records', () => {
  it('reads string coordinates, drops bad circles, and names what is wrong', () => {
    const parsed = normalizeMapDataRecord({
      isFranquicia: '1',
      inmobiliarias: [
        {
          nombre: 'A',
          latitud: '10.49',
          longitud: '-66.88',
          circulos: [{ radio: 1000, color: 'red' }, { radio: -5, color: 'blue' }, { color: 'x' }, null],
        },
        { nombre: 'sin coordenadas', latitud: '', longitud: 'abc' },
        { nombre: 'sin círculos', latitud: '8', longitud: '-63' },
      ],
    });
    if (!parsed.ok) throw new Error(parsed.error);
    const { record, problems } = parsed.value;
    expect(record.isFranquicia).toBe(1);
    expect(record.inmobiliarias.map((a) => a.nombre)).toEqual(['A', 'sin círculos']);
    expect(record.inmobiliarias[0]?.circulos).toEqual([{ radio: 1000, color: 'red' }]);
    expect(record.inmobiliarias[1]?.circulos).toEqual([]);
    expect(problems).toEqual(['inmobiliaria 1: latitud y longitud ausente o inválida']);
    expect(normalizeMapDataRecord('nada')).toEqual({
      ok: false,
      error: 'los datos del mapa no son un objeto',
    });
  });
});
