import { lookupMunicipio, MUNICIPIO_CITY } from '../../src/geocoding/municipio-cities.ts';
import type { GazetteerEntry } from './gazetteer.ts';
import { queryWords } from './name-match.ts';

/** Names people use for an estado in addresses ('Juan Griego, Margarita'). */
const ESTADO_WORDS: Readonly<Record<string, string>> = {
  'Nueva Esparta': 'isla de margarita',
  'Distrito Capital': 'caracas dc',
  'Dependencias Federales': 'los roques',
};

/**
 * Words of an entry's address for the parts after the first comma: its address, the city its municipio's
 * addresses belong to ('Chacao' → Caracas, src/geocoding/municipio-cities.ts) and the estado's common names.
 */
// Keyed by the entry itself: a reloaded store brings new entries, and the old ones' words go with them.
const haystacks = new WeakMap<GazetteerEntry, Set<string>>();
export function addressWords(entry: GazetteerEntry): Set<string> {
  let words = haystacks.get(entry);
  if (!words) {
    const { state = '', county = '' } = entry.address;
    const city = county ? (lookupMunicipio(MUNICIPIO_CITY, state, county) ?? '') : '';
    const text = [...Object.values(entry.address), city, ESTADO_WORDS[state] ?? ''].join(' ');
    words = new Set([...queryWords(text), 've']);
    haystacks.set(entry, words);
  }
  return words;
}
