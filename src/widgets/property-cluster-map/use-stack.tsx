import { useCallback } from 'react';
import type { PointHit } from '../../map/cluster-map-controller.ts';
import { formatListingPriceLabel } from '../../core/format.ts';
import type { Property } from '../../core/types.ts';
import type { ClusterMapController, StackHit } from '../../map/cluster-map-controller.ts';
import { StackList, type StackItem } from '../stack-list/StackList.tsx';
import { useStackRead } from '../stack-list/use-stack-read.ts';

/** Rows a stack's list shows at once (the rest are counted). */
const STACK_PAGE = 50;

export interface OpenStack {
  hit: StackHit;
  rows: readonly number[];
  items: readonly StackItem[];
}

/** One line per listing of a stack: price label, type, urbanización, public code (text only). */
export function stackLabel(property: Property): string {
  return [
    formatListingPriceLabel(property.precio, property.operacion),
    property.tipoInmueble,
    property.urbanizacion,
    property.codigoInmueblePublico,
  ]
    .filter((part) => part !== '')
    .join(' · ');
}

/**
 * The listings of a cluster that cannot split, fetched from the worker when one is clicked (`hit`); null
 * while none is open or its rows are on their way.
 */
export function useStack(
  controller: ClusterMapController | null,
  properties: readonly Property[],
  hit: StackHit | null,
): OpenStack | null {
  const read = useCallback(
    async (c: ClusterMapController, open: StackHit): Promise<OpenStack> => {
      const found = await c.clusterRows(open.clusterId, STACK_PAGE);
      const rows = [...found].filter((row) => properties[row] !== undefined);
      const items = rows.map((row) => ({ key: String(row), label: stackLabel(properties[row] as Property) }));
      return { hit: open, rows, items };
    },
    [properties],
  );
  return useStackRead(controller, hit, read);
}

/** The open stack's list; picking a listing closes it and selects that listing (its card at the spot). */
export function ListingStack(props: {
  stack: OpenStack;
  onClose: () => void;
  onPick: (hit: PointHit) => void;
}) {
  const { stack, onClose, onPick } = props;
  return (
    <StackList
      kind="listings"
      total={stack.hit.count}
      items={stack.items}
      x={stack.hit.x}
      y={stack.hit.y}
      onPick={(i) => {
        const row = stack.rows[i];
        onClose();
        if (row !== undefined) onPick({ row, x: stack.hit.x, y: stack.hit.y });
      }}
      onClose={onClose}
    />
  );
}
