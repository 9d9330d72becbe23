/**
 * Names learned from an analyst's file (issue 38 §3): rows that carry both a point and an urbanización
 * (sector, zona…) name are grouped by (folded name, folded municipio); a group seen often enough and tightly
 * enough proposes its median point as where that name is. Pure: the import worker feeds it rows, the page
 * shows what it proposes.
 */
import { distanceMeters } from '../geo.ts';
import type { ColumnMapping } from '../ingest/columns.ts';
import { inVenezuela } from '../ingest/values.ts';
import { foldText } from '../zone.ts';
import { placeNameProblem, type NameProblem } from './names.ts';

/** Rules of a proposal. */
export const LEARN = {
  /** Rows a name needs: one or two rows may be a typo or a misplaced listing; three agree on something. */
  minRows: 3,
  /**
   * Spread allowed, in metres: the median distance of the group's rows to its median point. A Venezuelan
   * urbanización is typically 0.3–1.5 km across, so listings inside one sit well within 1.5 km of its middle;
   * a name that spreads wider is a homonym in two places or a sector too large to be one point (issue 38
   * measures the geocoder's own misses against the same 1.5 km).
   */
  maxSpreadM: 1500,
  /** Points kept per group (the first ones): enough for a stable median, bounded memory on a hostile file. */
  maxPointsPerGroup: 5000,
  /** Groups kept: a file with a distinct name per row must not grow without bound. */
  maxGroups: 50_000,
} as const;

/** Why a row or a group was not proposed, counted. */
export type LearnReason =
  NameProblem | 'fueraDeVenezuela' | 'pocasFilas' | 'muyDisperso' | 'demasiadosGrupos';

export interface PlaceProposal {
  /** The name as first written in the file (trimmed, spaces collapsed). */
  name: string;
  /** The municipio as first written, '' when the file has none. */
  municipio: string;
  estado: string;
  lat: number;
  lng: number;
  /** Rows of the group. */
  count: number;
  /** Median distance of the rows to the proposed point, metres (rounded). */
  spreadM: number;
}

export interface LearnResult {
  proposals: PlaceProposal[];
  /** Rows and groups left out, by reason (rows for name and point reasons, groups for the others). */
  rejected: Partial<Record<LearnReason, number>>;
  /** Rows that carried a name and a point. */
  rows: number;
}

/** Whether a mapping can teach places: a name column and a point (a point column or a lat/lng pair). */
export const canLearnPlaces = (m: ColumnMapping): boolean =>
  m.urbanizacion !== undefined && (m.point !== undefined || (m.lat !== undefined && m.lng !== undefined));

interface Group {
  name: string;
  municipio: string;
  estado: string;
  lats: number[];
  lngs: number[];
  count: number;
}

const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');

/** The middle value (mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? NaN)
    : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

/** Collects rows one at a time (a file streams through it), then proposes. */
export class PlaceLearner {
  private readonly groups = new Map<string, Group>();
  private readonly rejected: Partial<Record<LearnReason, number>> = {};
  private rows = 0;

  private count(reason: LearnReason, n = 1): void {
    this.rejected[reason] = (this.rejected[reason] ?? 0) + n;
  }

  /** One row: its name, municipio and estado cells as text ('' when absent) and its point. */
  add(name: string, municipio: string, estado: string, lat: number, lng: number): void {
    if (name.trim() === '') return; // a row without a name says nothing about places
    this.rows++;
    const problem =
      placeNameProblem(name) ??
      (municipio.trim() === '' ? null : placeNameProblem(municipio)) ??
      (estado.trim() === '' ? null : placeNameProblem(estado));
    if (problem) {
      this.count(problem);
      return;
    }
    if (!inVenezuela(lat, lng)) {
      this.count('fueraDeVenezuela');
      return;
    }
    // A Map keyed by a string: '__proto__' is refused above anyway, and Map keys carry no meaning.
    const key = `${foldText(tidy(name))}\u0000${foldText(tidy(municipio))}`;
    let group = this.groups.get(key);
    if (!group) {
      if (this.groups.size >= LEARN.maxGroups) {
        this.count('demasiadosGrupos');
        return;
      }
      group = {
        name: tidy(name),
        municipio: tidy(municipio),
        estado: tidy(estado),
        lats: [],
        lngs: [],
        count: 0,
      };
      this.groups.set(key, group);
    }
    group.count++;
    if (group.lats.length < LEARN.maxPointsPerGroup) {
      group.lats.push(lat);
      group.lngs.push(lng);
    }
  }

  /** The proposals, most rows first (then by name), and what was left out. */
  result(): LearnResult {
    const proposals: PlaceProposal[] = [];
    for (const group of this.groups.values()) {
      if (group.count < LEARN.minRows) {
        this.count('pocasFilas', group.count);
        continue;
      }
      // Per-coordinate median: one far-off row (a listing placed at the town centre) cannot drag it.
      const centre = { lat: median(group.lats), lng: median(group.lngs) };
      const spread = median(
        group.lats.map((lat, i) => distanceMeters(centre, { lat, lng: group.lngs[i] ?? NaN })),
      );
      if (!(spread <= LEARN.maxSpreadM)) {
        this.count('muyDisperso', group.count);
        continue;
      }
      proposals.push({
        name: group.name,
        municipio: group.municipio,
        estado: group.estado,
        lat: centre.lat,
        lng: centre.lng,
        count: group.count,
        spreadM: Math.round(spread),
      });
    }
    proposals.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'es'));
    return { proposals, rejected: { ...this.rejected }, rows: this.rows };
  }
}
