import { describe, expect, it } from 'vitest';
import { knownFilter, parseExplorerState, serializeExplorerState } from '../../src/app/pages/explorer-url.ts';

/** The explorer opens on a million generated transactions when the URL names no count. */
const DEFAULT_COUNT = 1_000_000;

describe('explorer state in the URL', () => {
  it('reads and keeps the warehouse source (fuente=almacen), and nothing else as one', () => {
    const state = parseExplorerState('fuente=almacen&t=2024-T4');
    expect(state.warehouse).toBe(true);
    expect(serializeExplorerState(state)).toBe('t=2024-T4&fuente=almacen');
    expect(parseExplorerState('fuente=otra').warehouse).toBeUndefined();
  });

  it('round-trips filters, count and view', () => {
    const state = {
      count: 20000,
      filter: { quarters: ['2024-T1', '2024-T3'], colors: ['rojo'], operations: ['Venta' as const] },
      view: { lat: 10.5, lng: -66.9, zoom: 11.25 },
      mode: 'clusters' as const,
      compare: null,
    };
    const text = serializeExplorerState(state);
    expect(text).toBe('n=20000&t=2024-T1,2024-T3&c=rojo&op=Venta&v=10.50000,-66.90000,11.25');
    expect(parseExplorerState(text)).toEqual(state);
  });

  it('round-trips the hexagon mode and a quarter comparison (issue 16)', () => {
    const state = {
      count: DEFAULT_COUNT,
      filter: { quarters: 'todos' as const, colors: 'todos' as const, operations: ['Alquiler' as const] },
      view: null,
      mode: 'hexagons' as const,
      compare: { base: '2023-T1', comparison: '2024-T1' },
    };
    const text = serializeExplorerState(state);
    expect(text).toBe('op=Alquiler&m=hex&cmp=2023-T1,2024-T1');
    expect(parseExplorerState(text)).toEqual(state);
    // A comparison needs exactly two quarters; anything else is no comparison. Unknown modes are clusters.
    expect(parseExplorerState('cmp=2023-T1').compare).toBeNull();
    expect(parseExplorerState('cmp=a,b,c').compare).toBeNull();
    expect(parseExplorerState('m=mapa').mode).toBe('clusters');
  });

  it('defaults to a million transactions, no filter and no view', () => {
    expect(parseExplorerState('')).toEqual({
      count: DEFAULT_COUNT,
      filter: { quarters: 'todos', colors: 'todos', operations: 'todos' },
      view: null,
      mode: 'clusters',
      compare: null,
    });
    expect(serializeExplorerState(parseExplorerState(''))).toBe('');
  });

  it('round-trips a drawn area (a=lat,lng;…), five decimals, the ring open', () => {
    const area = [
      { lat: 10.5, lng: -66.91 },
      { lat: 10.48123, lng: -66.85 },
      { lat: 10.46, lng: -66.9 },
    ];
    const state = {
      count: DEFAULT_COUNT,
      filter: { quarters: 'todos' as const, colors: 'todos' as const, operations: 'todos' as const },
      view: null,
      mode: 'clusters' as const,
      compare: null,
      area,
    };
    const text = serializeExplorerState(state);
    expect(text).toBe('a=10.50000,-66.91000;10.48123,-66.85000;10.46000,-66.90000');
    expect(parseExplorerState(text)).toEqual(state);
    // A closing point repeating the first is dropped; the encoded separators a mail client may write are read.
    expect(parseExplorerState(`${text};10.5,-66.91`).area).toEqual(area);
    expect(parseExplorerState('a=10.5%2C-66.91%3B10.48123%2C-66.85%3B10.46%2C-66.9').area).toEqual(area);
    // Rounded to about a metre.
    const [first] =
      parseExplorerState(
        serializeExplorerState({ ...state, area: [{ lat: 10.123456789, lng: -66.987654321 }, ...area] }),
      ).area ?? [];
    expect(first).toEqual({ lat: 10.12346, lng: -66.98765 });
  });

  it("says why a link's area is not drawn, and keeps the rest of the link", () => {
    const two = parseExplorerState('t=2024-T1&a=10.5,-66.9;10.4,-66.8');
    expect(two.area).toBeUndefined();
    expect(two.areaError).toBe(
      'La forma guardada no es válida: un área necesita al menos 3 puntos distintos.',
    );
    expect(two.filter.quarters).toEqual(['2024-T1']);
    expect(parseExplorerState('a=10.5,-66.9;abc;10.4,-66.8;10.3,-66.95').areaError).toBe(
      'La forma guardada no es válida: el punto 2 no es una coordenada [lat, lng] válida.',
    );
    expect(parseExplorerState('a=10.5,-66.9,3;10.4,-66.8;10.3,-66.95').areaError).toBe(
      'La forma guardada no es válida: el punto 1 no es una coordenada [lat, lng] válida.',
    );
    expect(parseExplorerState('a=95,-66.9;10.4,-66.8;10.3,-66.95').areaError).toContain('el punto 1');
    expect(parseExplorerState('a=10,179;11,-179;12,179').areaError).toBe(
      'La forma guardada no es válida: el área cruza la longitud 180°; dibújela a un lado de ese meridiano.',
    );
    const many = Array.from({ length: 5002 }, (_, i) => `10,${String(-66 + i / 10_000)}`).join(';');
    expect(parseExplorerState(`a=${many}`).areaError).toBe(
      'La forma guardada no es válida: tiene demasiados puntos (máximo 5.000).',
    );
    // Empty is no area and no complaint; an area is never written when there is none.
    expect(parseExplorerState('a=')).not.toHaveProperty('areaError');
    expect(serializeExplorerState({ ...parseExplorerState(''), area: [] })).toBe('');
  });

  it('ignores invalid values instead of failing', () => {
    const s = parseExplorerState('n=-5&op=Compra,Venta&v=99,0,3&t=,,&c=' + 'x'.repeat(100));
    expect(s.count).toBe(DEFAULT_COUNT);
    expect(s.filter).toEqual({ quarters: 'todos', colors: 'todos', operations: ['Venta'] });
    expect(s.view).toBeNull();
    expect(parseExplorerState('op=Compra').filter.operations).toBe('todos');
    expect(parseExplorerState('n=1e9').count).toBe(DEFAULT_COUNT);
  });
});

describe('a shared filter against the loaded data', () => {
  const known = { quarters: ['2024-T1', '2024-T2'], colors: ['rojo', 'azul'] };

  it('drops the labels the data lacks, names them, and leaves an emptied facet as todos', () => {
    const { filter, dropped } = knownFilter(
      { quarters: ['2024-T1', '1999-T9'], colors: ['zzz'], operations: ['Venta'] },
      known,
    );
    expect(filter).toEqual({ quarters: ['2024-T1'], colors: 'todos', operations: ['Venta'] });
    expect(dropped).toEqual(['1999-T9', 'zzz']);
  });

  it('keeps a filter the data fully has, untouched', () => {
    const filter = { quarters: 'todos' as const, colors: ['azul'], operations: 'todos' as const };
    expect(knownFilter(filter, known)).toEqual({ filter, dropped: [] });
  });
});
