/**
 * Urbanizaciones and detailed addresses in the forms Venezuelan listings use:
 * 'Av. Principal de Los Ruices, Edif. Ávila, Piso 3, Apto 3-B, Urb. Los Ruices, Municipio Sucre, Caracas, Miranda',
 * 'Calle 72 con Av. 15 (Delicias), Casa Nro. 15-34, Sector Delicias, Maracaibo, Zulia'.
 */
import type { CityStyle } from './cities.ts';
import type { Place } from './places.ts';
import { int, pick, type Rng } from './random.ts';
import {
  BUILDING_NAMES,
  COMMERCIAL_CENTRES,
  INDUSTRIAL_ZONES,
  QUINTA_NAMES,
  STREET_NAMES,
  URBANIZACION_PREFIXES,
  type PropertyType,
} from './vocab.ts';

/** An urbanización: its bare name ('Los Ruices') and how a listing writes it ('Urb. Los Ruices'). */
export interface Urbanizacion {
  name: string;
  full: string;
}

/** An urbanización of the city, with the way a listing announces it. */
export function urbanizacionFor(rng: Rng, style: CityStyle): Urbanizacion {
  const name = pick(rng, style.urbanizaciones);
  return { name, full: `${pick(rng, URBANIZACION_PREFIXES)} ${name}` };
}

/** The street part: the city's numbered grid where it has one, otherwise a named avenue or street. */
function streetFor(rng: Rng, style: CityStyle, urbanizacion: Urbanizacion): string {
  if (style.grid === 'calle-avenida')
    return `Calle ${int(rng, 1, 200)} con Av. ${int(rng, 2, 80)} (${urbanizacion.name})`;
  if (style.grid === 'carrera-calle') {
    const calle = int(rng, 1, 60);
    return `Carrera ${int(rng, 1, 35)} entre Calles ${calle} y ${calle + 1}`;
  }
  const roll = rng.next();
  if (roll < 0.3) return `Av. Principal de ${urbanizacion.name}`;
  if (roll < 0.7) return `Av. ${pick(rng, STREET_NAMES)}`;
  if (roll < 0.9) return `Calle ${pick(rng, STREET_NAMES)}`;
  return `Transversal ${int(rng, 1, 9)}`;
}

/** The building part for the type: flats have a floor and a matching door ('Piso 3, Apto 3-B'). */
function premisesFor(rng: Rng, type: PropertyType, style: CityStyle): string {
  const floor = int(rng, 1, 16);
  switch (type) {
    case 'Apartamento':
      return `${pick(rng, ['Edif.', 'Res.', 'Torre'])} ${pick(rng, BUILDING_NAMES)}, Piso ${floor}, Apto ${floor}-${pick(rng, ['A', 'B', 'C', 'D'])}`;
    case 'Oficina':
      return `Torre ${pick(rng, BUILDING_NAMES)}, Piso ${floor}, Ofic. ${floor}-${int(rng, 1, 12)}`;
    case 'Local':
      return `C.C. ${pick(rng, COMMERCIAL_CENTRES)}, Nivel ${pick(rng, ['PB', 'Mezzanina', '1', '2'])}, Local ${int(rng, 1, 120)}`;
    case 'Quinta':
      return `Quinta ${pick(rng, QUINTA_NAMES)}`;
    case 'Townhouse':
      return `Conj. Res. ${pick(rng, BUILDING_NAMES)}, Townhouse ${int(rng, 1, 40)}`;
    case 'Casa':
      // Grid cities number houses by the nearest cross street ('Nro. 15-34').
      return style.grid
        ? `Casa Nro. ${int(rng, 2, 99)}-${int(rng, 10, 99)}`
        : `Casa Nro. ${int(rng, 1, 150)}`;
    case 'Terreno':
      return `Parcela ${int(rng, 1, 90)}`;
    case 'Galpón':
      return `Zona Industrial ${pick(rng, INDUSTRIAL_ZONES)}, Galpón ${int(rng, 1, 40)}`;
  }
}

/** A full detailed address: street, premises, urbanización, (municipio in a metro), city, estado. */
export function addressFor(
  rng: Rng,
  type: PropertyType,
  urbanizacion: Urbanizacion,
  place: Place,
  style: CityStyle,
): string {
  const street =
    type === 'Terreno' ? `Carretera ${pick(rng, STREET_NAMES)}` : streetFor(rng, style, urbanizacion);
  const parts = [street, premisesFor(rng, type, style), urbanizacion.full];
  if (style.city !== place.name && place.municipio) parts.push(`Municipio ${place.municipio}`);
  parts.push(style.city, place.estado);
  return parts.join(', ');
}
