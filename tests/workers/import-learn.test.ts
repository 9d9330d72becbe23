import { describe, expect, it } from 'vitest';
import { detectMapping } from '../../src/core/ingest/columns.ts';
import type { ImportSource } from '../../workers/import/contract.ts';
import { canLearnPlaces } from '../../src/core/gazetteer/learn.ts';
import { learnPlaces } from '../../workers/import/learn.ts';

const file = (text: string, name = 'ventas.csv'): ImportSource => ({
  kind: 'file',
  file: new Blob([text]),
  name,
});

describe('learning places in the import worker', () => {
  it('reads a CSV once more and proposes its repeated urbanización, under the detected mapping', async () => {
    const text = [
      'Precio;Latitud;Longitud;Sector;Municipio',
      '100000;10,2000;-67,9000;Urb. Los Mangos;Guacara',
      '120000;10,2010;-67,9000;Urb. Los Mangos;Guacara',
      '',
      '90000;10,2000;-67,9010;"Urb. Los Mangos";Guacara',
      '95000;;;Urb. Los Mangos;Guacara',
      '80000;10,5;-66,9;El Centro;Guacara',
    ].join('\n');
    const mapping = detectMapping(['Precio', 'Latitud', 'Longitud', 'Sector', 'Municipio']);
    expect(canLearnPlaces(mapping)).toBe(true);
    const answer = await learnPlaces(file(text), mapping);
    expect(answer).toEqual({
      ok: true,
      value: {
        rows: 4,
        rejected: { pocasFilas: 1 },
        proposals: [
          {
            name: 'Urb. Los Mangos',
            municipio: 'Guacara',
            estado: '',
            lat: 10.2,
            lng: -67.9,
            count: 3,
            spreadM: 110,
          },
        ],
      },
    });
  });

  it('answers a Spanish error, not a throw, for a mapping without a name or a point, or a binary file', async () => {
    expect(canLearnPlaces(detectMapping(['precio', 'latitud', 'longitud']))).toBe(false);
    expect(
      await learnPlaces(file('precio;latitud;longitud\n1;10;-66\n'), { price: 0, lat: 1, lng: 2 }),
    ).toEqual({
      ok: false,
      error: 'el archivo no tiene columnas de coordenadas y de urbanización (o sector, zona).',
    });
    const binary = await learnPlaces(
      { kind: 'file', file: new Blob([new Uint8Array([0, 1, 2, 3, 0, 0, 0, 9])]), name: 'x.csv' },
      { lat: 0, lng: 1, urbanizacion: 2 },
    );
    expect(binary.ok).toBe(false);
  });
});
