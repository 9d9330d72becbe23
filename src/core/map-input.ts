import type { Checked } from './agency.ts';
import { MESSAGES } from './messages.ts';
import { readCoordinate } from './parse.ts';

/** What every map widget needs before it makes a map (spec §5: "a map requires position and map id"). */
export interface MapInput {
  mapId: string;
  latitud: number;
  longitud: number;
}

/**
 * A map widget's required inputs, read at run time (a host in plain JavaScript, or data from a server, can
 * hand anything): a non-empty map id and a position — numbers or numeric strings, within the globe's range.
 */
export function checkMapInput(input: {
  mapId?: unknown;
  latitud?: unknown;
  longitud?: unknown;
}): Checked<MapInput> {
  if (typeof input.mapId !== 'string' || input.mapId.trim() === '')
    return { ok: false, error: MESSAGES.map.missingMapId };
  const latitud = readCoordinate(input.latitud);
  const longitud = readCoordinate(input.longitud);
  if (
    !Number.isFinite(latitud) ||
    !Number.isFinite(longitud) ||
    Math.abs(latitud) > 90 ||
    Math.abs(longitud) > 180
  )
    return { ok: false, error: MESSAGES.map.missingPosition };
  return { ok: true, value: { mapId: input.mapId, latitud, longitud } };
}
