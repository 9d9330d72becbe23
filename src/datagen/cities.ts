/**
 * How listings read in the big cities: the code in their public codes, their well-known urbanizaciones and,
 * where the city has one, its numbered street grid. Keyed by the gazetteer's 'Estado/Municipio', so the
 * satellite towns of a metro (Petare, Baruta, Chacao, El Hatillo → Caracas) get their own municipio's
 * urbanizaciones and the metro's name. Names only: positions always come from the gazetteer.
 */
import type { Place } from './places.ts';
import { GENERIC_URBANIZACIONES } from './vocab.ts';

/** Numbered street grids: Maracaibo's 'Calle 72 con Av. 15', Barquisimeto's 'Carrera 19 entre Calles 25 y 26'. */
export type StreetGrid = 'calle-avenida' | 'carrera-calle' | null;

/** Everything a listing's text needs to know about its city. */
export interface CityStyle {
  /** The city as written in addresses (the metro's name for its satellite municipios). */
  city: string;
  /** Three letters of `codigoInmueblePublico` ('VE-CCS-001234'): airport-style for the big metros. */
  code: string;
  urbanizaciones: readonly string[];
  grid: StreetGrid;
}

type Known = Omit<CityStyle, 'grid'> & { grid?: StreetGrid };

const CARACAS = (urbanizaciones: readonly string[]): Known => ({
  city: 'Caracas',
  code: 'CCS',
  urbanizaciones,
});

const KNOWN: Readonly<Record<string, Known>> = {
  'Distrito Capital/Libertador': CARACAS([
    'El Paraíso',
    'La Florida',
    'San Bernardino',
    'La Candelaria',
    'Santa Mónica',
    'Los Chaguaramos',
    'Bello Monte',
    'Montalbán',
    'Catia',
    'La Campiña',
    'Los Caobos',
    'San Martín',
    'La Pastora',
    'Sabana Grande',
  ]),
  'Miranda/Chacao': CARACAS([
    'Los Palos Grandes',
    'Altamira',
    'La Castellana',
    'El Rosal',
    'Campo Alegre',
    'La Floresta',
    'El Bosque',
    'Bello Campo',
    'Chacao',
  ]),
  'Miranda/Baruta': CARACAS([
    'Las Mercedes',
    'El Cafetal',
    'Prados del Este',
    'La Trinidad',
    'Santa Fe',
    'Colinas de Bello Monte',
    'Santa Paula',
    'Chuao',
    'Valle Arriba',
    'San Román',
    'Cumbres de Curumo',
    'La Tahona',
    'Santa Rosa de Lima',
  ]),
  'Miranda/Sucre': CARACAS([
    'Los Ruices',
    'Sebucán',
    'Macaracuay',
    'Terrazas del Ávila',
    'Los Dos Caminos',
    'La Urbina',
    'Boleíta',
    'Montecristo',
    'Los Cortijos de Lourdes',
    'Palo Verde',
    'Los Chorros',
    'La California Norte',
    'El Marqués',
  ]),
  'Miranda/El Hatillo': CARACAS([
    'La Boyera',
    'El Hatillo',
    'Los Naranjos',
    'Oripoto',
    'Alto Hatillo',
    'La Lagunita',
  ]),
  'Zulia/Maracaibo': {
    city: 'Maracaibo',
    code: 'MAR',
    grid: 'calle-avenida',
    urbanizaciones: [
      'Tierra Negra',
      'La Lago',
      'Bella Vista',
      'Delicias',
      'Los Olivos',
      'El Milagro',
      'Valle Frío',
      'Santa Rita',
      'La Limpia',
      'Canta Claro',
      'Indio Mara',
      'Los Haticos',
      'Paraíso',
      'La Virginia',
      'Zapara',
      'Los Estanques',
    ],
  },
  'Carabobo/Valencia': {
    city: 'Valencia',
    code: 'VLN',
    urbanizaciones: [
      'El Viñedo',
      'Prebo',
      'La Viña',
      'Trigal Norte',
      'Trigal Sur',
      'Los Mangos',
      'Guaparo',
      'Camoruco',
      'El Parral',
      'Lomas del Este',
      'Valles de Camoruco',
      'Kerdell',
      'La Trigaleña',
      'Altos de Guataparo',
    ],
  },
  'Aragua/Girardot': {
    city: 'Maracay',
    code: 'MCY',
    urbanizaciones: [
      'El Limón',
      'Calicanto',
      'La Soledad',
      'Las Delicias',
      'San Jacinto',
      'El Castaño',
      'La Floresta',
      'Los Caobos',
      'San Isidro',
      'Andrés Eloy Blanco',
    ],
  },
  'Lara/Iribarren': {
    city: 'Barquisimeto',
    code: 'BRM',
    grid: 'carrera-calle',
    urbanizaciones: [
      'Nueva Segovia',
      'Santa Elena',
      'El Parque',
      'Del Este',
      'Los Cardones',
      'Patarata',
      'La Rosaleda',
      'Fundalara',
      'Santa Isabel',
      'El Obelisco',
    ],
  },
  'Bolívar/Caroní': {
    city: 'Ciudad Guayana',
    code: 'PZO',
    urbanizaciones: [
      'Alta Vista',
      'Villa Asia',
      'Los Olivos',
      'Unare',
      'Castillito',
      'Villa Africana',
      'Chilemex',
      'Core 8',
      'Villa Alianza',
    ],
  },
  'Anzoátegui/Simón Bolívar': {
    city: 'Barcelona',
    code: 'BLA',
    urbanizaciones: ['Nueva Barcelona', 'Las Garzas', 'Boyacá', 'Colinas del Neverí', 'Los Montones'],
  },
  'Anzoátegui/Juan Antonio Sotillo': {
    city: 'Puerto La Cruz',
    code: 'PLC',
    urbanizaciones: ['El Morro', 'Pozuelos', 'Guaraguao', 'Playa Mansa', 'Chuparín'],
  },
  'Monagas/Maturín': {
    city: 'Maturín',
    code: 'MUN',
    urbanizaciones: ['Tipuro', 'Los Guaritos', 'La Floresta', 'Juanico', 'Las Cocuizas'],
  },
  'Mérida/Libertador': {
    city: 'Mérida',
    code: 'MRD',
    urbanizaciones: [
      'Belensate',
      'La Hechicera',
      'Santa María',
      'Los Curos',
      'El Carrizal',
      'Las Tapias',
      'Humboldt',
    ],
  },
  'Táchira/San Cristóbal': {
    city: 'San Cristóbal',
    code: 'SCR',
    urbanizaciones: [
      'Pueblo Nuevo',
      'Barrio Obrero',
      'Las Acacias',
      'La Concordia',
      'Santa Teresa',
      'Pirineos',
    ],
  },
};

/** 'Ciudad Bolívar' → 'CIU': the name's first three letters, accents dropped. */
function letters(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase()
    .padEnd(3, 'X');
}

/** Codes of the big cities; a town whose letters would spell one ('Mariara' → 'MAR') ends in 'X' instead. */
const RESERVED = new Set(Object.values(KNOWN).map((k) => k.code));
const townCode = (name: string) => {
  const code = letters(name);
  return RESERVED.has(code) ? `${code.slice(0, 2)}X` : code;
};

const styles = new Map<Place, CityStyle>();

/** The style of `place`'s city (cached: places are the gazetteer's module-level objects). */
export function cityStyle(place: Place): CityStyle {
  let style = styles.get(place);
  if (!style) {
    const known = KNOWN[`${place.estado}/${place.municipio}`];
    style = known
      ? { grid: null, ...known }
      : { city: place.name, code: townCode(place.name), urbanizaciones: GENERIC_URBANIZACIONES, grid: null };
    styles.set(place, style);
  }
  return style;
}
