import CheapRuler from 'cheap-ruler';
import { describe, expect, it } from 'vitest';
import places from '../../data/gazetteer/ve-places.json' with { type: 'json' };
import altnames from '../../data/gazetteer/ve-altnames.json' with { type: 'json' };
import extras from '../../data/gazetteer/ve-places-extra.json' with { type: 'json' };
import { foldText } from '../../src/core/zone.ts';
import { lookupMunicipio, MUNICIPIO_CAPITAL, MUNICIPIO_CITY } from '../../src/geocoding/municipio-cities.ts';

/**
 * The hand-written municipio → city table checked against sources it was not written from: the official list
 * of 335 municipios and their seats (`MUNICIPIO_CAPITAL`, from a published package) and the gazetteer's
 * populated places (coordinates per estado). A row naming a municipio that does not exist, a city in another
 * estado, or a city far from the municipio's seat fails here.
 */
const gazetteer = [...places, ...extras];
const ruler = new CheapRuler(9, 'kilometers');
/** Greater Caracas and the Falcón peninsula pair reach this far from a member municipio's seat. */
const MAX_KM = 40;

/** The gazetteer's places called `name` (its own name or one of its alternate names), in any estado. */
function placesNamed(name: string) {
  const wanted = foldText(name);
  const alternates = altnames as Record<string, string[]>;
  return gazetteer.filter(
    (p) => foldText(p.name) === wanted || (alternates[p.name] ?? []).some((alt) => foldText(alt) === wanted),
  );
}

describe('MUNICIPIO_CITY against the official municipios and the gazetteer', () => {
  it.each(Object.entries(MUNICIPIO_CITY))('%s → %s', (key, city) => {
    const [estado = '', municipio = ''] = key.split('|');
    const seatName = lookupMunicipio(MUNICIPIO_CAPITAL, estado, municipio);
    expect(seatName, `${municipio} is not one of ${estado}'s municipios`).toBeDefined();
    const seat = placesNamed(seatName ?? '').find((p) => foldText(p.estado) === estado);
    // Metropolitan areas cross estado lines (Chacao, Miranda is Caracas): the city may lie in the next one.
    const targets = placesNamed(city);
    expect(targets.length, `${city} is not a place in the gazetteer`).toBeGreaterThan(0);
    if (!seat) return; // the seats of a few small municipios are not in the gazetteer
    const km = Math.min(...targets.map((t) => ruler.distance([seat.lng, seat.lat], [t.lng, t.lat])));
    expect(km).toBeLessThan(MAX_KM);
  });

  it('finds the seat of nearly every row, so the distance check above runs', () => {
    const seated = Object.keys(MUNICIPIO_CITY).filter((key) => {
      const [estado = '', municipio = ''] = key.split('|');
      const seatName = lookupMunicipio(MUNICIPIO_CAPITAL, estado, municipio) ?? '';
      return placesNamed(seatName).some((p) => foldText(p.estado) === estado);
    });
    expect(seated.length).toBeGreaterThanOrEqual(Object.keys(MUNICIPIO_CITY).length - 3);
  });

  it('covers the state capitals the spec names (Mérida, Lara, Aragua) and the Falcón pair', () => {
    // Written from general geography, not from the table.
    const known: [string, string, string][] = [
      ['Mérida', 'Libertador', 'Mérida'],
      ['Lara', 'Iribarren', 'Barquisimeto'],
      ['Aragua', 'Girardot', 'Maracay'],
      ['Falcón', 'Miranda', 'Coro'],
      ['Falcón', 'Carirubana', 'Punto Fijo'],
      ['Bolívar', 'Caroní', 'Ciudad Guayana'],
      ['Carabobo', 'Valencia', 'Valencia'],
      ['Distrito Capital', 'Libertador', 'Caracas'],
    ];
    for (const [estado, municipio, city] of known)
      expect(lookupMunicipio(MUNICIPIO_CITY, estado, municipio)).toBe(city);
  });
});
