import { startTransition, useEffect, useMemo, useState, type RefObject } from 'react';
import type {
  ClusterMapController,
  ClusterMapEvents,
  HexagonRequest,
  ItemHit,
} from '../../map/cluster-map-controller.ts';
import { isEngineClosed } from '../../../workers/client.ts';
import type { HexResult } from '../../../workers/contract.ts';
import { hexCellText } from './hex-cell.ts';
import type { Details } from './PriceDetails.tsx';

/** What was clicked, before its figures or fields arrive from the worker. */
type Selection =
  | { kind: 'hexagon'; hex: HexResult; index: number }
  | { kind: 'cluster'; id: number; count: number }
  | { kind: 'row'; row: number };

export interface PriceLayerState {
  /** The hexagons drawn last and the level breaks of their colours (null in cluster mode or before). */
  hex: { result: HexResult; breaks: readonly number[] } | null;
  hover: ItemHit | null;
  details: Details | null;
  close: () => void;
}

const report = (reason: unknown) => {
  if (!isEngineClosed(reason)) console.error(reason);
};

/**
 * The price layer's React side: the hexagons' answer for the legend, the hovered hexagon
 * for the tooltip, and details on demand — a clicked hexagon's figures, a clicked cluster's (asked from the
 * worker) or a clicked transaction's fields. The controller draws; this only holds what React shows.
 */
export function usePriceLayer(
  controller: RefObject<ClusterMapController | null>,
  request: HexagonRequest | null,
): { events: ClusterMapEvents; state: PriceLayerState } {
  const [hex, setHex] = useState<PriceLayerState['hex']>(null);
  const [hover, setHover] = useState<ItemHit | null>(null);
  const [selection, setSelection] = useState<Selection | null>(null);
  const events = useMemo(
    (): ClusterMapEvents => ({
      onHexagons: (result, breaks) => {
        startTransition(() => {
          setHex({ result, breaks });
        });
      },
      onHexHover: setHover,
      onHexSelect: (hit) => {
        const result = controller.current?.currentHexagons;
        setSelection(hit && result ? { kind: 'hexagon', hex: result, index: hit.index } : null);
      },
      onClusterSelect: (hit) => {
        setSelection({ kind: 'cluster', id: hit.index, count: hit.count });
      },
      onSelect: (hit) => {
        setSelection(hit ? { kind: 'row', row: hit.row } : null);
      },
    }),
    [controller],
  );

  // What the worker answered for the current selection (cluster figures, a row's fields).
  const [fetched, setFetched] = useState<{ of: Selection; details: Details } | null>(null);
  useEffect(() => {
    if (!selection || selection.kind === 'hexagon') return undefined;
    let live = true;
    const land = (details: Details) => {
      if (live) setFetched({ of: selection, details });
    };
    if (selection.kind === 'cluster')
      controller.current?.clusterPrices(selection.id).then((stats) => {
        if (stats) land({ kind: 'cluster', count: selection.count, figures: stats.figures });
      }, report);
    else
      controller.current?.itemRow(selection.row).then((row) => {
        if (row) land({ kind: 'row', row });
      }, report);
    return () => {
      live = false;
    };
  }, [selection, controller]);

  let details: Details | null = null;
  if (selection?.kind === 'hexagon') {
    // A hexagon's figures are in the answer already; leaving hexagon mode drops them.
    const { hex: result, index } = selection;
    details = request
      ? { kind: 'hexagon', hex: result, index, cell: hexCellText(result, index), compare: request.compare }
      : null;
  } else if (selection) {
    details =
      fetched?.of === selection
        ? fetched.details
        : selection.kind === 'cluster'
          ? { kind: 'cluster', count: selection.count, figures: null }
          : { kind: 'row', row: null };
  }

  return {
    events,
    state: {
      hex: request ? hex : null,
      hover: request ? hover : null,
      details,
      close: () => {
        setSelection(null);
      },
    },
  };
}
