import { distanceMeters } from '../../../src/core/geo.ts';
import { bboxOfRings } from '../../../src/core/geo.ts';
import { foldText } from '../../../src/core/zone.ts';
import { boxAround, placeType, type GazetteerEntry } from '../gazetteer.ts';
import { finish, STEP, type Steps } from '../steps.ts';
import { insideRings } from './label-point.ts';
import type { GazetteerStore, StoredPlace } from './types.ts';

type Entry = GazetteerEntry;

/** A built-in or compiled entry within this distance of an imported place of the same name is that place. */
const SUPERSEDE_M = 3000;
/** A street belongs to the urbanización whose outline holds it, else to the nearest one this close. */
const STREET_URBAN_M = 1200;

const isUrban = (e: Entry) => e.type === 'suburb' || e.type === 'neighbourhood';

function urbanType(p: StoredPlace): { type: string; rank: number; km: number } {
  return p.kind === 'sector'
    ? { type: 'suburb', rank: 20, km: 1.5 }
    : { type: 'neighbourhood', rank: 22, km: 0.8 };
}

/** One imported place as a geocoder entry, in Nominatim's terms (as the compiled table's rows are). */
function toEntry(p: StoredPlace, id: number): Entry {
  const base = { country: 'Venezuela', country_code: 've' };
  const where = { ...(p.municipio ? { county: p.municipio } : {}), state: p.estado, ...base };
  const bbox: Entry['bbox'] = p.outline
    ? (([w, s, e, n]) => [s, n, w, e] as Entry['bbox'])(bboxOfRings(p.outline))
    : boxAround(p.lat, p.lon, p.kind === 'calle' ? 0.3 : 0.8);
  const common = {
    id,
    name: p.name,
    key: foldText(p.name),
    lat: p.lat,
    lon: p.lon,
    alt: p.alt,
    source: p.source,
    bbox,
  };
  if (p.kind === 'calle')
    return {
      ...common,
      cls: 'highway',
      type: 'residential',
      rank: 26,
      importance: 0.3,
      address: { road: p.name, city: p.ciudad, ...where },
    };
  if (p.kind === 'pueblo') {
    const t = placeType(p.population ?? 0);
    const importance = Math.min(0.85, 0.25 + Math.log10(Math.max(p.population ?? 0, 1000)) / 12);
    return {
      ...common,
      cls: 'place',
      type: t.type,
      rank: t.rank,
      importance,
      bbox: boxAround(p.lat, p.lon, t.spanKm),
      address: { [t.type]: p.name, ...where },
    };
  }
  const t = urbanType(p);
  // Just above the compiled table's 0.6: an imported urbanización is measured, not compiled to ±1 km.
  return {
    ...common,
    cls: 'place',
    type: t.type,
    rank: t.rank,
    importance: 0.61,
    address: { [t.type]: p.name, ...(p.ciudad ? { city: p.ciudad } : {}), ...where },
    ...(p.outline ? { outline: p.outline } : {}),
  };
}

/** Entries by folded name (and alternate names), for the supersede and street lookups. */
function byKey(entries: readonly Entry[]): Map<string, Entry[]> {
  const map = new Map<string, Entry[]>();
  for (const e of entries) for (const k of [e.key, ...e.alt]) map.set(k, [...(map.get(k) ?? []), e]);
  return map;
}

const metres = (a: Entry, b: Entry) => distanceMeters({ lat: a.lat, lng: a.lon }, { lat: b.lat, lng: b.lon });

/**
 * ~450 m cells, searched ring by ring outward until the next ring lies beyond the nearest urbanización found
 * (or beyond STREET_URBAN_M): in a dense city the first ring or two decide.
 */
const CELL = 0.004;
const M_PER_DEGREE = 111_320;
const CELL_M = CELL * M_PER_DEGREE * Math.cos((12 * Math.PI) / 180); // the narrowest cell in Venezuela (12° N)
const RINGS = Math.ceil(STREET_URBAN_M / CELL_M);
const cellKey = (i: number, j: number) => i * 100_000 + j;

function urbanGrid(urban: readonly Entry[]): Map<number, Entry[]> {
  const grid = new Map<number, Entry[]>();
  const put = (i: number, j: number, e: Entry) => {
    const key = cellKey(i, j);
    const list = grid.get(key);
    if (list) list.push(e);
    else grid.set(key, [e]);
  };
  for (const u of urban) {
    // An outlined area sits in every cell its box covers; a point in its own cell.
    const [s, n, w, e] = u.outline ? u.bbox : [u.lat, u.lat, u.lon, u.lon];
    for (let i = Math.floor(s / CELL); i <= Math.floor(n / CELL); i++)
      for (let j = Math.floor(w / CELL); j <= Math.floor(e / CELL); j++) put(i, j, u);
  }
  return grid;
}

/** The urbanización a street runs through: an imported outline holding it, else the nearest within reach. */
function streetUrban(street: Entry, grid: ReadonlyMap<number, Entry[]>): Entry | null {
  let best: Entry | null = null;
  let bestM = STREET_URBAN_M;
  const ci = Math.floor(street.lat / CELL);
  const cj = Math.floor(street.lon / CELL);
  for (let ring = 0; ring <= RINGS; ring++) {
    // Every point of ring r lies at least (r - 1) cells away: stop when the best is closer than that.
    if (best && bestM <= (ring - 1) * CELL_M) break;
    for (let i = ci - ring; i <= ci + ring; i++) {
      for (let j = cj - ring; j <= cj + ring; j++) {
        if (Math.max(Math.abs(i - ci), Math.abs(j - cj)) !== ring) continue;
        for (const u of grid.get(cellKey(i, j)) ?? []) {
          if (u.address.state !== street.address.state) continue;
          if (u.outline) {
            const [s, n, w, e] = u.bbox;
            const inBox = street.lat >= s && street.lat <= n && street.lon >= w && street.lon <= e;
            if (inBox && insideRings(u.outline as [number, number][][], street.lon, street.lat)) return u;
          }
          // Flat metres (exact enough at 1 km): this runs for every street of a country extract.
          const dy = (u.lat - street.lat) * M_PER_DEGREE;
          const dx = (u.lon - street.lon) * M_PER_DEGREE * Math.cos((street.lat * Math.PI) / 180);
          const d = Math.hypot(dx, dy);
          if (d < bestM) {
            bestM = d;
            best = u;
          }
        }
      }
    }
  }
  return best;
}

/**
 * The served entries: the built-in ones, minus those an imported place of the same name supersedes (the
 * higher priority's point kept: compiled and built-in rank below every import), plus the imported places.
 * A superseded town's importance and alternate names pass to the import, so a GeoNames re-import of Valencia
 * still ranks as a city. Streets name their urbanización and town, so "Calle B, Urb. Valle Arriba, Guatire"
 * finds the street inside the right Valle Arriba.
 */
export function entriesWithStore(base: readonly Entry[], store: GazetteerStore): Entry[] {
  return finish(entriesWithStoreSteps(base, store));
}

/** `entriesWithStore` in steps (steps.ts): a reload builds them between requests. */
export function* entriesWithStoreSteps(base: readonly Entry[], store: GazetteerStore): Steps<Entry[]> {
  if (store.places.length === 0) return [...base];
  let id = base.reduce((m, e) => Math.max(m, e.id), 0);
  const imported: Entry[] = [];
  for (const p of store.places) {
    imported.push(toEntry(p, ++id));
    if (imported.length % STEP === 0) yield;
  }
  const baseByKey = byKey(base.filter((e) => e.cls === 'place' && !e.aliasOf));
  const superseded = new Set<Entry>();
  for (const [i, e] of imported.entries()) {
    if (i % STEP === 0) yield;
    if (e.cls === 'place') supersede(e, baseByKey, superseded);
  }
  const kept = base.filter((e) => !superseded.has(e));
  const grid = urbanGrid([...kept, ...imported].filter((e) => e.cls === 'place' && isUrban(e)));
  yield;
  for (const [i, street] of imported.entries()) {
    if (i % STEP === 0) yield;
    if (street.cls !== 'highway') continue;
    const u = streetUrban(street, grid);
    if (u)
      street.address = {
        road: street.name,
        ...withoutRoad(street.address),
        [u.type]: u.name,
        ...(u.address.city ? { city: u.address.city } : {}),
      };
  }
  return [...kept, ...imported];
}

/** The built-in places an imported one stands for: removed, their importance and names passed to it. */
function supersede(e: Entry, baseByKey: ReadonlyMap<string, Entry[]>, superseded: Set<Entry>): void {
  for (const old of new Set([e.key, ...e.alt].flatMap((k) => baseByKey.get(k) ?? []))) {
    if (old.address.state !== e.address.state || isUrban(old) !== isUrban(e) || metres(old, e) > SUPERSEDE_M)
      continue;
    superseded.add(old);
    e.importance = Math.max(e.importance, old.importance);
    e.alt = [...new Set([...e.alt, ...old.alt, old.key].filter((k) => k !== e.key))];
    if (!isUrban(e) && old.rank < e.rank)
      Object.assign(e, { type: old.type, rank: old.rank, address: { ...e.address, [old.type]: e.name } });
  }
}

function withoutRoad(address: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(address).filter(([k]) => k !== 'road'));
}

/** Imported areas holding the point (their outline), smallest box first: the reverse answer's urbanización. */
export function outlineAt(entries: readonly Entry[], lat: number, lon: number): Entry | null {
  let best: Entry | null = null;
  let bestArea = Infinity;
  for (const e of entries) {
    if (!e.outline) continue;
    const [s, n, w, east] = e.bbox;
    if (lat < s || lat > n || lon < w || lon > east) continue;
    const area = (n - s) * (east - w);
    if (area < bestArea && insideRings(e.outline as [number, number][][], lon, lat)) {
      best = e;
      bestArea = area;
    }
  }
  return best;
}
