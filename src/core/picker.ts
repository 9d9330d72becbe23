import { formatNumber } from './format.ts';
import { MESSAGES } from './messages.ts';

/**
 * The location picker's chosen point as a small state machine (spec, screens "Property location picker"): every
 * placement (click, drag, initial position) starts a new lookup generation; a geocoder answer only lands on the
 * generation it was asked for, so a slow answer for an old click never relabels the newer point. The
 * coordinates are set at once and never depend on the geocoder (nothing is lost to a failed lookup).
 */

/** 'given': the caller's description; 'looking': reverse geocoding in flight; 'found' / 'not-found': its answer. */
export type LabelStatus = 'given' | 'looking' | 'found' | 'not-found';

export interface PickerPoint {
  latitud: number;
  longitud: number;
  /** The address label; empty while looking; the Spanish "not found" text when the geocoder failed. */
  label: string;
  status: LabelStatus;
}

export interface PickerState {
  /** Lookup generation: bumped by every placement. */
  seq: number;
  point: PickerPoint | null;
}

export const emptyPickerState: PickerState = { seq: 0, point: null };

/** The geocoder's answer for one generation: a label, nothing found there (`null`), or a failure. */
export type ReverseOutcome = { ok: true; label: string | null } | { ok: false };

/** A new point: a non-blank description labels it at once, otherwise it waits for reverse geocoding. */
export function pointPlaced(
  state: PickerState,
  latitud: number,
  longitud: number,
  description?: string,
): PickerState {
  const given = description?.trim() ?? '';
  return {
    seq: state.seq + 1,
    point:
      given !== ''
        ? { latitud, longitud, label: given, status: 'given' }
        : { latitud, longitud, label: '', status: 'looking' },
  };
}

/** True when a placement needs reverse geocoding. */
export function needsLookup(state: PickerState): boolean {
  return state.point?.status === 'looking';
}

/**
 * The answer for generation `seq`. Stale answers (an older generation) return the same state object, so callers
 * can tell nothing changed. A failure or an empty answer keeps the point and says the address was not found.
 */
export function labelAnswered(state: PickerState, seq: number, outcome: ReverseOutcome): PickerState {
  if (seq !== state.seq || !state.point || state.point.status !== 'looking') return state;
  const label = outcome.ok ? (outcome.label?.trim() ?? '') : '';
  return {
    seq,
    point:
      label !== ''
        ? { ...state.point, label, status: 'found' }
        : { ...state.point, label: MESSAGES.picker.addressNotFound, status: 'not-found' },
  };
}

/** Coordinates as the Venezuelan reader writes them ('10,490000, -66,880000'), 6 decimals (≈ 0.1 m). */
export function formatCoordinates(latitud: number, longitud: number): string {
  return `${formatNumber(latitud, 6)}, ${formatNumber(longitud, 6)}`;
}

/** The read-only location field: coordinates, then the label or 'looking up'. Empty without a point. */
export function locationFieldText(point: PickerPoint | null): string {
  if (!point) return '';
  const coords = formatCoordinates(point.latitud, point.longitud);
  const label = point.status === 'looking' ? MESSAGES.picker.searching : point.label;
  return `${coords} — ${label}`;
}

/** The marker popup's text: the label, or 'looking up' while the geocoder has not answered. */
export function popupText(point: PickerPoint): string {
  return point.status === 'looking' ? MESSAGES.picker.searching : point.label;
}
