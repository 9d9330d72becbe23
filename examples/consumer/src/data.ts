/** The host's own small data: listings around three cities, one agency, and the transactions as a VEPT file. */
import { buildPropertyTable, encodeTable, normalizeProperties } from 'inmuebles-mapas-ve/core';

const CITIES: readonly (readonly [number, number, string])[] = [
  [10.49, -66.88, 'Chacao'],
  [10.17, -68.0, 'Valencia'],
  [10.65, -71.64, 'Maracaibo'],
];

/** Deterministic records in the product's raw form (numbers as the backend sends them). */
export function listings(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => {
    const [lat, lng, urbanizacion] = CITIES[i % CITIES.length] ?? CITIES[0]!;
    return {
      id: `L${String(i)}`,
      latitud: lat + (((i * 37) % 101) - 50) / 2000,
      longitud: lng + (((i * 53) % 97) - 48) / 2000,
      operacion: i % 3 === 0 ? 'Alquiler' : 'Venta',
      precio: 40_000 + ((i * 7919) % 250_000),
      tipoInmueble: i % 2 === 0 ? 'Apartamento' : 'Casa',
      codigoInmueblePublico: `VE-${String(1000 + i)}`,
      urbanizacion,
      nroHabitaciones: 1 + (i % 4),
      foto: '/foto.svg',
      color: i % 2 === 0 ? 'rojo' : 'azul',
      trimestre: i % 2 === 0 ? '2024-T1' : '2024-T2',
    };
  });
}

/** The transactions map downloads a VEPT table: the host encodes one with the package's pure `./core`. */
export function transactionsUrl(): string {
  const { properties } = normalizeProperties(listings(600));
  const bytes = encodeTable(buildPropertyTable(properties));
  return URL.createObjectURL(new Blob([bytes.slice().buffer], { type: 'application/octet-stream' }));
}

/** An agency with its coverage circles and properties: the agency map's 'inmobiliaria' mode. */
export const AGENCY_RECORD = {
  isFranquicia: 0,
  isInmobiliaria: 1,
  isInmuebles: 0,
  isAgente: 0,
  inmobiliarias: [
    {
      id: 'A1',
      nombre: 'Inmobiliaria del Este',
      direccion: 'Av. Francisco de Miranda, Chacao',
      telefonoMovil: '0414-000-0000',
      telfonoFIjo: '0212-000-0000',
      latitud: '10.4960',
      longitud: '-66.8530',
      url: 'https://example.com/inmobiliaria',
      circulos: [
        { radio: 1000, color: '#1d4ed8' },
        { radio: 2000, color: '#16a34a' },
      ],
      inmuebles: listings(12),
    },
  ],
  inmuebles: [],
};
