import { describe, expect, it } from 'vitest';
import type { GeoJSONSource } from 'maplibre-gl';
import type { LocalPlace } from '../../src/core/gazetteer/local-places.ts';
import {
  attachLocalPlaceLabels,
  localPlaceFeatures,
  type LabelMap,
} from '../../src/map/local-place-labels.ts';
import { place } from '../core/gazetteer/place-fixture.ts';

/** A map with (or without) the style's learned-places source; it records what the source was given. */
function fakeMap(withSource = true) {
  const given: unknown[] = [];
  const handlers = new Map<string, () => void>();
  const source = { setData: (data: unknown) => given.push(data) } as unknown as GeoJSONSource;
  const map = {
    getSource: (id: string) => (withSource && id === 'urbanizaciones-locales' ? source : undefined),
    on: (type: string, handler: () => void) => handlers.set(type, handler),
    off: (type: string) => handlers.delete(type),
  } as unknown as LabelMap;
  return { map, given, handlers };
}

/** A gazetteer whose places a test replaces, telling its one listener. */
function fakeGazetteer(initial: readonly LocalPlace[]) {
  let places = initial;
  let listener: (() => void) | null = null;
  return {
    gazetteer: {
      places: () => places,
      subscribe: (l: () => void) => {
        listener = l;
        return () => {
          listener = null;
        };
      },
    },
    change: (next: readonly LocalPlace[]) => {
      places = next;
      listener?.();
    },
    listening: () => listener !== null,
  };
}

const names = (data: unknown) =>
  (data as ReturnType<typeof localPlaceFeatures>).features.map(
    (f) => (f.properties as { name: string } | null)?.name,
  );

describe('the learned places on the offline base map', () => {
  it('are point features at their median point, named as the served urbanización labels', () => {
    expect(localPlaceFeatures([place()])).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-67.9, 10.2] },
          properties: { name: 'Los Mangos', tipo: 'urbanizacion' },
        },
      ],
    });
    // A name is data for a text field, kept as written.
    expect(names(localPlaceFeatures([place({ name: 'A & B <i>' })]))).toEqual(['A & B <i>']);
  });

  it('fill the source at once, again when places are added or removed, and after a new style', () => {
    const { map, given, handlers } = fakeMap();
    const { gazetteer, change, listening } = fakeGazetteer([place()]);
    const stop = attachLocalPlaceLabels(map, gazetteer);
    expect(given.map(names)).toEqual([['Los Mangos']]);
    change([place(), place({ name: 'El Trigal' })]);
    change([place({ name: 'El Trigal' })]);
    expect(given.map(names)).toEqual([['Los Mangos'], ['Los Mangos', 'El Trigal'], ['El Trigal']]);
    handlers.get('style.load')?.();
    expect(given).toHaveLength(4);
    stop();
    expect(listening()).toBe(false);
    expect(handlers.has('style.load')).toBe(false);
  });

  it('leave a style without the source alone (a production style) or an empty source empty, and fill it once its style loads', () => {
    const { map, given } = fakeMap(false);
    const { gazetteer, change } = fakeGazetteer([place()]);
    attachLocalPlaceLabels(map, gazetteer);
    change([]);
    expect(given).toEqual([]);
    // Nothing learned yet: the style's empty source is left as it is.
    const none = fakeMap();
    attachLocalPlaceLabels(none.map, fakeGazetteer([]).gazetteer);
    expect(none.given).toEqual([]);
    const late = fakeMap();
    let loaded = false;
    const getSource = late.map.getSource.bind(late.map);
    late.map.getSource = (id: string) => (loaded ? getSource(id) : undefined);
    attachLocalPlaceLabels(late.map, fakeGazetteer([place()]).gazetteer);
    expect(late.given).toEqual([]);
    loaded = true;
    late.handlers.get('style.load')?.();
    expect(late.given.map(names)).toEqual([['Los Mangos']]);
  });
});
