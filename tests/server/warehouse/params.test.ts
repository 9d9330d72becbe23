import { describe, expect, it } from 'vitest';
import {
  parseBBox,
  parseFilter,
  parseGridView,
  parseLimit,
  parsePolygon,
  parseZoom,
  type Parsed,
} from '../../../server/warehouse/params.ts';

const q = (text: string) => new URLSearchParams(text);

function value<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new Error(`expected a value, got: ${parsed.error}`);
  return parsed.value;
}

function error<T>(parsed: Parsed<T>): string {
  if (parsed.ok) throw new Error(`expected an error, got: ${JSON.stringify(parsed.value)}`);
  return parsed.error;
}

/** A ring of n vertices around Caracas as the parameter's text. */
const ringText = (n: number, close = false) => {
  const points = Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    return `${(10.5 + 0.1 * Math.sin(a)).toFixed(6)},${(-66.9 + 0.1 * Math.cos(a)).toFixed(6)}`;
  });
  return (close ? [...points, points[0]] : points).join(';');
};

describe('warehouse parameters', () => {
  it('zoom: 0–20, fractions floored; anything else a Spanish 400', () => {
    expect(value(parseZoom(q('z=12.7')))).toBe(12);
    expect(value(parseZoom(q('z=0')))).toBe(0);
    expect(value(parseZoom(q('z=20')))).toBe(20);
    for (const bad of ['z=21', 'z=-1', 'z=1e1', 'z=Infinity', 'z=', 'z=doce', 'z=0x10']) {
      expect(error(parseZoom(q(bad)))).toBe("El parámetro 'z' debe ser un número entre 0 y 20.");
    }
    expect(error(parseZoom(q('')))).toBe("Falta el parámetro 'z'.");
    expect(error(parseZoom(q('z=3&z=4')))).toBe("El parámetro 'z' aparece más de una vez.");
  });

  it('bbox: west,south,east,north in degrees, non-empty, not crossing ±180', () => {
    expect(value(parseBBox(q('bbox=-67.1,10.3,-66.7,10.6')))).toEqual([-67.1, 10.3, -66.7, 10.6]);
    const message =
      "El parámetro 'bbox' debe ser 'oeste,sur,este,norte' en grados, con oeste < este y sur < norte.";
    for (const bad of [
      'bbox=-66.7,10.3,-67.1,10.6', // west > east
      'bbox=-67,10.6,-66,10.3', // south > north
      'bbox=-67,10,-67,11', // empty
      'bbox=-181,0,0,1',
      'bbox=0,-91,1,0',
      'bbox=1,2,3',
      'bbox=1,2,3,4,5',
      'bbox=a,b,c,d',
      'bbox=1,2,3,NaN',
    ]) {
      expect(error(parseBBox(q(bad)))).toBe(message);
    }
  });

  it('a grid view: the level is zoom + 3, and a view asking too many cells is refused', () => {
    expect(value(parseGridView(q('z=12&bbox=-67.1,10.3,-66.7,10.6')))).toEqual({
      bbox: [-67.1, 10.3, -66.7, 10.6],
      zoom: 12,
      level: 15,
    });
    // Venezuela at zoom 5 (its national view) is a few hundred cells.
    expect(value(parseGridView(q('z=5&bbox=-75,-1,-58,17'))).level).toBe(8);
    expect(error(parseGridView(q('z=16&bbox=-75,-1,-58,17')))).toMatch(
      /^La vista pide demasiadas celdas \(\d+\) para el zoom 16: acerque el mapa o reduzca la caja\.$/,
    );
  });

  it('filter: quarters as a set or a range, operation, colours, exact rows', () => {
    expect(value(parseFilter(q('')))).toEqual({
      quarters: { kind: 'todos' },
      operation: 'todos',
      colors: 'todos',
      exactOnly: false,
    });
    expect(value(parseFilter(q('t=2023-T1,2023-T2,2023-T1&op=Venta&c=azul,rojo&exactas=1')))).toEqual({
      quarters: { kind: 'set', labels: ['2023-T1', '2023-T2'] },
      operation: 'Venta',
      colors: ['azul', 'rojo'],
      exactOnly: true,
    });
    expect(value(parseFilter(q('desde=2022-T1&hasta=2023-T4&op=Alquiler'))).quarters).toEqual({
      kind: 'range',
      from: '2022-T1',
      to: '2023-T4',
    });
    expect(value(parseFilter(q('op=Venta,Alquiler'))).operation).toBe('todos');
    expect(value(parseFilter(q('c=ñame, Zona 5 '))).colors).toEqual(['ñame', 'Zona 5']);
  });

  it('filter: each malformed part gets its own Spanish message', () => {
    const cases: [string, string][] = [
      ['t=2023-T5', "El trimestre '2023-T5' no tiene la forma AAAA-Tn (por ejemplo 2024-T1)."],
      [
        "t=2023-T1';DROP TABLE x",
        "El trimestre '2023-T1';DROP TABLE x' no tiene la forma AAAA-Tn (por ejemplo 2024-T1).",
      ],
      [
        't=2023-T1&desde=2022-T1&hasta=2023-T1',
        "Use 't' (lista de trimestres) o 'desde' y 'hasta' (un intervalo), no ambos.",
      ],
      ['desde=2022-T1', "Un intervalo de trimestres necesita 'desde' y 'hasta'."],
      ['desde=2024-T1&hasta=2023-T1', "El trimestre 'desde' (2024-T1) es posterior a 'hasta' (2023-T1)."],
      ['op=venta', "El parámetro 'op' admite 'Venta' y 'Alquiler'."],
      [
        'c=azul,"rojo"',
        'La categoría \'"rojo"\' no es válida (letras, números, espacios y guiones; hasta 64 caracteres).',
      ],
      ['exactas=si', "El parámetro 'exactas' admite '1' o '0'."],
      ['op=Venta&op=Alquiler', "El parámetro 'op' admite 'Venta' y 'Alquiler'."],
      ['c=a&c=b', "El parámetro 'c' aparece más de una vez."],
    ];
    for (const [text, message] of cases) expect(error(parseFilter(q(text)))).toBe(message);
    const many = Array.from({ length: 65 }, (_, i) => `k${i}`).join(',');
    expect(error(parseFilter(q(`c=${many}`)))).toBe("El parámetro 'c' admite hasta 64 valores.");
    expect(error(parseFilter(q(`c=${'a'.repeat(65)}`)))).toMatch(/^La categoría 'a{64}' no es válida/);
  });

  it('polygon: lat,lng pairs, 3–1000 vertices (a closing repeat allowed), inside Venezuela', () => {
    const ring = value(parsePolygon(q(`poligono=${ringText(4, true)}`)));
    expect(ring).toHaveLength(4);
    expect(ring[0]).toEqual({ lat: 10.5, lng: -66.8 });
    expect(value(parsePolygon(q(`poligono=${ringText(1000)}`)))).toHaveLength(1000);
    expect(value(parsePolygon(q(`poligono=${ringText(1000, true)}`)))).toHaveLength(1000);
    expect(error(parsePolygon(q(`poligono=${ringText(1001)}`)))).toBe(
      'El polígono admite hasta 1000 vértices.',
    );
    expect(error(parsePolygon(q('poligono=10,-66;10,-66;10.1,-66.1;10,-66')))).toBe(
      'El polígono necesita al menos 3 vértices distintos.',
    );
    expect(error(parsePolygon(q('poligono=10,-66;40.4,-3.7;10.1,-66.1')))).toBe(
      'El vértice 2 del polígono está fuera de Venezuela.',
    );
    // Panama's latitude, the Pacific's longitude.
    expect(error(parsePolygon(q('poligono=10,-66;10.1,-66.1;8.9,-79.5')))).toBe(
      'El vértice 3 del polígono está fuera de Venezuela.',
    );
    // Longitude first (GeoJSON order) falls outside the box: -66 is no latitude of Venezuela.
    expect(error(parsePolygon(q('poligono=-66.9,10.5;-66.8,10.5;-66.8,10.6')))).toBe(
      'El vértice 1 del polígono está fuera de Venezuela.',
    );
    const format = "El parámetro 'poligono' debe ser una lista 'lat,lng;lat,lng;…' de números.";
    for (const bad of ['10,-66;10.1', '10,-66,3;10.1,-66;10,-66.1', '10,-66;;10.1,-66.1', 'a,b;c,d;e,f']) {
      expect(error(parsePolygon(q(`poligono=${bad}`)))).toBe(format);
    }
    expect(error(parsePolygon(q('')))).toBe("Falta el parámetro 'poligono'.");
  });

  it('row limit: 1–10000, 1000 when absent', () => {
    expect(value(parseLimit(q('')))).toBe(1000);
    expect(value(parseLimit(q('limite=1')))).toBe(1);
    expect(value(parseLimit(q('limite=10000')))).toBe(10000);
    for (const bad of ['limite=0', 'limite=10001', 'limite=-5', 'limite=2.5', 'limite=1e3']) {
      expect(error(parseLimit(q(bad)))).toBe("El parámetro 'limite' debe ser un entero entre 1 y 10000.");
    }
  });
});
