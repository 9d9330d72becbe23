import { useSyncExternalStore } from 'react';
import { VENEZUELA_CENTER } from '../../core/constants.ts';
import { hashQuery } from '../router.ts';

/** Venezuela's centre: where the pickers open without an initial position (zoom 4, spec). */
export const COUNTRY_CENTRE = { latitud: VENEZUELA_CENTER.lat, longitud: VENEZUELA_CENTER.lng };

/** The detail demo's property when the URL names none: a flat in Los Palos Grandes, Caracas. */
export const DEMO_PROPERTY = { latitud: 10.4961, longitud: -66.8537 };

/** A description longer than this is cut: it is a marker label, not a document. */
const MAX_DESCRIPTION = 200;

export interface PickerDemoOptions {
  position: { latitud: number; longitud: number } | null;
  description: string;
  /** `buscador=0` hides the search box (the widget's "search options: visible"). */
  searchVisible: boolean;
  /** `marcador=1`: the search box marks the chosen place (a marker with its label). */
  searchMarker: boolean;
  /** `detalle=1` sets the picker's detail flag. */
  detail: boolean;
}

/**
 * The demo pages read their options from the hash query (the part after '?') (`#/ubicacion?lat=10.49&lng=-66.88&desc=…&buscador=0`),
 * so "with and without an initial position, with and without a description" open by URL. Bad coordinates
 * (non-numeric, out of range) are ignored rather than trusted.
 */
export function demoOptions(query: string): PickerDemoOptions {
  const q = new URLSearchParams(query);
  const lat = Number(q.get('lat'));
  const lng = Number(q.get('lng'));
  const ok =
    q.get('lat')?.trim() &&
    q.get('lng')?.trim() &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 85 &&
    Math.abs(lng) <= 180;
  return {
    position: ok ? { latitud: lat, longitud: lng } : null,
    description: (q.get('desc') ?? '').trim().slice(0, MAX_DESCRIPTION),
    searchVisible: q.get('buscador') !== '0',
    searchMarker: q.get('marcador') === '1',
    detail: q.get('detalle') === '1',
  };
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
  };
}

/** The current hash query; demo pages key their widget on it, since map options are creation-only. */
export function useHashQuery(): string {
  return useSyncExternalStore(subscribe, () => hashQuery(window.location.hash));
}
