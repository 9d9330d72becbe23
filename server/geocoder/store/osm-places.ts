import { altNames } from './rows.ts';
import type { RowCollector } from './rows.ts';
import { labelPoint, lineMiddle } from './label-point.ts';
import type { PlaceKind } from './types.ts';

export type Tags = ReadonlyMap<string, string>;
type Ring = [number, number][];

/** Tag keys that mean something to JavaScript objects: an element carrying one is counted out. */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/** Street-less highway values: a named bus stop or platform is not a street. */
const NOT_STREETS = new Set(['bus_stop', 'platform', 'stop', 'traffic_signals', 'crossing', 'elevator']);

/**
 * What an OSM element is to the gazetteer (research/urbanizaciones.md): Venezuelan urbanizaciones are
 * `place=neighbourhood|quarter` and named `landuse=residential` areas, sectors `place=suburb`, towns
 * `place=city|town|village|hamlet`; a named `highway` is a street. Null for everything else.
 */
export function osmKind(tags: Tags, isWay: boolean): PlaceKind | null {
  const place = tags.get('place');
  if (place === 'suburb') return 'sector';
  if (place === 'neighbourhood' || place === 'quarter') return 'urbanizacion';
  if (place === 'city' || place === 'town' || place === 'village' || place === 'hamlet') return 'pueblo';
  if (tags.get('landuse') === 'residential') return 'urbanizacion';
  const highway = tags.get('highway');
  if (highway && isWay && !NOT_STREETS.has(highway)) return 'calle';
  return null;
}

/** True when the element is worth keeping at all: a name and a kind (checked before any geometry work). */
export function wanted(tags: Tags, isWay: boolean): boolean {
  return (tags.has('name') || tags.has('name:es')) && osmKind(tags, isWay) !== null;
}

/** One OSM element's geometry: a point (node), a line (open way, street) or rings (closed way, multipolygon). */
export type OsmGeometry =
  | { type: 'point'; lon: number; lat: number }
  | { type: 'line'; coords: Ring }
  | { type: 'area'; rings: Ring[] };

/** Adds one named OSM element to the collector, or counts why it cannot be used. */
export function addOsmElement(
  out: RowCollector,
  tags: Tags,
  geometry: OsmGeometry | null,
  isWay: boolean,
): void {
  out.result.read++;
  if ([...tags.keys()].some((k) => RESERVED.has(k))) {
    out.reject('claveReservada');
    return;
  }
  const kind = osmKind(tags, isWay);
  if (!kind) {
    out.reject('tipoNoUsado');
    return;
  }
  if (!geometry) {
    out.reject('areaSinGeometria');
    return;
  }
  let point: [number, number] | null;
  let outline: Ring[] | undefined;
  if (geometry.type === 'point') point = [geometry.lon, geometry.lat];
  else if (geometry.type === 'line') point = lineMiddle(geometry.coords);
  else if (kind === 'calle') point = lineMiddle(geometry.rings[0] ?? []);
  else {
    point = labelPoint(geometry.rings);
    outline = geometry.rings;
  }
  if (!point) {
    out.reject('areaSinGeometria');
    return;
  }
  const name = tags.get('name:es') ?? tags.get('name') ?? '';
  out.add({
    name,
    kind,
    lon: point[0],
    lat: point[1],
    alt: altNames(name, [
      tags.get('name'),
      tags.get('alt_name'),
      tags.get('old_name'),
      tags.get('short_name'),
      tags.get('loc_name'),
      tags.get('official_name'),
    ]),
    municipio: tags.get('is_in:municipality') ?? tags.get('addr:municipality') ?? '',
    estado: tags.get('is_in:state') ?? tags.get('addr:state') ?? '',
    ...(outline ? { outline } : {}),
    ...(tags.get('addr:city') ? { ciudad: tags.get('addr:city') } : {}),
  });
}

/** A closed way (first node = last) of a non-street is an area. */
export function wayGeometry(coords: Ring, kind: PlaceKind | null): OsmGeometry {
  const first = coords[0];
  const last = coords[coords.length - 1];
  const closed = coords.length >= 4 && first && last && first[0] === last[0] && first[1] === last[1];
  return closed && kind !== 'calle' ? { type: 'area', rings: [coords] } : { type: 'line', coords };
}
