import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { COLORS, cssColorToRgba, type Rgba } from '../../core/colors.ts';
import { CLUSTER, SIZE_PX, ZOOM } from '../../core/constants.ts';
import { MESSAGES } from '../../core/messages.ts';
import { normalizeProperties } from '../../core/normalize.ts';
import { NO_FILTER } from '../../../workers/contract.ts';
import type { PointHit, StackHit } from '../../map/cluster-map-controller.ts';
import { useShown } from '../../map/observer.ts';
import { useClusterMap } from '../../map/use-cluster-map.ts';
import { useWidgetMap } from '../../map/use-widget-map.ts';
import { useMapSetup } from '../map-config.tsx';
import { useMapZoomState } from '../use-map-zoom-state.ts';
import { locationCentreSet } from '../../state/maps-slice.ts';
import { useAppDispatch } from '../../state/store.ts';
import { MobilePanel } from '../mobile-panel/MobilePanel.tsx';
import { PropertyCard } from '../property-card/PropertyCard.tsx';
import { useSelection, type Selected } from './selection.ts';
import { useCardPopup } from './use-card-popup.ts';
import { useListingData } from './use-listing-data.ts';
import type { PropertyClusterMapProps } from './props.ts';
import { useSearchHere } from './use-search-here.ts';
import { PriceTooltip } from './PriceTooltip.tsx';
import { ListingStack, useStack } from './use-stack.tsx';
import './property-cluster-map.css';
import { requireMapInput } from '../map-input.tsx';

export type { SearchArea } from './use-search-here.ts';
export type { ClusterMapVariant, PropertyClusterMapProps } from './props.ts';
const toRgba = (css: string | undefined, fallback: string): Rgba =>
  cssColorToRgba(css ?? fallback) ?? cssColorToRgba(fallback) ?? [0, 0, 0, 255];

/**
 * Property cluster map (general listing and search): records normalized once, clustered in the worker by the
 * shared controller, price labels, hover tooltip, a click opening the popup card (phone: the bottom panel) and
 * the property's page, clusters zooming to where they split, and the search-here button.
 */
function PropertyClusterMapView(props: PropertyClusterMapProps) {
  const { mapId, variant, onSelect, onLoad } = props;
  const radius = props.radius ?? SIZE_PX.markerRadius;
  const setup = useMapSetup();
  const [mapRef, map] = useWidgetMap({
    kind: variant === 'general' ? 'general-listing' : 'cluster',
    twoFingers: props.twoFingers,
    style: setup.style,
    center: [props.longitud, props.latitud],
    zoom: props.zoom ?? ZOOM.initial,
    maxBounds: setup.maxBounds,
  });
  const { properties, rejected, blanked } = useMemo(() => {
    const result = normalizeProperties(Array.isArray(props.data) ? props.data : []);
    return {
      properties: result.properties,
      rejected: result.rejected.length,
      blanked: result.blanked.length,
    };
  }, [props.data]);
  const { sale = COLORS.sale, rental = COLORS.rental, selection } = props.colors ?? {};
  const colors = useMemo(() => ({ sale, rental }), [sale, rental]);
  const selectionRgba = useMemo(() => toRgba(selection, COLORS.selection), [selection]);

  const [hover, setHover] = useState<PointHit | null>(null);
  const [selected, setSelected] = useState<Selected | null>(null);
  const activeRow = props.activePropertyId
    ? properties.findIndex((p) => p.id === props.activePropertyId)
    : -1;

  const select = useSelection(map, properties, onSelect, setSelected);
  const highlightRows = useMemo(
    () => [hover?.row, selected?.row].filter((r): r is number => r !== undefined),
    [hover, selected],
  );
  const [stackHit, setStackHit] = useState<StackHit | null>(null);
  const controller = useClusterMap(
    map,
    {
      widget: 'cluster-map',
      id: mapId,
      radius: variant === 'search' ? CLUSTER.radiusSearchMap : CLUSTER.radiusDefault,
    },
    {
      colors,
      selection: selectionRgba,
      radius,
      highlightRows,
      activeRow: activeRow < 0 ? null : activeRow,
      filter: NO_FILTER,
      summaries: false,
      sizing: 'icon',
      onHover: setHover,
      onSelect: (hit) => {
        setStackHit(null);
        select(hit);
      },
      onStack: setStackHit,
    },
  );
  const stack = useStack(controller, properties, stackHit);
  const closeStack = useCallback(() => {
    setStackHit(null);
  }, []);
  const searchHere = useSearchHere(map, variant === 'search', props.onSearchArea);
  const onLoaded = useCallback(
    (m: MapLibreMap) => {
      searchHere.searched(m);
      onLoad?.({ properties, rejected, blanked });
    },
    [properties, rejected, blanked, onLoad, searchHere],
  );
  // Spec, entities "Map state": the zoom and the location centre live in the map's Redux entry.
  useMapZoomState(map, mapId);
  const dispatch = useAppDispatch();
  const centreLat = props.locationCenter?.[0] ?? null;
  const centreLng = props.locationCenter?.[1] ?? null;
  useEffect(() => {
    const centre: [number, number] | null =
      centreLat === null || centreLng === null ? null : [centreLat, centreLng];
    dispatch(locationCentreSet({ mapId, centre }));
  }, [dispatch, mapId, centreLat, centreLng]);
  useListingData(
    map,
    controller,
    props.data === null ? null : properties,
    {
      country: [props.longitud, props.latitud],
      location: props.locationCenter,
      locationZoom: variant === 'general' ? ZOOM.generalLocation : null,
    },
    onLoaded,
  );

  const selectedProperty = (selected && properties[selected.row]) ?? null;
  const popupNode = useCardPopup(map, selected?.mode === 'popup' ? selectedProperty : null, radius + 4);
  const hovered = (hover && properties[hover.row]) ?? null;
  useShown(map, mapId, {
    widget: 'cluster-map',
    properties,
    rejected,
    hoveredRow: hover?.row ?? null,
    selected,
    searchHere: searchHere.visible,
  });

  return (
    <div className={`cluster-map cluster-map--${variant}`}>
      {props.renderToolbar ? (
        <div className="cluster-map__toolbar">
          {props.renderToolbar(map, { countryCodes: props.countryCodes })}
        </div>
      ) : null}
      <div className="cluster-map__stage">
        <div ref={mapRef} className="cluster-map__canvas" data-testid={props.testId ?? `${mapId}-map`} />
        {hovered && hover && selected?.mode !== 'popup' ? (
          <PriceTooltip property={hovered} at={hover} />
        ) : null}
        {searchHere.visible ? (
          <button type="button" className="cluster-map__search-here" onClick={searchHere.report}>
            {MESSAGES.map.searchHere}
          </button>
        ) : null}
        {stack ? <ListingStack stack={stack} onClose={closeStack} onPick={select} /> : null}
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
      {popupNode && selected?.mode === 'popup' && selectedProperty
        ? createPortal(<PropertyCard property={selectedProperty} />, popupNode)
        : null}
    </div>
  );
}

/** The widget, behind the spec's run-time check that a map has a map id and a position. */
export const PropertyClusterMap = requireMapInput(PropertyClusterMapView, 'PropertyClusterMap');
