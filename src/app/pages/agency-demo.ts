/**
 * The agency map demo's data: one generated franchise, reshaped into the record each mode receives (the
 * product's parent pages send these shapes). Pure, so the page stays thin.
 */
import type { AgencyMapMode } from '../../core/agency-map.ts';

interface RawAgency {
  id?: unknown;
  latitud?: unknown;
  longitud?: unknown;
  inmuebles?: unknown;
  [key: string]: unknown;
}

/** The modes, in the mode select's order. */
export const MODES: readonly AgencyMapMode[] = ['franquicia', 'inmobiliaria', 'agente', 'inmuebles'];

export function readMode(value: string | null): AgencyMapMode {
  return MODES.find((m) => m === value) ?? 'franquicia';
}

function agenciesOf(franchise: unknown): RawAgency[] {
  const list = (franchise as { inmobiliarias?: unknown } | null)?.inmobiliarias;
  return Array.isArray(list) ? (list as RawAgency[]) : [];
}

/** The data record for a mode: the franchise lists agencies without their properties (loaded on click). */
export function recordFor(mode: AgencyMapMode, franchise: unknown): Record<string, unknown> {
  const agencies = agenciesOf(franchise);
  const flags = { isFranquicia: 0, isInmobiliaria: 0, isInmuebles: 0, isAgente: 0 };
  switch (mode) {
    case 'franquicia':
      return {
        ...flags,
        isFranquicia: 1,
        inmobiliarias: agencies.map((a) => ({ ...a, inmuebles: [] })),
        inmuebles: [],
      };
    case 'inmobiliaria':
      return { ...flags, isInmobiliaria: 1, inmobiliarias: agencies.slice(0, 1), inmuebles: [] };
    case 'agente': {
      // An agent's own listings: every third listing of the agency, under that agency.
      const first = agencies[1] ?? agencies[0];
      const own = Array.isArray(first?.inmuebles)
        ? (first.inmuebles as unknown[]).filter((_, i) => i % 3 === 0)
        : [];
      return {
        ...flags,
        isAgente: 1,
        inmobiliarias: first ? [{ ...first, inmuebles: own }] : [],
        inmuebles: [],
      };
    }
    case 'inmuebles':
      return {
        ...flags,
        isInmuebles: 1,
        inmobiliarias: [],
        inmuebles: agencies
          .slice(0, 2)
          .flatMap((a) => (Array.isArray(a.inmuebles) ? (a.inmuebles as unknown[]) : [])),
      };
  }
}

/** The full agency (with properties) that the parent "loads" after a franchise click. */
export function agencyById(franchise: unknown, id: string): RawAgency | null {
  return agenciesOf(franchise).find((a) => a.id === id) ?? null;
}

/** Distinct values of a property field across the franchise, sorted (filter choices). */
export function choices(franchise: unknown, field: 'trimestre' | 'color'): string[] {
  const values = new Set<string>();
  for (const a of agenciesOf(franchise)) {
    for (const p of Array.isArray(a.inmuebles) ? (a.inmuebles as unknown[]) : []) {
      const v = (p as Record<string, unknown> | null)?.[field];
      if (typeof v === 'string' && v !== '') values.add(v);
    }
  }
  return [...values].sort();
}

/**
 * The middle of the franchise's agencies (of their box), or null without one placed. A phone is too narrow
 * for the country at the zoom the base map's bounds allow (≈ 10.5° of longitude at 375 px), so it centres on
 * the agencies rather than on the country.
 */
export function agenciesCentre(franchise: unknown): { lat: number; lng: number } | null {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const a of agenciesOf(franchise)) {
    const lat = Number(a.latitud);
    const lng = Number(a.longitud);
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) continue;
    [west, south, east, north] = [
      Math.min(west, lng),
      Math.min(south, lat),
      Math.max(east, lng),
      Math.max(north, lat),
    ];
  }
  return west <= east ? { lat: (south + north) / 2, lng: (west + east) / 2 } : null;
}
