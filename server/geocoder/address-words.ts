import { lookupMunicipio, MUNICIPIO_CITY } from '../../src/geocoding/municipio-cities.ts';
import type { GazetteerEntry } from './gazetteer.ts';
import { queryWords } from './name-match.ts';

/** Names people use for an estado in addresses ('Juan Griego, Margarita'). */
const ESTADO_WORDS: Readonly<Record<string, string>> = {
  'Nueva Esparta': 'isla de margarita',
  'Distrito Capital': 'caracas dc',
  'Dependencias Federales': 'los roques',
};

/** The city of a municipio's addresses, remembered: a miss in the table scans it (every street asks). */
const cities = new Map<string, string>();
function cityOf(state: string, county: string): string {
  if (!county) return '';
  const key = `${state}|${county}`;
  let city = cities.get(key);
  if (city === undefined) {
    city = lookupMunicipio(MUNICIPIO_CITY, state, county) ?? '';
    cities.set(key, city);
  }
  return city;
}

/**
 * Words of an entry's address for the parts after the first comma: its address, the city its municipio's
 * addresses belong to ('Chacao' → Caracas, src/geocoding/municipio-cities.ts) and the estado's common names.
 */
export function addressWords(entry: GazetteerEntry): Set<string> {
  const { state = '', county = '' } = entry.address;
  const text = [...Object.values(entry.address), cityOf(state, county), ESTADO_WORDS[state] ?? ''].join(' ');
  return new Set([...queryWords(text), 've']);
}
