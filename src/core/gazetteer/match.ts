/**
 * Which local places a search text names (issue 38: the organisation's own list is searched first). Names
 * are compared folded (accents, case, repeated spaces), the text's first comma part against the name: the
 * whole name first, then names starting with it, then names with a word starting with it.
 */
import { foldText } from '../zone.ts';
import type { LocalPlace } from './local-places.ts';

const fold = (text: string) => foldText(text).replace(/\s+/g, ' ');

export function matchLocalPlaces(text: string, places: readonly LocalPlace[], limit: number): LocalPlace[] {
  const [first = '', ...rest] = text.split(',');
  const query = fold(first);
  if (query === '') return [];
  // A second part ('Los Mangos, Guacara') narrows to places whose municipio or estado starts with it.
  const where = fold(rest.join(' '));
  const ranked: { place: LocalPlace; rank: number }[] = [];
  for (const place of places) {
    const name = fold(place.name);
    const rank = name === query ? 0 : name.startsWith(query) ? 1 : name.includes(` ${query}`) ? 2 : -1;
    if (rank < 0) continue;
    if (where !== '' && !fold(place.municipio).startsWith(where) && !fold(place.estado).startsWith(where))
      continue;
    ranked.push({ place, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.place.name.localeCompare(b.place.name, 'es'));
  return ranked.slice(0, limit).map((r) => r.place);
}
