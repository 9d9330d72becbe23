import { describe, expect, it } from 'vitest';
import {
  detectMapping,
  headerKey,
  headerSignature,
  mappingProblem,
} from '../../../src/core/ingest/columns.ts';

describe('column detection', () => {
  it('reads Spanish and English headers in any case, accents and punctuation', () => {
    expect(headerKey(' Área Construcción (m²) ')).toBe('areaconstruccionm2');
    const header = [
      'Código',
      'LATITUD',
      'Longitud',
      'Precio Final',
      'precio',
      'Fecha',
      'Operación',
      'Urbanización',
    ];
    expect(detectMapping(header)).toEqual({
      id: 0,
      lat: 1,
      lng: 2,
      price: 3, // 'precioFinal' is preferred over 'precio'
      date: 5,
      operation: 6,
      urbanizacion: 7,
    });
    expect(detectMapping(['lat', 'lon', 'price', 'quarter', 'category', 'type', 'area'])).toEqual({
      lat: 0,
      lng: 1,
      price: 2,
      quarter: 3,
      color: 4,
      type: 5,
      area: 6,
    });
  });

  it('takes x/y only as a pair, and one point column', () => {
    expect(detectMapping(['x', 'y', 'monto'])).toEqual({ lng: 0, lat: 1, price: 2 });
    expect(detectMapping(['x', 'monto'])).toEqual({ price: 1 });
    expect(detectMapping(['WKT', 'valor'])).toEqual({ point: 0, price: 1 });
  });

  it('says in Spanish when rows cannot be placed, and not when an address can be geocoded', () => {
    expect(mappingProblem({ price: 0 })).toMatch(/No se encontraron columnas de coordenadas/);
    expect(mappingProblem({ lat: 0 })).not.toBeNull();
    expect(mappingProblem({ lat: 0, lng: 1 })).toBeNull();
    expect(mappingProblem({ municipio: 3 })).toBeNull();
  });

  it('remembers a mapping by header: same names in the same order, however written', () => {
    expect(headerSignature(['Latitud', 'Longitud'])).toBe(headerSignature(['latitud ', 'LONGITUD']));
    expect(headerSignature(['Latitud', 'Longitud'])).not.toBe(headerSignature(['Longitud', 'Latitud']));
  });
});
