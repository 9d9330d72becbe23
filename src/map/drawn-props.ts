/**
 * Which of a clustered map's props change what is drawn now (pure, so it is tested without WebGL).
 */
import type { ClusterLayerColors } from '../layers/cluster-layers.ts';
import type { ClusterMapProps, HexagonRequest } from './cluster-map-controller.ts';

export type DrawnProps = Pick<
  ClusterMapProps,
  'colors' | 'selection' | 'radius' | 'highlightRows' | 'activeRow' | 'sizing' | 'hexagons'
>;

export const sameColors = (a: ClusterLayerColors, b: ClusterLayerColors) =>
  a.sale === b.sale && a.rental === b.rental;
export const hexKey = (h: HexagonRequest | null | undefined) => JSON.stringify(h ?? null);
const sameList = (a: readonly number[], b: readonly number[]) =>
  a === b || (a.length === b.length && a.every((v, i) => v === b[i]));

/**
 * Whether new props change what is drawn now. A filter alone does not (its clusters come from the worker):
 * redrawing then cost a whole frame — on software compositing ~25 ms of main thread with the read-back —
 * that the worker's answer could arrive behind.
 */
export const drawnChanged = (a: DrawnProps, b: DrawnProps): boolean =>
  !sameColors(a.colors, b.colors) ||
  !sameList(a.selection, b.selection) ||
  a.radius !== b.radius ||
  !sameList(a.highlightRows, b.highlightRows) ||
  a.activeRow !== b.activeRow ||
  a.sizing !== b.sizing ||
  hexKey(a.hexagons) !== hexKey(b.hexagons);
