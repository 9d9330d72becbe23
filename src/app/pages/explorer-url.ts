/**
 * The explorer's shareable state in the hash query (`#/transacciones?n=…&t=…&c=…&op=…&v=lat,lng,zoom&m=hex&
 * cmp=base,comparison&fuente=almacen&a=lat,lng;lat,lng;…`):
 * parsed leniently (anything invalid falls back to the default) and written canonically.
 */
import { EXPLORER } from '../../core/constants.ts';
import { parseStoredShape } from '../../core/shapes.ts';
import type { LatLng } from '../../core/types.ts';
import type { EngineFilter } from '../../../workers/contract.ts';

const DEFAULT_COUNT: number = EXPLORER.defaultCount;
const MAX_COUNT = EXPLORER.maxCount;

export interface ExplorerState {
  count: number;
  filter: EngineFilter;
  view: { lat: number; lng: number; zoom: number } | null;
  /** Clusters (default) or the price hexagons (`m=hex`). */
  mode: 'clusters' | 'hexagons';
  /** Hexagons coloured by the change between two quarters (`cmp=base,comparison`), or null. */
  compare: { base: string; comparison: string } | null;
  /** The data from the demo server's warehouse (`fuente=almacen`) instead of a table downloaded into the tab. */
  warehouse?: boolean;
  /** A drawn area, its ring's vertices (`a=lat,lng;lat,lng;…`, not closed). */
  area?: readonly LatLng[];
  /** Why the link's area was not taken (Spanish), when it named one that is not a polygon. */
  areaError?: string;
}

/**
 * The link's area, read with the drawing map's own rules for a saved shape (core/shapes.ts: valid points, at
 * least three, no side across the antimeridian, at most MAX_POLYGON_POINTS); anything else is said, not drawn.
 */
function parseArea(value: string | null): Pick<ExplorerState, 'area' | 'areaError'> {
  if (value === null || value.trim() === '') return {};
  const points = value.split(';').map((item) => {
    const parts = item.split(',');
    return parts.length === 2 && parts.every((part) => part.trim() !== '') ? parts.map(Number) : [Number.NaN];
  });
  const parsed = parseStoredShape(points);
  if (!parsed.ok) return { areaError: parsed.error };
  return parsed.shape?.kind === 'polygon' ? { area: parsed.shape.ring } : {};
}

const list = (value: string | null): 'todos' | string[] => {
  const items = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && s.length <= 40);
  return items.length === 0 ? 'todos' : [...new Set(items)].slice(0, 64);
};

export function parseExplorerState(query: string): ExplorerState {
  const q = new URLSearchParams(query);
  const n = Number(q.get('n'));
  const count = Number.isInteger(n) && n > 0 && n <= MAX_COUNT ? n : DEFAULT_COUNT;
  const op = list(q.get('op'));
  const operations =
    op === 'todos' ? 'todos' : op.filter((o): o is 'Venta' | 'Alquiler' => o === 'Venta' || o === 'Alquiler');
  const [lat, lng, zoom] = (q.get('v') ?? '').split(',').map(Number);
  const view =
    lat !== undefined &&
    lng !== undefined &&
    zoom !== undefined &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Number.isFinite(zoom) &&
    Math.abs(lat) <= 85 &&
    Math.abs(lng) <= 180 &&
    zoom >= 1 &&
    zoom <= 19
      ? { lat, lng, zoom }
      : null;
  const [base = '', comparison = '', ...extra] =
    list(q.get('cmp')) === 'todos' ? [] : (list(q.get('cmp')) as string[]);
  return {
    count,
    mode: q.get('m') === 'hex' ? 'hexagons' : 'clusters',
    compare: base && comparison && extra.length === 0 ? { base, comparison } : null,
    filter: {
      quarters: list(q.get('t')),
      colors: list(q.get('c')),
      operations: Array.isArray(operations) && operations.length === 0 ? 'todos' : operations,
    },
    view,
    ...(q.get('fuente') === 'almacen' ? { warehouse: true } : {}),
    ...parseArea(q.get('a')),
  };
}

export function serializeExplorerState(state: ExplorerState): string {
  const q = new URLSearchParams();
  if (state.count !== DEFAULT_COUNT) q.set('n', String(state.count));
  const { quarters, colors, operations } = state.filter;
  if (quarters !== 'todos') q.set('t', quarters.join(','));
  if (colors !== 'todos') q.set('c', colors.join(','));
  if (operations !== 'todos') q.set('op', operations.join(','));
  if (state.view) {
    const { lat, lng, zoom } = state.view;
    q.set('v', `${lat.toFixed(5)},${lng.toFixed(5)},${zoom.toFixed(2)}`);
  }
  if (state.mode === 'hexagons') q.set('m', 'hex');
  // A comparison only means something on the hexagons.
  if (state.mode === 'hexagons' && state.compare)
    q.set('cmp', `${state.compare.base},${state.compare.comparison}`);
  if (state.warehouse) q.set('fuente', 'almacen');
  // Five decimals, as the view: about a metre, and a ring of 20 points stays under 500 characters.
  if (state.area && state.area.length > 0)
    q.set('a', state.area.map((p) => `${p.lat.toFixed(5)},${p.lng.toFixed(5)}`).join(';'));
  return q.toString().replaceAll('%2C', ',').replaceAll('%3B', ';');
}

/**
 * The filter with only the quarters and colours the loaded table has, and the labels dropped (a shared link
 * may name a quarter or colour this data lacks: filtering by it would show nothing while the controls read
 * 'Todos'). A facet left empty becomes 'todos'.
 */
export function knownFilter(
  filter: EngineFilter,
  known: { quarters: readonly string[]; colors: readonly string[] },
): { filter: EngineFilter; dropped: string[] } {
  const dropped: string[] = [];
  const keep = (facet: EngineFilter['quarters'], labels: readonly string[]) => {
    if (facet === 'todos') return facet;
    const kept = facet.filter((label) => labels.includes(label));
    dropped.push(...facet.filter((label) => !labels.includes(label)));
    return kept.length === 0 ? 'todos' : kept;
  };
  return {
    filter: {
      ...filter,
      quarters: keep(filter.quarters, known.quarters),
      colors: keep(filter.colors, known.colors),
    },
    dropped,
  };
}
