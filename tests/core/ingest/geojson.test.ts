import { describe, expect, it } from 'vitest';
import { detectMapping } from '../../../src/core/ingest/columns.ts';
import { geoJsonRows, POINT_COLUMN } from '../../../src/core/ingest/geojson.ts';
import { ingestRows } from '../../../src/core/ingest/rows.ts';

const point = (lng: number, lat: number, properties: Record<string, unknown>) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lng, lat] },
  properties,
});

describe('geoJsonRows', () => {
  it('points become rows with a WKT cell; other geometries are counted; rows then ingest', () => {
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        point(-66.85, 10.49, { precio: 120000, trimestre: '2024-T4', operacion: 'Venta' }),
        point(-71.63, 10.65, { precio: '$ 80.000', operacion: 'alquiler', extra: { a: 1 } }),
        {
          type: 'Feature',
          geometry: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
          properties: {},
        },
        { type: 'Feature', geometry: null, properties: {} },
      ],
    });
    const { header, rows, notPoints } = geoJsonRows(text);
    expect(header).toEqual([POINT_COLUMN, 'precio', 'trimestre', 'operacion', 'extra']);
    expect(rows[1]).toEqual(['POINT(-71.63 10.65)', '$ 80.000', '', 'alquiler', '{"a":1}']);
    expect(notPoints).toBe(2);
    const { table } = ingestRows(rows, detectMapping(header));
    expect([...table.lat]).toEqual([10.49, 10.65]);
    expect([...table.price]).toEqual([120_000, 80_000]);
  });

  it('hostile properties stay plain names and text', () => {
    const text =
      '{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[-66.9,10.5]},' +
      '"properties":{"__proto__":{"polluted":1},"nombre":"<img src=x onerror=alert(1)>"}}]}';
    const { header, rows } = geoJsonRows(text);
    expect(header).toEqual([POINT_COLUMN, '__proto__', 'nombre']);
    expect(rows[0]?.[2]).toBe('<img src=x onerror=alert(1)>');
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('refuses what is not a FeatureCollection, in Spanish', () => {
    expect(() => geoJsonRows('nope')).toThrow('El archivo no es JSON válido.');
    expect(() => geoJsonRows('{"type":"Feature"}')).toThrow(/FeatureCollection/);
  });
});
