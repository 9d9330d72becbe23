import municipios from '../../data/gazetteer/ve-municipios.json' with { type: 'json' };
import { foldText } from '../core/zone.ts';

/**
 * The city a municipio's addresses belong to, for states whose geocoder answers name the municipio but not the
 * city (spec, validation rules: "Further rules map administrative districts to city names"). Keys are `estado|municipio`,
 * both accent-free and lower-case; values are the city as people write it. Real geography: each row is a
 * municipio whose seat or urban area is that city.
 */
export const MUNICIPIO_CITY: Readonly<Record<string, string>> = {
  // Gran Caracas
  'distrito capital|libertador': 'Caracas',
  'miranda|chacao': 'Caracas',
  'miranda|baruta': 'Caracas',
  'miranda|sucre': 'Caracas',
  'miranda|el hatillo': 'Caracas',
  'miranda|los salias': 'San Antonio de Los Altos',
  'miranda|guaicaipuro': 'Los Teques',
  'miranda|plaza': 'Guarenas',
  'miranda|zamora': 'Guatire',
  'la guaira|vargas': 'La Guaira',
  // Centre
  'aragua|girardot': 'Maracay',
  'aragua|mario briceno iragorry': 'El Limón',
  'aragua|santiago marino': 'Turmero',
  'aragua|sucre': 'Cagua',
  'carabobo|valencia': 'Valencia',
  'carabobo|naguanagua': 'Naguanagua',
  'carabobo|san diego': 'San Diego',
  'carabobo|los guayos': 'Los Guayos',
  'carabobo|puerto cabello': 'Puerto Cabello',
  'carabobo|guacara': 'Guacara',
  // West
  'lara|iribarren': 'Barquisimeto',
  'lara|palavecino': 'Cabudare',
  'lara|torres': 'Carora',
  'merida|libertador': 'Mérida',
  'merida|campo elias': 'Ejido',
  'merida|alberto adriani': 'El Vigía',
  'tachira|san cristobal': 'San Cristóbal',
  'tachira|cardenas': 'Táriba',
  'trujillo|valera': 'Valera',
  'trujillo|trujillo': 'Trujillo',
  'barinas|barinas': 'Barinas',
  'portuguesa|paez': 'Acarigua',
  'portuguesa|araure': 'Araure',
  'portuguesa|guanare': 'Guanare',
  'yaracuy|san felipe': 'San Felipe',
  // Falcón (spec: some municipios map to Coro or Punto Fijo)
  'falcon|miranda': 'Coro',
  'falcon|colina': 'Coro',
  'falcon|carirubana': 'Punto Fijo',
  'falcon|los taques': 'Punto Fijo',
  // East and south
  'anzoategui|simon bolivar': 'Barcelona',
  'anzoategui|sotillo': 'Puerto La Cruz',
  'anzoategui|diego bautista urbaneja': 'Lechería',
  'anzoategui|guanta': 'Guanta',
  'anzoategui|simon rodriguez': 'El Tigre',
  'bolivar|caroni': 'Ciudad Guayana',
  'bolivar|heres': 'Ciudad Bolívar',
  'monagas|maturin': 'Maturín',
  'sucre|sucre': 'Cumaná',
  'sucre|bermudez': 'Carúpano',
  'nueva esparta|marino': 'Porlamar',
  'nueva esparta|arismendi': 'La Asunción',
  'guarico|juan german roscio': 'San Juan de Los Morros',
  'guarico|francisco de miranda': 'Calabozo',
  'cojedes|ezequiel zamora': 'San Carlos',
  'apure|san fernando': 'San Fernando de Apure',
  'amazonas|atures': 'Puerto Ayacucho',
  'delta amacuro|tucupita': 'Tucupita',
};

/** Words official names put before a municipio's name ('Municipio Autónomo Atures', 'Turístico …'). */
const PREFIX = /^(municipio|autonomo|turistico|bolivariano|foraneo)\s+/;

/** A municipio's name as the tables key it: accent-free, lower case, official prefixes removed. */
export function municipioKey(name: string): string {
  let key = foldText(name);
  for (let next = key.replace(PREFIX, ''); next !== key; next = key.replace(PREFIX, '')) key = next;
  return key;
}

/**
 * Municipios renamed after the package's list was written: the current name → the list's. Geocoders answer
 * with the current one (Cojedes's San Carlos is Ezequiel Zamora since 2010).
 */
const RENAMED: Readonly<Record<string, string>> = {
  'cojedes|ezequiel zamora': 'cojedes|san carlos',
};

const LISTED: Readonly<Record<string, string>> = Object.fromEntries(
  municipios.map((m) => [`${foldText(m.estado)}|${municipioKey(m.municipio)}`, m.capital]),
);

/**
 * The capital of each of the 335 municipios (`venezuela@2.0.0`, data/PROVENANCE.md), keyed like MUNICIPIO_CITY,
 * under current names as well as the list's.
 */
export const MUNICIPIO_CAPITAL: Readonly<Record<string, string>> = {
  ...LISTED,
  ...Object.fromEntries(
    Object.entries(RENAMED).flatMap(([now, listed]) => {
      const capital = LISTED[listed];
      return capital === undefined ? [] : [[now, capital]];
    }),
  ),
};

/**
 * Looks a municipio up in a table keyed `estado|municipio`, tolerating the long and short forms of a name
 * ('Juan Antonio Sotillo' / 'Sotillo', 'Simón Bolívar' / 'Bolívar') when only one row of the estado fits.
 */
export function lookupMunicipio(
  table: Readonly<Record<string, string>>,
  estado: string,
  municipio: string,
): string | undefined {
  const e = foldText(estado);
  const m = municipioKey(municipio);
  if (m === '') return undefined;
  const direct = table[`${e}|${m}`];
  if (direct !== undefined) return direct;
  const fits = Object.keys(table).filter((k) => {
    if (!k.startsWith(`${e}|`)) return false;
    const name = k.slice(e.length + 1);
    return name.endsWith(` ${m}`) || m.endsWith(` ${name}`);
  });
  return fits.length === 1 && fits[0] !== undefined ? table[fits[0]] : undefined;
}
