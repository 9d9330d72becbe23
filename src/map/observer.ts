import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect } from 'react';
import type { AgencyMapMode } from '../core/agency-map.ts';
import type { DrawingState } from '../core/drawing.ts';
import type { PickerState } from '../core/picker.ts';
import type { Inmobiliaria, Property } from '../core/types.ts';
import type { ClusterResult, HexResult, LoadProgress, LoadResult, Summary } from '../../workers/contract.ts';
import type { HexagonRequest } from './cluster-map-controller.ts';
import type { MapKind } from './map-options.ts';

/**
 * Where a test harness (the demo's test API) hears what the maps do; WebGL pixels are opaque to browser tests.
 * The maps hand over what they already hold, where it passes anyway — a widget map made, a controller's
 * answers and deck's frames, a widget's own state — and nothing is computed for the observer here: what a
 * test reads (sums, pixels, labels) the observer derives. Until one is installed every hook is a null check
 * (arguments behind `?.` are not even evaluated); the package installs none.
 */
export interface MapObserver {
  /** A widget made its map (`kind`: the spec's map kind); the cleanup it returns runs when the map goes. */
  widgetMap?(kind: MapKind, map: MapLibreMap): (() => void) | undefined;
  /** A clustered map's controller started; what this returns hears its events until it is destroyed. */
  clusterMap?(widget: ClusterWidget, id: string, map: MapLibreMap): ClusterMapTap | undefined;
  /** A widget's own state after a render (it may be unchanged: the observer compares). */
  shown?(id: string, map: MapLibreMap, shown: Shown): void;
  /** A widget that reported `shown` went (unmounted, or its map id changed). */
  gone?(widget: Shown['widget'], id: string): void;
}

/** The widgets whose maps the cluster controller runs. */
export type ClusterWidget = 'cluster-map' | 'transactions-map';

/** What a table handed to the controller is, when it is more than data (an analyst's file). */
export interface TableOrigin {
  /** The file's name. */
  name: string;
  /** How its read went in the import worker: time, and the part a helper worker read (0: none). */
  readMs: number;
  helperGroups: number;
}

/** A clustered map's events as its controller has them (the engine's answers, untouched), in order. */
export interface ClusterMapTap {
  /** A load began (`remote`: the worker downloads the table); `work` settles when it ends. */
  loading?(work: Promise<LoadResult>, remote: boolean): void;
  /** The map draws from a source of its own (the warehouse): no load will come, its reports start now. */
  sourced?(): void;
  /** Progress of the current load (only a load asked with progress reports it). */
  progress?(progress: LoadProgress): void;
  /** The current load is indexed. */
  loaded?(result: LoadResult, origin: TableOrigin | null): void;
  /** A view's clusters and points were handed to deck. */
  view?(view: ClusterResult): void;
  /** Rows passing the filter, after each load and filter change. */
  matching?(matching: number): void;
  /** The view's summary (asked only when the map asks summaries). */
  summary?(summary: Summary): void;
  /** Hexagons were handed to deck, for `request`. */
  hexagons?(hex: HexResult, request: HexagonRequest): void;
  /** The drawn cluster holding the active row (−1: drawn on its own; null: none). */
  activeCluster?(cluster: number | null): void;
  /** deck.gl finished a frame. */
  frame?(): void;
  /** The controller was destroyed: nothing more comes. */
  destroyed?(): void;
}

/**
 * What a widget shows that no map event carries — its React state — as the widget holds it for its own
 * rendering: nothing is counted, formatted or projected for the observer.
 */
export type Shown =
  | {
      widget: 'cluster-map';
      properties: readonly Property[];
      /** Records normalization rejected. */
      rejected: number;
      hoveredRow: number | null;
      selected: { row: number; mode: 'popup' | 'mobile' } | null;
      searchHere: boolean;
    }
  | {
      widget: 'agency-map';
      mode: AgencyMapMode;
      zoom: number;
      drawn: { agencies: readonly unknown[]; circles: readonly unknown[]; properties: readonly unknown[] };
      labels: boolean;
      selectedId: string | null;
      focus: Inmobiliaria | null;
      hovered: { id: string } | null;
      filtersActive: boolean;
    }
  | { widget: 'location-picker'; state: PickerState; detail: boolean }
  | { widget: 'drawing-map'; state: DrawingState; contextPoints: number };

let observer: MapObserver | null = null;

/** Installs (or with null removes) the one observer. */
export function observeMaps(next: MapObserver | null): void {
  observer = next;
}

/** The installed observer, or null. */
export function mapObserver(): MapObserver | null {
  return observer;
}

/**
 * Hands a widget's state to the observer after every render, and says when the widget goes. Without an
 * observer this is two effects that test a null.
 */
export function useShown(map: MapLibreMap | null, id: string, shown: Shown): void {
  useEffect(() => {
    if (map) observer?.shown?.(id, map, shown);
  });
  const widget = shown.widget;
  useEffect(
    () => () => {
      observer?.gone?.(widget, id);
    },
    [widget, id],
  );
}
