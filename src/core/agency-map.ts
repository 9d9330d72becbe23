/**
 * The agency / franchise / agent / property circle map's rules (spec, screens), as pure functions: which mode a
 * data record asks for, where the map starts and resets to, which properties a filter keeps, when labels
 * show, and the colours (CSS strings from the caller, checked, with the spec's defaults).
 */
import { COLORS, cssColorToRgba, type Rgba } from './colors.ts';
import { ZOOM } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { checkMapInput } from './map-input.ts';
import { readCoordinate } from './parse.ts';
import type { BBox, Inmobiliaria, MapDataRecord, Property } from './types.ts';
import type { Checked } from './agency.ts';

export type AgencyMapMode = 'franquicia' | 'inmobiliaria' | 'agente' | 'inmuebles';

/** The mode whose flag is 1 (spec, screens). With several set, the broadest wins; with none, plain properties. */
export function modeOf(
  record: Pick<MapDataRecord, 'isFranquicia' | 'isInmobiliaria' | 'isAgente'>,
): AgencyMapMode {
  if (record.isFranquicia === 1) return 'franquicia';
  if (record.isInmobiliaria === 1) return 'inmobiliaria';
  if (record.isAgente === 1) return 'agente';
  return 'inmuebles';
}

export interface AgencyMapPosition {
  mapId: string;
  latitud: number;
  longitud: number;
  zoom: number;
}

/** The map's required inputs (spec, validation rules: position, map id, latitude, longitude and zoom), or a Spanish error. */
export function checkAgencyMapInput(input: {
  mapId?: unknown;
  latitud?: unknown;
  longitud?: unknown;
  zoom?: unknown;
}): Checked<AgencyMapPosition> {
  const map = checkMapInput(input);
  if (!map.ok) return map;
  const zoom = typeof input.zoom === 'string' ? Number(input.zoom) : input.zoom;
  if (typeof zoom !== 'number' || !Number.isFinite(zoom) || zoom < 0 || zoom > 24)
    return { ok: false, error: MESSAGES.map.missingZoom };
  return { ok: true, value: { ...map.value, zoom } };
}

export interface MapView {
  center: [lng: number, lat: number];
  zoom: number;
  /** Properties mode: the box of its listings, fitted (up to zoom 11) instead of `zoom`. */
  fit?: BBox;
}

/** The box around the record's listings with usable coordinates, or null when there is none. */
function propertiesBox(record: MapDataRecord): BBox | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const p of [...record.inmobiliarias.flatMap((a) => a.inmuebles), ...record.inmuebles]) {
    if (!Number.isFinite(p.latitud) || !Number.isFinite(p.longitud)) continue;
    west = Math.min(west, p.longitud);
    east = Math.max(east, p.longitud);
    south = Math.min(south, p.latitud);
    north = Math.max(north, p.latitud);
  }
  return west <= east ? [west, south, east, north] : null;
}

/** [lng, lat] of an agency (its coordinates are numeric strings in the record). */
export function agencyLngLat(agency: Pick<Inmobiliaria, 'latitud' | 'longitud'>): [number, number] {
  return [readCoordinate(agency.longitud), readCoordinate(agency.latitud)];
}

/**
 * Where the map starts: the given position, or the first agency's in agency and agent modes (spec, screens).
 * Properties mode (the spec names no centre for it) opens on its listings: the given position is only a
 * fallback, since a host's default centre often shows none of them.
 */
export function initialView(
  mode: AgencyMapMode,
  position: AgencyMapPosition,
  record: MapDataRecord,
): MapView {
  const box = mode === 'inmuebles' ? propertiesBox(record) : null;
  if (box) return { center: [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2], zoom: position.zoom, fit: box };
  const first = record.inmobiliarias[0];
  const centre: [number, number] =
    (mode === 'inmobiliaria' || mode === 'agente') && first
      ? agencyLngLat(first)
      : [position.longitud, position.latitud];
  return { center: centre, zoom: position.zoom };
}

/** 'Reiniciar Mapa': back to the initial centre at zoom 11, or 7 in franchise mode; a fitted start fits again. */
export function resetView(mode: AgencyMapMode, initial: MapView): MapView {
  const zoom = mode === 'franquicia' ? ZOOM.resetFranchise : ZOOM.reset;
  return initial.fit ? { center: initial.center, zoom, fit: initial.fit } : { center: initial.center, zoom };
}

/**
 * The Spanish line shown over the map when it draws no listing although it should: the filters left none
 * (`noMatch`), or properties mode received none. Franchise mode before an agency is loaded shows no listings
 * by design, and agency/agent modes still show their agencies, so they say nothing about an empty record.
 */
export function emptyNotice(
  mode: AgencyMapMode,
  agencyLoaded: boolean,
  counts: { source: number; shown: number },
): string | null {
  if (counts.shown > 0 || (mode === 'franquicia' && !agencyLoaded)) return null;
  if (counts.source > 0) return MESSAGES.agencyMap.noMatch;
  return mode === 'inmuebles' ? MESSAGES.agencyMap.noProperties : null;
}

/** Labels show from zoom 13, always in franchise mode and in a selected agency's view (spec, screens). */
export function labelsVisible(zoom: number, mode: AgencyMapMode, agencySelected: boolean): boolean {
  return mode === 'franquicia' || agencySelected || zoom >= ZOOM.labelThreshold;
}

/** In franchise mode, zooming out below 9 clears the property layers (spec, screens). */
export function clearsPropertiesAt(zoom: number, mode: AgencyMapMode): boolean {
  return mode === 'franquicia' && zoom < ZOOM.franchiseClearBelow;
}

export interface AgencyFilter {
  trimestreActivo: string;
  colorInmueblesActivo: string;
}

const isAll = (value: string) => value.trim() === '' || value.trim().toLowerCase() === 'todos';

/** Properties passing the quarter and colour filters; 'todos' (or empty) means no filter on that field. */
export function filterProperties(properties: readonly Property[], filter: AgencyFilter): Property[] {
  const quarter = filter.trimestreActivo.trim();
  const colour = filter.colorInmueblesActivo.trim().toLowerCase();
  return properties.filter(
    (p) =>
      (isAll(quarter) || p.trimestre === quarter) &&
      (isAll(colour) || p.color.trim().toLowerCase() === colour),
  );
}

/** The caller's colour options (spec, entities "Display options"). */
export interface AgencyMapColorOptions {
  colorInmobiliarias?: string;
  colorInmuebles?: string;
  colorInmueblesAlquiler?: string;
  colorSeleccion?: string;
}

export interface AgencyMapColors {
  agency: Rgba;
  sale: Rgba;
  rental: Rgba;
  selection: Rgba;
}

/** Colours as RGBA with the spec's defaults; a colour that does not parse falls back and is reported. */
export function agencyMapColors(options: AgencyMapColorOptions): {
  colors: AgencyMapColors;
  problems: string[];
} {
  const problems: string[] = [];
  const read = (name: keyof AgencyMapColorOptions, fallback: string): Rgba => {
    const given = options[name];
    const base = cssColorToRgba(fallback) ?? [0, 0, 0, 255];
    if (given === undefined) return base;
    const parsed = cssColorToRgba(given);
    if (parsed) return parsed;
    problems.push(`${MESSAGES.agencyMap.badColor} ${name}: «${given.slice(0, 40)}»`);
    return base;
  };
  return {
    colors: {
      agency: read('colorInmobiliarias', COLORS.agency),
      sale: read('colorInmuebles', COLORS.sale),
      rental: read('colorInmueblesAlquiler', COLORS.rental),
      selection: read('colorSeleccion', COLORS.selectionAgencyMap),
    },
    problems,
  };
}
