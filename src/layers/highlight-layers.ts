import type { Layer } from '@deck.gl/core';
import { ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import type { Rgba } from '../core/colors.ts';
import { SIZE_PX } from '../core/constants.ts';
import { formatClusterCount } from '../core/format.ts';
import type { ClusterResult } from '../../workers/contract.ts';
import { LABEL_CHARACTERS } from './cluster-layers.ts';

/** What a cluster map marks on top of its clusters. */
export interface HighlightInput {
  /** Table rows in the selection colour (hovered, selected, active) — drawn only where shown on their own. */
  rows: readonly number[];
  /** The drawn cluster that holds the active row (green, white text); null or −1: none. */
  activeCluster: number | null;
  color: Rgba;
  /** Marker radius in px (the highlight ring is one pixel wider). */
  radius: number;
}

interface Marked {
  position: [number, number];
  count: number;
}

const at = (view: ClusterResult, i: number): [number, number] => [
  view.positions[2 * i] ?? 0,
  view.positions[2 * i + 1] ?? 0,
];

/**
 * Hovered/selected/active single markers in the selection colour, and the active cluster green with white
 * text (spec: a property marked active from outside). Positions come from the engine's answer, so the layers
 * need no record objects; a row that is inside a cluster in this view is not marked on its own.
 */
export function highlightLayers(id: string, view: ClusterResult, input: HighlightInput): Layer[] {
  const wanted = new Set(input.rows.filter((r) => r >= 0));
  const singles: Marked[] = [];
  const clusters: Marked[] = [];
  for (let i = 0; i < view.length; i++) {
    const count = view.counts[i] ?? 0;
    const itemId = view.ids[i] ?? -1;
    if (count === 1 && wanted.has(itemId)) singles.push({ position: at(view, i), count });
    else if (count > 1 && itemId === input.activeCluster) clusters.push({ position: at(view, i), count });
  }
  return [
    new ScatterplotLayer<Marked>({
      id: `${id}-highlight`,
      data: singles,
      getPosition: (d) => d.position,
      radiusUnits: 'pixels',
      getRadius: input.radius + 1,
      getFillColor: input.color,
      stroked: true,
      getLineColor: [255, 255, 255, 255],
      lineWidthMinPixels: 2,
    }),
    new ScatterplotLayer<Marked>({
      id: `${id}-active-cluster`,
      data: clusters,
      getPosition: (d) => d.position,
      radiusUnits: 'pixels',
      getRadius: SIZE_PX.clusterIcon / 2,
      getFillColor: [0, 128, 0, 255],
      stroked: true,
      getLineColor: [255, 255, 255, 255],
      lineWidthMinPixels: 1,
    }),
    new TextLayer<Marked>({
      id: `${id}-active-cluster-label`,
      data: clusters,
      getPosition: (d) => d.position,
      getText: (d) => formatClusterCount(d.count),
      getColor: [255, 255, 255, 255],
      getSize: 11,
      fontWeight: 600,
      fontFamily: 'Noto Sans, system-ui, sans-serif',
      characterSet: LABEL_CHARACTERS,
    }),
  ];
}
