import { useEffect, useMemo, useState } from 'react';
import {
  agencyLngLat,
  agencyMapColors,
  emptyNotice,
  filterProperties,
  initialView,
  labelsVisible,
  modeOf,
  type AgencyMapMode,
  type AgencyMapPosition,
} from '../../core/agency-map.ts';
import { normalizeAgency } from '../../core/agency.ts';
import { SIZE_PX } from '../../core/constants.ts';
import { MESSAGES } from '../../core/messages.ts';
import type { Inmobiliaria, MapDataRecord, Property } from '../../core/types.ts';
import { coverageCircles } from '../../layers/agency-layers.ts';
import { useShown } from '../../map/observer.ts';
import { useWidgetMap } from '../../map/use-widget-map.ts';
import { useMapSetup } from '../map-config.tsx';
import type { AgencyMapProps } from './AgencyMap.tsx';
import { HoverCard, type Hovered } from './HoverCard.tsx';
import { fitView, useAgencyOverlay } from './use-agency-overlay.ts';

export interface ViewProps extends AgencyMapProps {
  position: AgencyMapPosition;
  record: MapDataRecord;
  problems: string[];
}

function allProperties(record: MapDataRecord): Property[] {
  return [...record.inmobiliarias.flatMap((a) => a.inmuebles), ...record.inmuebles];
}

/** The agency map once its inputs are valid: deck.gl layers over the map, the hover card, the data problems. */
export function AgencyMapView(props: ViewProps) {
  const { record, position } = props;
  const mode: AgencyMapMode = modeOf(record);
  const [initial] = useState(() => initialView(mode, position, record));
  const setup = useMapSetup();
  const [mapRef, map] = useWidgetMap({
    kind: 'agency',
    twoFingers: props.twoFingers,
    style: setup.style,
    center: initial.center,
    zoom: initial.zoom,
    maxBounds: setup.maxBounds,
  });
  const radius = props.radius ?? SIZE_PX.markerRadius;
  const { colors, problems: colorProblems } = useMemo(
    () =>
      agencyMapColors({
        colorInmobiliarias: props.colorInmobiliarias,
        colorInmuebles: props.colorInmuebles,
        colorInmueblesAlquiler: props.colorInmueblesAlquiler,
        colorSeleccion: props.colorSeleccion,
      }),
    [props.colorInmobiliarias, props.colorInmuebles, props.colorInmueblesAlquiler, props.colorSeleccion],
  );
  const [zoom, setZoom] = useState(initial.zoom);
  const [hovered, setHovered] = useState<Hovered | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  // The agency the parent loaded; a reset or a franchise zoom-out clears it until new data arrives.
  const loaded = useMemo(() => {
    const agency = props.agencyData === undefined ? null : normalizeAgency(props.agencyData);
    return agency?.ok && agency.value.inmuebles.length > 0 ? agency.value : null;
  }, [props.agencyData]);
  const [cleared, setCleared] = useState(false);
  const [seenLoaded, setSeenLoaded] = useState(loaded);
  if (seenLoaded !== loaded) {
    setSeenLoaded(loaded);
    setCleared(false);
  }
  const focus = cleared ? null : loaded;

  // After a reset everything shows until a filter changes again (spec, screens).
  const trimestreActivo = props.trimestreActivo ?? 'todos';
  const colorInmueblesActivo = props.colorInmueblesActivo ?? 'todos';
  const filterKey = `${trimestreActivo}\n${colorInmueblesActivo}`;
  const [suspendedFor, setSuspendedFor] = useState<string | null>(null);
  const filtersActive = suspendedFor !== filterKey;

  const drawn = useMemo(() => {
    const franchise = mode === 'franquicia';
    const agencies = mode === 'inmuebles' ? [] : record.inmobiliarias;
    const circles = franchise ? (focus ? coverageCircles([focus]) : []) : coverageCircles(agencies);
    const source = franchise ? (focus?.inmuebles ?? []) : allProperties(record);
    const properties = filtersActive
      ? filterProperties(source, { trimestreActivo, colorInmueblesActivo })
      : source;
    return { agencies, circles, properties, source: source.length };
  }, [mode, record, focus, filtersActive, trimestreActivo, colorInmueblesActivo]);
  const empty = emptyNotice(mode, focus !== null, {
    source: drawn.source,
    shown: drawn.properties.length,
  });
  const labels = labelsVisible(zoom, mode, focus !== null);

  const highlighted = useMemo(
    () => new Set([selectedId, hovered?.id].filter((id): id is string => id != null)),
    [selectedId, hovered?.id],
  );
  const layers = useMemo(
    () => ({ ...drawn, colors, radius, labels, zoom, highlighted }),
    [drawn, colors, radius, labels, zoom, highlighted],
  );
  const { onAgencySelect } = props;
  const events = useMemo(
    () => ({
      onZoom: setZoom,
      onCleared: (byReset: boolean) => {
        setCleared(true);
        if (!byReset) return;
        setSelectedId(null);
        setSuspendedFor(filterKey); // after a reset everything shows until a filter changes again
      },
      onHover: setHovered,
      onAgencyClick: (agency: Inmobiliaria) => {
        setSelectedId(agency.id);
        onAgencySelect?.(agency);
      },
    }),
    [filterKey, onAgencySelect],
  );
  useAgencyOverlay(map, mode, initial, layers, events);

  // Properties mode opens on its listings (the map was created at their centre; the fit sets the zoom).
  useEffect(() => {
    if (map && initial.fit) fitView(map, initial.fit);
  }, [map, initial]);

  // Data for a clicked agency arrived: centre on it at zoom 11 (spec, screens).
  useEffect(() => {
    if (!map || !focus) return;
    map.easeTo({ center: agencyLngLat(focus), zoom: 11, duration: 0 });
  }, [map, focus]);

  useShown(map, props.mapId, {
    widget: 'agency-map',
    mode,
    zoom,
    drawn,
    labels,
    selectedId,
    focus,
    hovered,
    filtersActive,
  });

  const problems = [...props.problems, ...colorProblems];
  return (
    <div className="agency-map" data-testid="agency-map">
      <div ref={mapRef} className="agency-map__canvas" />
      {hovered ? <HoverCard hovered={hovered} /> : null}
      {empty ? (
        <p className="agency-map__empty" role="status">
          {empty}
        </p>
      ) : null}
      {problems.length > 0 ? (
        <p className="agency-map__problems" role="status" title={problems.slice(0, 20).join('\n')}>
          {problems.length} {MESSAGES.agencyMap.problems}
        </p>
      ) : null}
    </div>
  );
}
