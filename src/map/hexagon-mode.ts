/**
 * The clustered map's price layer (hexagons instead of clusters): asks the source for the view's hexagons,
 * colours them for the request that asked, holds the layers the controller draws, and picks the cell under
 * the pointer. The controller switches to it when its props carry a HexagonRequest.
 */
import type { Layer } from '@deck.gl/core';
import type { MapLibreOverlay } from '@deck.gl/maplibre';
import { withRetries } from '../core/retry.ts';
import type { BBox } from '../core/types.ts';
import type { HexResult } from '../../workers/contract.ts';
import type { HexagonRequest, ItemHit } from './cluster-map-types.ts';
import type { ViewSource } from './view-source.ts';

export class HexagonMode {
  /** The last answer drawn, and its layers (none before the first). */
  hex: HexResult | null = null;
  layers: Layer[] = [];
  /** The cell under the pointer (−1: none). */
  private hovered = -1;

  constructor(
    private readonly id: string,
    private readonly overlay: MapLibreOverlay,
  ) {}

  /**
   * Asks the hexagons of the box at `zoom` for `request`; once they are coloured, and if `wanted()` still
   * holds (no newer request, the map alive), keeps them and calls `drawn`; `failed` otherwise on an error.
   */
  query(
    source: ViewSource,
    box: BBox,
    zoom: number,
    request: HexagonRequest,
    wanted: () => boolean,
    drawn: (hex: HexResult, breaks: readonly number[]) => void,
    failed: (reason: unknown) => void,
  ): void {
    // The polygon layer (deck's SolidPolygonLayer, earcut) loads with the first hexagon answer: the listing
    // maps never draw hexagons and do not download it (~9 kB gzipped). A failed fetch is retried (spec §8).
    const layers = withRetries(() => import('../layers/hexagon-layers.ts'));
    Promise.all([source.getHexagons(box, zoom, request.compare), layers]).then(
      ([hex, { hexagonColors, hexagonLayers }]) => {
        if (!hex || !wanted()) return;
        const coloring = { slot: request.operation === 'Venta' ? 0 : 1, compare: request.compare !== null };
        const { colors, breaks } = hexagonColors(hex, coloring);
        this.hex = hex;
        this.layers = hexagonLayers(this.id, hex, colors);
        drawn(hex, breaks);
      },
      failed,
    );
  }

  /** Index of the hexagon under a pixel. */
  pick(x: number, y: number): number | null {
    const hex = this.hex;
    if (!hex) return null;
    const info = this.overlay.pickObject({ x, y, radius: 0, layerIds: [`${this.id}-hexagons`] });
    return info && info.index >= 0 && info.index < hex.length ? info.index : null;
  }

  /**
   * The pointer moved to (x, y): the cell now under it (null: none), and whether that changed what is
   * hovered (a move over the background after the background tells nothing).
   */
  hover(x: number, y: number): { hit: ItemHit | null; changed: boolean } {
    const cell = this.pick(x, y) ?? -1;
    const changed = !(cell < 0 && this.hovered < 0);
    this.hovered = cell;
    return { hit: cell < 0 ? null : { index: cell, x, y }, changed };
  }

  /** The pointer left the map: whether a cell was hovered (and is no more). */
  leave(): boolean {
    const was = this.hovered >= 0;
    this.hovered = -1;
    return was;
  }

  clear(): void {
    this.hex = null;
    this.layers = [];
  }
}
