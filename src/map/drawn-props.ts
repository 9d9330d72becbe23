/**
 * Which of a clustered map's props change what is drawn now (pure, so it is tested without WebGL).
 */
import type { ClusterMapProps } from './cluster-map-controller.ts';

export type DrawnProps = Pick<
  ClusterMapProps,
  'colors' | 'selection' | 'radius' | 'highlightRows' | 'activeRow' | 'sizing' | 'hexagons'
>;

const sameList = (a: readonly number[], b: readonly number[]) =>
  a === b || (a.length === b.length && a.every((v, i) => v === b[i]));

/**
 * Whether new props change what is drawn now. A filter alone does not (its clusters come from the worker):
 * redrawing then cost a whole frame — on software compositing ~25 ms of main thread with the read-back —
 * that the worker's answer could arrive behind.
 */
export const drawnChanged = (a: DrawnProps, b: DrawnProps): boolean =>
  a.colors.sale !== b.colors.sale ||
  a.colors.rental !== b.colors.rental ||
  !sameList(a.selection, b.selection) ||
  a.radius !== b.radius ||
  !sameList(a.highlightRows, b.highlightRows) ||
  a.activeRow !== b.activeRow ||
  a.sizing !== b.sizing ||
  JSON.stringify(a.hexagons ?? null) !== JSON.stringify(b.hexagons ?? null);
