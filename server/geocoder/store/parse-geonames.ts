import { RowCollector, altNames, decimal } from './rows.ts';
import type { ParseResult } from './types.ts';

/** GeoNames' dump has 19 tab-separated columns (readme of download.geonames.org/export/dump). */
const COLUMNS = 19;
/** Populated places that are gone or only historical: no listing is there today. */
const GONE = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
/** At most this many alternate names per place: GeoNames lists transliterations and codes by the dozen. */
const MAX_ALT = 8;

/**
 * A GeoNames country dump (`VE.txt`): populated places only (feature class P). `PPLX` — a section of a populated
 * place — is what a Venezuelan calls a sector or urbanización; the other `PPL*` codes are towns and villages;
 * abandoned and historical ones are counted out. A line short of columns (a truncated download) is counted.
 */
export function parseGeoNames(text: string): ParseResult {
  const out = new RowCollector();
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    out.result.read++;
    const f = line.split('\t');
    if (f.length < COLUMNS) {
      out.reject('filaIncompleta');
      continue;
    }
    const [, name = '', ascii, alternates = '', lat, lon, featureClass, code = ''] = f;
    if (featureClass !== 'P') {
      out.reject('tipoNoUsado');
      continue;
    }
    if (GONE.has(code)) {
      out.reject('abandonado');
      continue;
    }
    if (f[8] !== 'VE') {
      out.reject('fueraDeVenezuela');
      continue;
    }
    const alternatesShort = alternates.split(',').filter((a) => /\p{L}{3}/u.test(a));
    out.add({
      name,
      kind: code === 'PPLX' ? 'sector' : 'pueblo',
      lat: decimal(lat),
      lon: decimal(lon),
      alt: altNames(name, [ascii, ...alternatesShort]).slice(0, MAX_ALT),
      municipio: '',
      estado: '',
      population: Number(f[14]) || 0,
    });
  }
  return out.result;
}
