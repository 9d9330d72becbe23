import { MapLibreOverlay } from '@deck.gl/maplibre';
import type { Layer } from '@deck.gl/core';
import type { Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import { drawnChanged, hexKey, sameColors } from './drawn-props.ts';
import type { AreaShape } from '../core/shapes.ts';
import type { BBox } from '../core/types.ts';
import { clusterAttributes, clusterLayersFrom } from '../layers/cluster-layers.ts';
import { highlightLayers } from '../layers/highlight-layers.ts';
import { ClusterClient, isEngineClosed, type RemoteLoadOptions } from '../../workers/client.ts';
import type {
  ClusterResult,
  EngineFilter,
  ExportFormat,
  HexResult,
  LoadProgress,
  LoadResult,
  PriceStats,
  PropertyRow,
  RemoteTable,
} from '../../workers/contract.ts';
import { NO_FILTER } from '../../workers/contract.ts';
import { DECK_DEVICE_PROPS } from './deck-device.ts';
import { attachDeckOverlay } from './deck-overlay.ts';
import { mapObserver, type ClusterMapTap, type TableOrigin } from './observer.ts';
import { HexagonMode } from './hexagon-mode.ts';
import { ScreenPicker } from './screen-picker.ts';
import type { ViewSource } from './view-source.ts';
import {
  NO_EVENTS,
  type ClusterMapOptions,
  type ClusterMapProps,
  type HexagonRequest,
  type TableSource,
} from './cluster-map-types.ts';

export type {
  ClusterMapEvents,
  ClusterMapOptions,
  ClusterMapProps,
  HexagonRequest,
  ItemHit,
  PointHit,
  StackHit,
  TableSource,
} from './cluster-map-types.ts';

const filterKey = (f: EngineFilter) => JSON.stringify(f);
const report = (reason: unknown) => {
  if (!isEngineClosed(reason)) console.error(reason);
};

/**
 * Runs `then` once the frame now being prepared has been drawn and handed to the compositor: a timer set in
 * the frame's animation callback runs after the frame's commit (deck.gl draws in its own animation callback
 * of the same frame).
 */
const afterNextFrame = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));

/**
 * Every clustered map's loop, once: it owns the deck.gl overlay and the worker client (always loaded with a
 * reload source, so a map survives a worker crash with its data and filter), queries the view on every move,
 * picks under the pointer, zooms clusters to their expansion zoom and draws the highlight layers. Imperative
 * on purpose (react-map-gl's pattern): React creates it once per map, hands it `setProps` on every render and
 * calls `destroy` on unmount; events leave through the callbacks in the props.
 */
export class ClusterMapController {
  private props: ClusterMapProps;
  private readonly overlay: MapLibreOverlay;
  /** The worker client; with a source of its own, started only if something asks the worker (none yet). */
  private workerClient: ClusterClient | null;
  /** What the view is asked of: the worker client, or the options' source. */
  private readonly source: ViewSource;
  private readonly detach: () => void;
  /** Stops listening to the source's changes (nothing for the worker). */
  private readonly unsubscribe: () => void;
  private loadGeneration = 0;
  private loaded = false;
  private appliedFilter = filterKey(NO_FILTER);
  private view: ClusterResult | null = null;
  private clusters: Layer[] = [];
  private appliedHexagons = hexKey(null);
  private readonly hexagons: HexagonMode;
  private activeCluster: number | null = null;
  private hovered: number | null = null;
  private picker: ScreenPicker | null = null;
  /** The latest view query: figures asked for an older one are not asked at all. */
  private queryGeneration = 0;
  /** Told when the next view answer is on screen (a load's sample: the pool waits for it). */
  private onDrawn: (() => void)[] = [];
  private destroyed = false;
  /** An installed observer's ear on this map (null, the usual case: every report below is a null check). */
  private tap: ClusterMapTap | null;

  constructor(
    private readonly map: MapLibreMap,
    private readonly options: ClusterMapOptions,
    props: ClusterMapProps,
  ) {
    this.props = props;
    this.workerClient = options.source ? null : this.startClient();
    this.tap = options.widget ? (mapObserver()?.clusterMap?.(options.widget, options.id, map) ?? null) : null;
    this.overlay = new MapLibreOverlay({
      layers: [],
      deviceProps: DECK_DEVICE_PROPS,
      // Without an observer deck gets no callback at all.
      ...(this.tap ? { onAfterRender: () => this.tap?.frame?.() } : {}),
    });
    this.hexagons = new HexagonMode(options.id, this.overlay);
    this.detach = attachDeckOverlay(map, this.overlay);
    map.on('moveend', this.query);
    map.on('move', this.cameraMoved);
    map.on('resize', this.cameraMoved);
    map.on('mousemove', this.onMove);
    map.on('click', this.onClick);
    map.on('mouseout', this.onLeave);
    this.source = options.source ?? this.client;
    // The filter again too: after a new import the table's count changed, not only the view.
    this.unsubscribe =
      options.source?.subscribe?.(() => {
        if (this.loaded && !this.destroyed) this.applyFilter();
      }) ?? (() => undefined);
    // A source of its own holds its data already: it answers the first view at once.
    if (options.source) {
      this.tap?.sourced?.();
      this.loadedAs(++this.loadGeneration);
    }
  }

  private startClient(): ClusterClient {
    return new ClusterClient({ engineOptions: this.options.engine, createWorker: this.options.createWorker });
  }

  private get client(): ClusterClient {
    if (!this.workerClient) {
      this.workerClient = this.startClient();
      // Asked after destroy: a closed client, whose calls reject as any destroyed map's do.
      if (this.destroyed) this.workerClient.terminate();
    }
    return this.workerClient;
  }

  /** The view drawn last (null before the first answer). */
  get currentView(): ClusterResult | null {
    return this.view;
  }

  /** Applies new props, doing only what changed (layers rebuilt, filter sent, active cluster looked up). */
  setProps(next: ClusterMapProps): void {
    const previous = this.props;
    this.props = next;
    if (this.destroyed) return;
    if (!sameColors(previous.colors, next.colors) && this.view)
      this.clusters = this.clusterLayersOf(this.view);
    if (this.loaded && filterKey(next.filter) !== this.appliedFilter) this.applyFilter();
    else if (this.loaded && hexKey(next.hexagons) !== this.appliedHexagons) this.query();
    if (previous.activeRow !== next.activeRow) this.lookUpActive();
    if (drawnChanged(previous, next)) this.render();
  }

  /**
   * Indexes a table in the worker; `source` is kept to rebuild it after a crash (the reload source). A newer
   * load supersedes. With `onProgress`, a large table is drawn from its provisional index as soon as the
   * progress says one answers ('sample'), as a download is. `origin` says what the table is (an analyst's
   * file) to an observer.
   */
  load(
    source: TableSource,
    onProgress?: (progress: LoadProgress) => void,
    origin?: TableOrigin,
  ): Promise<LoadResult> {
    const work = this.loadTable(source, onProgress, origin ?? null);
    this.tap?.loading?.(work, false);
    return work;
  }

  private async loadTable(
    source: TableSource,
    onProgress: ((progress: LoadProgress) => void) | undefined,
    origin: TableOrigin | null,
  ): Promise<LoadResult> {
    const generation = ++this.loadGeneration;
    this.loaded = false;
    const progress =
      onProgress &&
      ((report: LoadProgress) => {
        // A sample is drawn at once; the worker's pool, which takes every core, waits for its frame
        // (the answer, ProgressListener).
        const drawn = report.phase === 'sample' ? this.nextDrawn() : undefined;
        if (drawn) this.loadedAs(generation);
        if (generation === this.loadGeneration) {
          onProgress(report);
          this.tap?.progress?.(report);
        }
        return drawn;
      });
    const result = await this.client.load(await source(), source, progress);
    this.loadedAs(generation, result, origin);
    return result;
  }

  /**
   * Tells the worker a table of about `rows` rows is coming (an analyst's file is being read), so it readies
   * its index build meanwhile. Only a hint: nothing is lost if it fails.
   */
  prepareLoad(rows: number): void {
    if (this.destroyed) return;
    this.client.prepareLoad(rows).catch(() => undefined);
  }

  /**
   * Has the worker download and index a table itself (the page never holds it). A progressive load is drawn
   * from its provisional index as soon as the progress says one answers ('sample'), and again when the whole
   * table is indexed. A newer load supersedes; `signal` cancels it in the worker.
   */
  loadRemote(table: RemoteTable, options: RemoteLoadOptions = {}): Promise<LoadResult> {
    const work = this.loadRemoteTable(table, options);
    this.tap?.loading?.(work, true);
    return work;
  }

  private async loadRemoteTable(table: RemoteTable, options: RemoteLoadOptions): Promise<LoadResult> {
    const generation = ++this.loadGeneration;
    this.loaded = false;
    const result = await this.client.loadRemote(table, {
      signal: options.signal,
      onProgress: (progress) => {
        if (progress.phase === 'sample') this.loadedAs(generation);
        if (generation === this.loadGeneration) {
          options.onProgress?.(progress);
          this.tap?.progress?.(progress);
        }
      },
    });
    this.loadedAs(generation, result, null);
    return result;
  }

  /** Settles once the next view answer has been drawn (or the query failed, or this map went). */
  private nextDrawn(): Promise<void> {
    return new Promise((resolve) => this.onDrawn.push(resolve));
  }

  private drawn(): void {
    for (const resolve of this.onDrawn.splice(0)) resolve();
  }

  /**
   * An index answers for load `generation` (a sample's, or with `result` the whole table's): send the filter
   * (a load resets the engine's) and draw.
   */
  private loadedAs(generation: number, result?: LoadResult, origin: TableOrigin | null = null): void {
    if (generation !== this.loadGeneration || this.destroyed) return;
    this.loaded = true;
    this.appliedFilter = filterKey(NO_FILTER);
    this.applyFilter();
    if (result) this.tap?.loaded?.(result, origin);
  }

  /** Table rows of a cluster under the filter, a page at a time (a stack's list). */
  clusterRows(clusterId: number, limit: number, offset = 0): Promise<Uint32Array> {
    return this.client.getLeaves(clusterId, limit, offset);
  }

  /** Up to `limit` rows of a cluster that cannot split (a stack's list): from its source, or the worker. */
  async stackRows(clusterId: number, limit: number): Promise<PropertyRow[]> {
    if (this.source.stackRows) return (await this.source.stackRows(clusterId, limit)) ?? [];
    const rows = await this.clusterRows(clusterId, limit);
    return Promise.all([...rows].map((r) => this.client.getProperty(r)));
  }

  /** A cluster's price figures under the filter (details on demand); null when a newer request superseded it. */
  clusterPrices(clusterId: number): Promise<PriceStats | null> {
    return this.source.getClusterPrices?.(clusterId) ?? this.client.getClusterPrices(clusterId);
  }

  /** A drawn area's price figures under the filter; null when a newer request superseded it. */
  areaPrices(shape: AreaShape): Promise<PriceStats | null> {
    return this.source.getAreaPrices?.(shape) ?? this.client.getAreaPrices(shape);
  }

  /** The hexagons drawn last (null before the first answer or in cluster mode). */
  get currentHexagons(): HexResult | null {
    return this.props.hexagons ? this.hexagons.hex : null;
  }

  /** The rows under the filter in the current view as a file's bytes, in parts (written in the worker). */
  exportView(format: ExportFormat): Promise<Uint8Array[]> {
    return this.client.exportView(this.viewBox(), format);
  }

  /** A served source's CSV of the current view (null: not such a source, or superseded). */
  exportUrl(): Promise<string | null> {
    return this.source.exportUrl?.(this.viewBox()) ?? Promise.resolve(null);
  }

  private viewBox(): BBox {
    const b = this.map.getBounds();
    return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
  }

  /**
   * The row of a one-row item the user picked (its id in the last answer: the worker's row index, or a
   * served source's item); null when superseded.
   */
  itemRow(id: number): Promise<PropertyRow | null> {
    return this.source.getRow?.(id) ?? this.client.getProperty(id);
  }

  /** Stops listening, removes the overlay (and its WebGL context) and the worker. */
  destroy(): void {
    this.destroyed = true;
    this.drawn();
    this.map.off('moveend', this.query);
    this.map.off('move', this.cameraMoved);
    this.map.off('resize', this.cameraMoved);
    this.map.off('mousemove', this.onMove);
    this.map.off('click', this.onClick);
    this.map.off('mouseout', this.onLeave);
    this.detach();
    this.unsubscribe();
    this.workerClient?.terminate();
    this.tap?.destroyed?.();
    this.tap = null;
    // Anything that outlives this controller (deck's internals, a late answer) must not keep the page's
    // callbacks — and through them its React tree and records — alive.
    this.props = { ...this.props, ...NO_EVENTS, highlightRows: [] };
    this.view = null;
    this.clusters = [];
    this.picker = null;
    this.hexagons.clear();
  }

  /** Sends the filter and re-asks the view right behind it (the worker answers in order). */
  private applyFilter(): void {
    const filter = this.props.filter;
    this.appliedFilter = filterKey(filter);
    this.source.setFilter(filter).then((r) => {
      if (!r || this.destroyed) return; // a newer filter's count follows
      this.props.onMatching?.(r.matching);
      this.tap?.matching?.(r.matching);
    }, report);
    this.query();
  }

  private readonly query = (): void => {
    if (!this.loaded || this.destroyed) return;
    const b = this.map.getBounds();
    const box: BBox = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
    const request = this.props.hexagons ?? null;
    this.appliedHexagons = hexKey(request);
    const generation = ++this.queryGeneration;
    // What is drawn goes first, and the figures (the chart's per-quarter prices: 80–100 ms of the worker at
    // 1M) are asked only once it is on screen. Asked in the same tick, they never held the answer back (the
    // worker answers in order) but took a core from the frame: on two cores the worker, the page and the
    // GPU process drew the clusters 15–30 ms later (traced).
    const figures = () => {
      this.drawn();
      if (generation === this.queryGeneration && !this.destroyed) this.queryFigures(box);
    };
    if (request) this.queryHexagons(box, request, figures);
    else
      this.source.getClusters(box, this.map.getZoom()).then(
        (view) => {
          if (!view || this.destroyed) return; // a newer view superseded this one
          this.view = view;
          this.clusters = this.clusterLayersOf(view);
          this.render();
          this.props.onView?.(view, box);
          this.tap?.view?.(view);
          this.lookUpActive();
          afterNextFrame(figures);
        },
        (reason: unknown) => {
          report(reason);
          figures();
        },
      );
  };

  /** The figures of the view under the filter the page asked for: the chart's prices, the summary. */
  private queryFigures(box: BBox): void {
    if (this.props.prices) {
      this.source.getQuarterPrices(box).then((prices) => {
        if (prices && !this.destroyed) this.props.onQuarterPrices?.(prices);
      }, report);
      if (this.props.onViewPrices)
        this.source.getPrices(box).then((prices) => {
          if (prices && !this.destroyed) this.props.onViewPrices?.(prices);
        }, report);
    }
    if (this.props.summaries)
      this.source.getSummary(box).then((summary) => {
        if (!summary || this.destroyed) return;
        this.props.onSummary?.(summary);
        this.tap?.summary?.(summary);
      }, report);
  }

  /** Hexagons of the box, coloured for the request that asked them (a newer request supersedes); then `figures`. */
  private queryHexagons(box: BBox, request: HexagonRequest, figures: () => void): void {
    this.hexagons.query(
      this.source,
      box,
      this.map.getZoom(),
      request,
      () => !this.destroyed && hexKey(this.props.hexagons) === hexKey(request),
      (hex, breaks) => {
        this.render();
        this.props.onHexagons?.(hex, breaks);
        this.tap?.hexagons?.(hex, request);
        afterNextFrame(figures);
      },
      (reason: unknown) => {
        report(reason);
        figures();
      },
    );
  }

  private clusterLayersOf(view: ClusterResult): Layer[] {
    const { colors, sizing, radius } = this.props;
    const attributes = clusterAttributes(view, colors, sizing, radius);
    this.picker = new ScreenPicker(attributes.positions, attributes.radii);
    return clusterLayersFrom(this.options.id, view, attributes);
  }

  private render(): void {
    if (this.props.hexagons) {
      if (this.hexagons.hex) this.overlay.setProps({ layers: this.hexagons.layers });
      return;
    }
    const view = this.view;
    if (!view) return;
    const { highlightRows, activeRow, selection, radius } = this.props;
    const rows =
      this.activeCluster === -1 && activeRow !== null ? [...highlightRows, activeRow] : highlightRows;
    this.overlay.setProps({
      layers: [
        ...this.clusters,
        ...highlightLayers(this.options.id, view, {
          rows,
          activeCluster: this.activeCluster,
          color: selection,
          radius,
        }),
      ],
    });
  }

  /** Which drawn cluster holds the active row (answers for an older view or row are dropped). */
  private lookUpActive(): void {
    const view = this.view;
    const row = this.props.activeRow;
    if (row === null || !view) {
      if (this.activeCluster !== null) this.setActiveCluster(null);
      return;
    }
    this.client.getClusterOf(row, view.zoom).then((cluster) => {
      if (this.view === view && this.props.activeRow === row && !this.destroyed)
        this.setActiveCluster(cluster);
    }, report);
  }

  private setActiveCluster(cluster: number | null): void {
    this.activeCluster = cluster;
    this.render();
    this.props.onActiveCluster?.(cluster);
    this.tap?.activeCluster?.(cluster);
  }

  /** Index of the view item under a pixel (circles only: labels are not targets), picked on the CPU. */
  private pick(x: number, y: number): number | null {
    const view = this.view;
    if (!view || !this.picker) return null;
    const i = this.picker.pick(x, y, this.project);
    return i !== null && i < view.length ? i : null;
  }

  private readonly project = (lng: number, lat: number) => this.map.project([lng, lat]);

  private readonly cameraMoved = (): void => {
    this.picker?.invalidate();
  };

  private readonly onMove = (e: MapMouseEvent): void => {
    if (this.props.hexagons) {
      const { hit, changed } = this.hexagons.hover(e.point.x, e.point.y);
      this.map.getCanvas().style.cursor = hit ? 'pointer' : '';
      if (changed) this.props.onHexHover?.(hit);
      return;
    }
    const i = this.pick(e.point.x, e.point.y);
    this.map.getCanvas().style.cursor = i === null ? '' : 'pointer';
    const view = this.view;
    const single = view && i !== null && view.counts[i] === 1 ? (view.ids[i] ?? null) : null;
    if (single === null && this.hovered === null) return; // nothing was hovered, nothing is
    this.hovered = single;
    this.props.onHover?.(single === null ? null : { row: single, x: e.point.x, y: e.point.y });
  };

  private readonly onLeave = (): void => {
    if (this.hexagons.leave()) this.props.onHexHover?.(null);
    if (this.hovered === null) return;
    this.hovered = null;
    this.props.onHover?.(null);
  };

  private readonly onClick = (e: MapMouseEvent): void => {
    if (this.props.hexagons) {
      const cell = this.hexagons.pick(e.point.x, e.point.y);
      this.props.onHexSelect?.(cell === null ? null : { index: cell, x: e.point.x, y: e.point.y });
      return;
    }
    const view = this.view;
    const i = this.pick(e.point.x, e.point.y);
    if (!view || i === null) {
      this.props.onSelect?.(null); // a background click clears the selection
      return;
    }
    const id = view.ids[i] ?? 0;
    const count = view.counts[i] ?? 0;
    if (count > 1) {
      const [lng = 0, lat = 0] = [view.positions[2 * i], view.positions[2 * i + 1]];
      const { x, y } = e.point;
      this.props.onClusterSelect?.({ index: id, count, x, y });
      this.source.getExpansionZoom(id).then((zoom) => {
        if (this.destroyed) return;
        const onStack = this.props.onStack;
        if (zoom > this.map.getMaxZoom() && onStack) onStack({ clusterId: id, count, lng, lat, x, y });
        else this.map.easeTo({ center: [lng, lat], zoom, offset: [0, (this.props.coveredTop?.() ?? 0) / 2] });
      }, report);
      return;
    }
    this.props.onSelect?.({ row: id, x: e.point.x, y: e.point.y });
  };
}
