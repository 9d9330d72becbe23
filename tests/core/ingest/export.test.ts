import { describe, expect, it } from 'vitest';
import { chartToCsv, rowsToCsv, rowsToGeoJson, type ExportRows } from '../../../src/core/ingest/export.ts';
import { detectMapping } from '../../../src/core/ingest/columns.ts';
import { ingestRows } from '../../../src/core/ingest/rows.ts';
import { dsvFormat } from 'd3-dsv';

const rows: ExportRows = {
  length: 2,
  lng: new Float64Array([-66.85, -71.6]),
  lat: new Float64Array([10.49, 10.65]),
  price: new Float64Array([125000.5, 800]),
  operation: new Uint8Array([0, 1]),
  quarter: new Uint16Array([1, 0]),
  color: new Uint16Array([0, 1]),
  area: new Float32Array([120, Number.NaN]),
  precision: new Uint8Array([0, 2]),
  quarters: ['2024-T1', '2024-T2'],
  colors: ['=cmd()', 'rojo'],
};

describe('exports', () => {
  it('CSV: BOM, ;, decimal commas, formulas neutralized, and the explorer reads it back', () => {
    const csv = rowsToCsv(rows);
    expect(
      csv.startsWith('\ufefflatitud;longitud;precio;operacion;trimestre;color;area_m2;ubicacion\r\n'),
    ).toBe(true);
    expect(csv).toContain("10,49;-66,85;125000,5;Venta;2024-T2;'=cmd();120;exacta\r\n");
    expect(csv).toContain('10,65;-71,6;800;Alquiler;2024-T1;rojo;;aproximada (municipio)\r\n');
    const parsed = dsvFormat(';').parseRows(csv.slice(1).trim());
    const header = parsed[0] ?? [];
    const { table } = ingestRows(parsed.slice(1), detectMapping(header));
    expect([...table.price]).toEqual([125000.5, 800]);
    expect([...table.lat]).toEqual([10.49, 10.65]);
  });

  it('GeoJSON: Points with numbers as numbers', () => {
    const parsed = JSON.parse(rowsToGeoJson(rows)) as {
      features: { geometry: { coordinates: number[] }; properties: Record<string, unknown> }[];
    };
    expect(parsed.features).toHaveLength(2);
    expect(parsed.features[1]?.geometry.coordinates).toEqual([-71.6, 10.65]);
    expect(parsed.features[1]?.properties).toEqual({
      precio: 800,
      operacion: 'Alquiler',
      trimestre: '2024-T1',
      color: 'rojo',
      area_m2: null,
      ubicacion: 'aproximada (municipio)',
    });
  });

  it('chart CSV', () => {
    expect(
      chartToCsv([{ quarter: '2024-T1', count: 3, saleMedianM2: 812.5, rentMedianM2: Number.NaN }]),
    ).toBe(
      '\ufefftrimestre;transacciones;mediana_venta_usd_m2;mediana_alquiler_usd_m2\r\n2024-T1;3;812,5;\r\n',
    );
  });
});
