import { ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import { MapLibreOverlay } from '@deck.gl/maplibre';
import type { Layer } from '@deck.gl/core';
import { Popup, type Map as MapLibreMap, type MapMouseEvent } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { clusterColor, COLORS, cssColorToRgba, type Rgba } from '../../core/colors.ts';
import { SIZE_PX, TIMING_MS, ZOOM } from '../../core/constants.ts';
import { formatClusterCount, formatPriceLabel } from '../../core/format.ts';
import { MESSAGES } from '../../core/messages.ts';
import { normalizeProperties } from '../../core/normalize.ts';
import { buildPropertyTable } from '../../core/table.ts';
import type { BBox, Property } from '../../core/types.ts';
import { safeUrl } from '../../core/url.ts';
import { config } from '../../config/index.ts';
import { clusterLayers, LABEL_CHARACTERS } from '../../layers/cluster-layers.ts';
import { attachDeckOverlay } from '../../map/deck-overlay.ts';
import { maxBoundsFor, resolveMapStyle } from '../../map/style-source.ts';
import { useClusterEngine } from '../../map/use-cluster-engine.ts';
import { useWidgetMap } from '../../map/use-widget-map.ts';
import { isEngineClosed } from '../../../workers/client.ts';
import type { ClusterResult } from '../../../workers/contract.ts';
import { MobilePanel } from '../mobile-panel/MobilePanel.tsx';
import { PropertyCard } from '../property-card/PropertyCard.tsx';
import { publishClusterMap } from './probe.ts';
import { popupPan, propertiesBBox, showsSearchHere } from './view-rules.ts';
import './property-cluster-map.css';

export type ClusterMapVariant = 'general' | 'search' | 'transactions';

/** What 'Buscar inmuebles en esta zona' reports (spec §2). */
export interface SearchArea {
  center: [lat: number, lng: number];
  bbox: BBox;
}

export interface PropertyClusterMapProps {
  mapId: string;
  /** Raw property records; invalid ones are counted and skipped (records without coordinates too). */
  data: readonly unknown[];
  /** The country centre (empty data recentres here at zoom 7). */
  latitud: number;
  longitud: number;
  zoom?: number;
  countryCodes?: readonly string[];
  /** [lat, lng] applied 300 ms after the data (zoom 11 on the general listing). */
  locationCenter?: readonly [number, number] | null;
  colors?: { sale?: string; rental?: string; selection?: string };
  radius?: number;
  variant: ClusterMapVariant;
  /** A property marked active from outside: highlighted, and its cluster drawn green with white text. */
  activePropertyId?: string | null;
  onSelect?: (property: Property | null) => void;
  onSearchArea?: (area: SearchArea) => void;
  /** Controls above the map (the general listing's place search), given the map once it exists. */
  renderToolbar?: (map: MapLibreMap | null) => ReactNode;
  twoFingers?: boolean;
  testId?: string;
}

interface Hover {
  row: number;
  x: number;
  y: number;
}

/** Where a selected marker sits on a phone, as a fraction of the map's height (the panel covers the rest). */
const MOBILE_MARKER_HEIGHT = 0.22;
const isNarrow = () => window.innerWidth <= SIZE_PX.mobileBreakpoint;
const toRgba = (css: string | undefined, fallback: string): Rgba =>
  cssColorToRgba(css ?? fallback) ?? cssColorToRgba(fallback) ?? [0, 0, 0, 255];

/**
 * Property cluster map (spec §2: general listing, search and transactions): properties clustered in the
 * worker engine and drawn by deck.gl from its typed arrays; price labels, hover, selection with a popup card
 * or the mobile panel, clusters zooming to their expansion zoom, and the search-here button.
 */
export function PropertyClusterMap(props: PropertyClusterMapProps) {
  const { mapId, variant } = props;
  const radius = props.radius ?? SIZE_PX.markerRadius;
  const [mapRef, map] = useWidgetMap({
    kind: variant === 'general' ? 'general-listing' : 'cluster',
    twoFingers: props.twoFingers,
    style: resolveMapStyle(config, window.location.origin),
    center: [props.longitud, props.latitud],
    zoom: props.zoom ?? ZOOM.initial,
    maxBounds: maxBoundsFor(config),
  });
  const client = useClusterEngine(variant === 'search' ? 30 : 40);
  const { properties, rejected } = useMemo(() => {
    const result = normalizeProperties(Array.isArray(props.data) ? props.data : []);
    return { properties: result.properties, rejected: result.rejected.length };
  }, [props.data]);
  const colors = useMemo(
    () => ({
      sale: props.colors?.sale ?? COLORS.sale,
      rental: props.colors?.rental ?? COLORS.rental,
      selection: toRgba(props.colors?.selection, COLORS.selection),
    }),
    [props.colors?.sale, props.colors?.rental, props.colors?.selection],
  );

  const [loaded, setLoaded] = useState<readonly Property[] | null>(null);
  const [view, setView] = useState<ClusterResult | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);
  const [selected, setSelected] = useState<{ row: number; mode: 'popup' | 'mobile' } | null>(null);
  const [activeCluster, setActiveCluster] = useState<number | null>(null);
  const [searchHere, setSearchHere] = useState(false);
  const searchCentre = useRef<{ lat: number; lng: number } | null>(null);

  // Data → worker → view. The map follows data changes without remounting.
  useEffect(() => {
    if (!client || !map) return undefined;
    let live = true;
    const timers: ReturnType<typeof setTimeout>[] = [];
    client
      .load(buildPropertyTable(properties))
      .then(() => {
        if (!live) return;
        setLoaded(properties);
        const box = propertiesBBox(properties);
        if (box)
          map.fitBounds([...box], { padding: SIZE_PX.fitPadding, duration: 0, maxZoom: ZOOM.maxCluster });
        else
          timers.push(
            setTimeout(() => {
              map.jumpTo({ center: [props.longitud, props.latitud], zoom: ZOOM.emptyData });
            }, TIMING_MS.emptyDataRecentre),
          );
        const location = props.locationCenter;
        if (location)
          timers.push(
            setTimeout(() => {
              map.jumpTo({
                center: [location[1], location[0]],
                zoom: variant === 'general' ? ZOOM.generalLocation : map.getZoom(),
              });
            }, TIMING_MS.locationCentre),
          );
        searchCentre.current = map.getCenter();
      })
      .catch((reason: unknown) => {
        if (!isEngineClosed(reason)) console.error(reason);
      });
    return () => {
      live = false;
      for (const t of timers) clearTimeout(t);
    };
    // The location centre and country centre are read when data arrives (spec: applied after the data).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, map, properties]);

  useEffect(() => {
    if (!client || !map || !loaded) return undefined;
    const query = () => {
      const b = map.getBounds();
      client.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], map.getZoom()).then(
        (result) => {
          if (result) setView(result);
        },
        (reason: unknown) => {
          if (!isEngineClosed(reason)) console.error(reason);
        },
      );
    };
    query();
    map.on('moveend', query);
    return () => {
      map.off('moveend', query);
    };
  }, [client, map, loaded]);

  // Active from outside: which drawn cluster holds it (−1: drawn alone).
  const activeRow = props.activePropertyId
    ? properties.findIndex((p) => p.id === props.activePropertyId)
    : -1;
  useEffect(() => {
    if (!client || !view || activeRow < 0) return;
    let live = true;
    client.getClusterOf(activeRow, view.zoom).then(
      (c) => {
        if (live) setActiveCluster(c);
      },
      (reason: unknown) => {
        if (!isEngineClosed(reason)) console.error(reason);
      },
    );
    return () => {
      live = false;
    };
  }, [client, view, activeRow]);

  // Search here (search map): after a user's drag or zoom moved the centre > 250 m from the last search.
  useEffect(() => {
    if (!map || variant !== 'search') return undefined;
    const onMoveEnd = (event: { originalEvent?: unknown }) => {
      if (!event.originalEvent) return; // programmatic moves (fit, recentre) do not count
      if (showsSearchHere(searchCentre.current, map.getCenter())) setSearchHere(true);
    };
    map.on('moveend', onMoveEnd);
    return () => {
      map.off('moveend', onMoveEnd);
    };
  }, [map, variant]);
  const reportSearchArea = () => {
    if (!map) return;
    const c = map.getCenter();
    const b = map.getBounds();
    props.onSearchArea?.({
      center: [c.lat, c.lng],
      bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()],
    });
    searchCentre.current = c;
    setSearchHere(false);
  };

  const singles = useMemo(() => {
    const rows = new Map<number, number>(); // row → item index
    if (view)
      for (let i = 0; i < view.length; i++) if ((view.counts[i] ?? 0) === 1) rows.set(view.ids[i] ?? -1, i);
    return rows;
  }, [view]);

  const [overlay] = useState(() => new MapLibreOverlay({ layers: [] }));
  useEffect(() => (map ? attachDeckOverlay(map, overlay) : undefined), [map, overlay]);
  useEffect(() => {
    overlay.setProps({
      layers: view
        ? [
            ...clusterLayers(mapId, view, colors),
            ...highlightLayers(mapId, view, properties, singles, {
              rows: [hover?.row, selected?.row, activeCluster === -1 ? activeRow : undefined],
              activeCluster,
              colors: colors.selection,
              radius,
            }),
          ]
        : [],
    });
  });

  // Pointer: picking through deck (single points and clusters of the circles layer).
  const pick = useCallback(
    (x: number, y: number) => {
      if (!view) return null;
      const info = overlay.pickObject({ x, y, radius: 2, layerIds: [`${mapId}-circles`] });
      return info && info.index >= 0 && info.index < view.length ? info.index : null;
    },
    [overlay, view, mapId],
  );
  useEffect(() => {
    if (!map || !view) return undefined;
    const onMove = (e: MapMouseEvent) => {
      const i = pick(e.point.x, e.point.y);
      const single = i !== null && (view.counts[i] ?? 0) === 1;
      map.getCanvas().style.cursor = i === null ? '' : 'pointer';
      setHover(single ? { row: view.ids[i] ?? -1, x: e.point.x, y: e.point.y } : null);
    };
    const onClick = (e: MapMouseEvent) => {
      const i = pick(e.point.x, e.point.y);
      if (i === null) {
        setSelected(null); // a background click clears the selection
        props.onSelect?.(null);
        return;
      }
      const id = view.ids[i] ?? 0;
      if ((view.counts[i] ?? 0) > 1) {
        const [lng = 0, lat = 0] = [view.positions[2 * i], view.positions[2 * i + 1]];
        void client?.getExpansionZoom(id).then((zoom) => map.easeTo({ center: [lng, lat], zoom }));
        return;
      }
      const property = properties[id];
      if (!property) return;
      const mode = isNarrow() ? 'mobile' : 'popup';
      const point = map.project([property.longitud, property.latitud]);
      const container = map.getContainer();
      // Desktop: keep the popup inside the margins. Phone: lift the marker above the bottom panel.
      const [dx, dy] =
        mode === 'popup'
          ? popupPan(point, container.clientWidth, container.clientHeight)
          : [0, point.y - container.clientHeight * MOBILE_MARKER_HEIGHT];
      if (dx !== 0 || dy !== 0) map.panBy([dx, dy], { duration: 0 });
      setSelected({ row: id, mode });
      props.onSelect?.(property);
      if (variant !== 'transactions') {
        const url = safeUrl(property.url, window.location.origin);
        if (url) window.open(url, '_blank', 'noopener,noreferrer');
      }
    };
    const onLeave = () => {
      setHover(null);
    };
    map.on('mousemove', onMove);
    map.on('click', onClick);
    map.on('mouseout', onLeave);
    return () => {
      map.off('mousemove', onMove);
      map.off('click', onClick);
      map.off('mouseout', onLeave);
    };
  });

  // The popup card lives in a MapLibre popup (it follows the map); React renders into it.
  const selectedProperty = selected ? properties[selected.row] : undefined;
  const [popupNode, setPopupNode] = useState<HTMLElement | null>(null);
  const popupAt = selected?.mode === 'popup' && selectedProperty ? selectedProperty : null;
  useEffect(() => {
    if (!map || !popupAt) return undefined;
    const node = document.createElement('div');
    const popup = new Popup({ closeButton: false, closeOnClick: false, maxWidth: 'none', offset: radius + 4 })
      .setLngLat([popupAt.longitud, popupAt.latitud])
      .setDOMContent(node)
      .addTo(map);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the popup's DOM node is an external resource created here
    setPopupNode(node);
    return () => {
      popup.remove();
      setPopupNode(null);
    };
  }, [map, popupAt, radius]);

  useEffect(() => {
    if (!map) return;
    publishClusterMap(mapId, map, {
      indexed: loaded?.length ?? 0,
      rejected,
      zoom: map.getZoom(),
      clusters: clusterList(view),
      singles: [...singles.keys()].slice(0, 200).map((row) => ({
        id: properties[row]?.id ?? '',
        label: formatPriceLabel(properties[row]?.precio ?? 0),
      })),
      hoveredId: hover ? (properties[hover.row]?.id ?? null) : null,
      selectedId: selectedProperty?.id ?? null,
      activeCluster: activeRow < 0 ? null : activeCluster,
      searchHere,
      panel: selected?.mode ?? null,
    });
  });

  const hovered = hover ? properties[hover.row] : undefined;
  return (
    <div className={`cluster-map cluster-map--${variant}`}>
      {props.renderToolbar ? <div className="cluster-map__toolbar">{props.renderToolbar(map)}</div> : null}
      <div className="cluster-map__stage">
        <div ref={mapRef} className="cluster-map__canvas" data-testid={props.testId ?? `${mapId}-map`} />
        {hovered && hover ? (
          <div
            className="cluster-map__tooltip"
            role="tooltip"
            style={{ left: hover.x + 12, top: hover.y - 28 }}
          >
            {formatPriceLabel(hovered.precio)}
          </div>
        ) : null}
        {searchHere ? (
          <button type="button" className="cluster-map__search-here" onClick={reportSearchArea}>
            {MESSAGES.map.searchHere}
          </button>
        ) : null}
        {selected?.mode === 'mobile' && selectedProperty ? (
          <MobilePanel
            property={selectedProperty}
            mapAvailable={map !== null}
            onClose={() => {
              setSelected(null);
            }}
          />
        ) : null}
      </div>
      {popupNode && popupAt ? createPortal(<PropertyCard property={popupAt} />, popupNode) : null}
    </div>
  );
}

function clusterList(view: ClusterResult | null): [number, number, number, 'venta' | 'alquiler'][] {
  const out: [number, number, number, 'venta' | 'alquiler'][] = [];
  if (!view) return out;
  for (let i = 0; i < view.length && out.length < 200; i++) {
    const count = view.counts[i] ?? 0;
    if (count < 2) continue;
    const sales = view.saleCounts[i] ?? 0;
    const fill = clusterColor(sales, count - sales) === COLORS.clusterSale ? 'venta' : 'alquiler';
    out.push([view.positions[2 * i] ?? 0, view.positions[2 * i + 1] ?? 0, count, fill]);
  }
  return out;
}

/** Hovered/selected/active single markers in the selection colour; the active cluster green, white text. */
function highlightLayers(
  id: string,
  view: ClusterResult,
  properties: readonly Property[],
  singles: ReadonlyMap<number, number>,
  options: { rows: (number | undefined)[]; activeCluster: number | null; colors: Rgba; radius: number },
): Layer[] {
  const marked = options.rows
    .filter((r): r is number => r !== undefined && r >= 0 && singles.has(r))
    .map((r) => properties[r])
    .filter((p): p is Property => p !== undefined);
  const layers: Layer[] = [
    new ScatterplotLayer<Property>({
      id: `${id}-highlight`,
      data: marked,
      getPosition: (p) => [p.longitud, p.latitud],
      radiusUnits: 'pixels',
      getRadius: options.radius + 1,
      getFillColor: options.colors,
      stroked: true,
      getLineColor: [255, 255, 255, 255],
      lineWidthMinPixels: 2,
    }),
  ];
  const active = options.activeCluster;
  if (active !== null && active >= 0) {
    const items: { position: [number, number]; count: number }[] = [];
    for (let i = 0; i < view.length; i++) {
      if ((view.counts[i] ?? 0) > 1 && view.ids[i] === active)
        items.push({
          position: [view.positions[2 * i] ?? 0, view.positions[2 * i + 1] ?? 0],
          count: view.counts[i] ?? 0,
        });
    }
    layers.push(
      new ScatterplotLayer<{ position: [number, number] }>({
        id: `${id}-active-cluster`,
        data: items,
        getPosition: (d) => d.position,
        radiusUnits: 'pixels',
        getRadius: SIZE_PX.clusterIcon / 2,
        getFillColor: [0, 128, 0, 255],
        stroked: true,
        getLineColor: [255, 255, 255, 255],
        lineWidthMinPixels: 1,
      }),
      new TextLayer<{ position: [number, number]; count: number }>({
        id: `${id}-active-cluster-label`,
        data: items,
        getPosition: (d) => d.position,
        getText: (d) => formatClusterCount(d.count),
        getColor: [255, 255, 255, 255],
        getSize: 11,
        fontWeight: 600,
        fontFamily: 'Noto Sans, system-ui, sans-serif',
        characterSet: LABEL_CHARACTERS,
      }),
    );
  }
  return layers;
}
