import type { LocalPlace } from '../../../src/core/gazetteer/local-places.ts';

/** A learned place for the local gazetteer's tests: Los Mangos in Guacara, overridable field by field. */
export const place = (over: Partial<LocalPlace> = {}): LocalPlace => ({
  name: 'Los Mangos',
  municipio: 'Guacara',
  estado: 'Carabobo',
  lat: 10.2,
  lng: -67.9,
  count: 3,
  spreadM: 110,
  fuente: 'ventas.csv',
  ...over,
});
