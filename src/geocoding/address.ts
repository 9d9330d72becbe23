import { foldText } from '../core/zone.ts';
import { lookupMunicipio, MUNICIPIO_CAPITAL, MUNICIPIO_CITY } from './municipio-cities.ts';

/** Address parts of a Nominatim answer (spec, entities "Geocoding address result"). */
export interface NominatimAddress {
  road?: string;
  residential?: string;
  suburb?: string;
  neighbourhood?: string;
  quarter?: string;
  city_district?: string;
  state?: string;
  county?: string;
  municipality?: string;
  city?: string;
  town?: string;
  village?: string;
  postcode?: string;
  [other: string]: string | undefined;
}

/** The product's parsed address (spec, entities). */
export interface ParsedAddress {
  calle: string;
  lugar: string;
  neighbourhood: string;
  locality: string;
  urbanizacion: string;
  ciudad: string;
  municipio: string;
  parroquia: string;
  estado: string;
  codigoPostal: string;
  pais: 'VEN';
  /** Every non-empty part once, ending with the country code and name: '…, VEN, Venezuela'. */
  fullAddress: string;
}

/** Words the spec removes from address parts (whole words, any case, accents ignored). */
const NOISE = /(^|\s)(parroquia|municipio|estado|urb\.?|urbanizacion|urbanización|sector)(?=\s|$)/giu;

/** Spec, validation rules cleanup of one part: noise words and parenthesised text removed, spaces collapsed. */
export function cleanPart(text: string | undefined): string {
  if (!text) return '';
  return text
    .replace(/\([^)]*\)/g, ' ')
    .replace(NOISE, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,.-]+|[\s,.-]+$/g, '')
    .replace(/^San Rafael de la Florida$/i, 'La Florida');
}

const same = (a: string, b: string) => a !== '' && foldText(a) === foldText(b);

/** Drops consecutive repeats ('Chacao, Chacao, Miranda' → 'Chacao, Miranda'), accents and case ignored. */
export function dropConsecutiveDuplicates(parts: readonly string[]): string[] {
  return parts.filter((p) => p !== '').filter((p, i, all) => i === 0 || !same(p, all[i - 1] ?? ''));
}

/** The metropolitan cities Falcón's municipios are written under (spec, validation rules). */
const FALCON_METRO = new Set(['Coro', 'Punto Fijo']);

function cityFor(estado: string, municipio: string, named: string): string {
  const table = lookupMunicipio(MUNICIPIO_CITY, estado, municipio);
  const capital = lookupMunicipio(MUNICIPIO_CAPITAL, estado, municipio);
  // Zulia's answers carry the city in the county (spec, validation rules) — but a town the answer names stays, unless it is
  // another municipio's name (OSM puts San Francisco inside 'Maracaibo'): Ciudad Ojeda is not 'Lagunillas'.
  if (foldText(estado) === 'zulia' && municipio !== '') {
    const namedIsMunicipio = named !== '' && lookupMunicipio(MUNICIPIO_CAPITAL, estado, named) !== undefined;
    if (named !== '' && (!namedIsMunicipio || foldText(named) === foldText(municipio))) return named;
    return table ?? cleanPart(municipio);
  }
  // Falcón: the municipios of Coro and Punto Fijo belong to those cities whatever the answer calls the place.
  if (foldText(estado) === 'falcon' && table !== undefined && FALCON_METRO.has(table)) return table;
  return named !== '' ? named : (table ?? capital ?? '');
}

/**
 * Parses a Nominatim address into the product's address, applying every spec, validation rules rule: noise words and
 * parentheses removed; consecutive duplicates dropped; La Cabaña + La Boyera → La Boyera; the Catia suburb of
 * Distrito Capital kept as the area; San Rafael de la Florida → La Florida; Falcón municipios → Coro/Punto Fijo;
 * Zulia's county as the city; the municipio left blank when it just repeats the state Falcón; other states' cities
 * from the municipio table.
 */
export function parseAddress(address: NominatimAddress): ParsedAddress {
  const estado = cleanPart(address.state);
  let municipio = cleanPart(address.county ?? address.municipality);
  const suburb = cleanPart(address.suburb);
  let urbanizacion = cleanPart(address.residential);
  let lugar = suburb || cleanPart(address.quarter) || cleanPart(address.neighbourhood);
  const parroquiaRaw = [address.city_district, address.suburb].find((v) => v && /parroquia/i.test(v));
  const parroquia = cleanPart(parroquiaRaw ?? address.city_district);
  const texts = [urbanizacion, lugar, cleanPart(address.neighbourhood)].map(foldText);
  if (texts.some((t) => t.includes('la cabana')) && texts.some((t) => t.includes('la boyera'))) {
    urbanizacion = 'La Boyera';
    lugar = 'La Boyera';
  }
  if (same(estado, 'Distrito Capital') && same(suburb, 'Catia')) lugar = 'Catia';
  if (same(estado, 'Falcón') && same(municipio, 'Falcón')) municipio = '';
  const named = cleanPart(address.city ?? address.town ?? address.village);
  const ciudad = cityFor(estado, municipio || cleanPart(address.county), named);
  const calle = cleanPart(address.road);
  const parts = dropConsecutiveDuplicates([
    calle,
    urbanizacion,
    lugar,
    ciudad,
    municipio,
    estado,
    cleanPart(address.postcode),
  ]);
  return {
    calle,
    lugar,
    neighbourhood: cleanPart(address.neighbourhood),
    locality: cleanPart(address.city_district) || suburb,
    urbanizacion,
    ciudad,
    municipio,
    parroquia,
    estado,
    codigoPostal: cleanPart(address.postcode),
    pais: 'VEN',
    fullAddress: [...parts, 'VEN', 'Venezuela'].join(', '),
  };
}
