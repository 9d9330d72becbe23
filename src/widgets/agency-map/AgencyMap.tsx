import { MapLibreOverlay } from '@deck.gl/maplibre';
import type { PickingInfo } from '@deck.gl/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  agencyLngLat,
  agencyMapColors,
  checkAgencyMapInput,
  clearsPropertiesAt,
  filterProperties,
  initialView,
  labelsVisible,
  modeOf,
  resetView,
  type AgencyMapColorOptions,
  type AgencyMapMode,
  type AgencyMapPosition,
} from '../../core/agency-map.ts';
import { normalizeAgency, normalizeMapDataRecord } from '../../core/agency.ts';
import { SIZE_PX } from '../../core/constants.ts';
import { MESSAGES } from '../../core/messages.ts';
import type { Inmobiliaria, MapDataRecord, Property } from '../../core/types.ts';
import { safeUrl } from '../../core/url.ts';
import { useMapSetup } from '../map-config.tsx';
import { attachDeckOverlay } from '../../map/deck-overlay.ts';
import { removeControlSafely } from '../../map/remove-control.ts';
import { useWidgetMap } from '../../map/use-widget-map.ts';
import { agencyLayers, coverageCircles } from '../../layers/agency-layers.ts';
import { HoverCard, type Hovered } from './HoverCard.tsx';
import { publishAgencyMap } from './probe.ts';
import { ResetControl } from './reset-control.ts';
import './agency-map.css';

export interface AgencyMapProps extends AgencyMapColorOptions {
  mapId: string;
  /** Initial position (numbers or numeric strings) and zoom; all required (spec, validation rules). */
  latitud: number | string;
  longitud: number | string;
  zoom: number;
  /** The map data record (spec, entities): flags select the mode. */
  data: unknown;
  /** Marker radius in px (spec: 7). */
  radius?: number;
  trimestreActivo?: string;
  colorInmueblesActivo?: string;
  /** Franchise mode: the agency the parent loaded after `onAgencySelect` (with its properties). */
  agencyData?: unknown;
  /** Franchise mode: an agency marker was clicked; the parent loads that agency's data. */
  onAgencySelect?: (agency: Inmobiliaria) => void;
  twoFingers?: boolean;
}

/**
 * Agency, franchise, agent and property circle map (spec, screens). Checks its inputs and its data record, then
 * draws agencies, their coverage circles and properties with deck.gl. Invalid input is a Spanish message in
 * place of the map, never a blank map.
 */
export function AgencyMap(props: AgencyMapProps) {
  const parsed = useMemo(() => normalizeMapDataRecord(props.data), [props.data]);
  const position = checkAgencyMapInput(props);
  if (!position.ok || !parsed.ok) {
    return (
      <p className="agency-map__error" role="alert">
        {position.ok ? (parsed.ok ? '' : parsed.error) : position.error}
      </p>
    );
  }
  return (
    <AgencyMapView
      {...props}
      position={position.value}
      record={parsed.value.record}
      problems={parsed.value.problems}
    />
  );
}

interface ViewProps extends AgencyMapProps {
  position: AgencyMapPosition;
  record: MapDataRecord;
  problems: string[];
}

function allProperties(record: MapDataRecord): Property[] {
  return [...record.inmobiliarias.flatMap((a) => a.inmuebles), ...record.inmuebles];
}

function openSafely(url: string): void {
  const safe = safeUrl(url, window.location.origin);
  if (safe) window.open(safe, '_blank', 'noopener,noreferrer');
}

/** What the pointer is over, from deck.gl's picking (layer ids from agency-layers.ts). */
function hoveredOf(info: PickingInfo): Hovered | null {
  const id = info.layer?.id;
  if (info.index < 0 || !info.object) return null;
  if (id === 'inmobiliarias') {
    const agency = info.object as Inmobiliaria;
    return { kind: 'agency', id: agency.id, agency, x: info.x, y: info.y };
  }
  if (id === 'inmuebles') {
    const property = info.object as Property;
    return { kind: 'property', id: property.id, property, x: info.x, y: info.y };
  }
  return null;
}

function AgencyMapView(props: ViewProps) {
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
    return { agencies, circles, properties };
  }, [mode, record, focus, filtersActive, trimestreActivo, colorInmueblesActivo]);
  const labels = labelsVisible(zoom, mode, focus !== null);

  // One overlay per widget; layers and handlers are replaced as state changes.
  const [overlay] = useState(() => new MapLibreOverlay({ layers: [] }));
  const filterKeyRef = useRef(filterKey);
  useEffect(() => {
    filterKeyRef.current = filterKey;
  });
  useEffect(() => {
    if (!map) return undefined;
    const detach = attachDeckOverlay(map, overlay);
    const onZoom = () => {
      const z = map.getZoom();
      setZoom(z);
      if (clearsPropertiesAt(z, mode)) setCleared(true);
    };
    map.on('zoomend', onZoom);
    const control = new ResetControl(
      () => {
        const target = resetView(mode, initial);
        map.jumpTo({ center: target.center, zoom: target.zoom });
        setCleared(true);
        setSelectedId(null);
        setSuspendedFor(filterKeyRef.current);
      },
      mode === 'franquicia' ? 'top-left' : 'top-right',
    );
    map.addControl(control);
    return () => {
      map.off('zoomend', onZoom);
      removeControlSafely(map, control);
      detach();
    };
  }, [map, overlay, mode, initial]);

  useEffect(() => {
    const highlighted = new Set([selectedId, hovered?.id].filter((id): id is string => id != null));
    overlay.setProps({
      layers: agencyLayers({ ...drawn, colors, radius, labels, zoom, highlighted }),
      getCursor: ({ isHovering }) => (isHovering ? 'pointer' : 'grab'),
      onHover: (info: PickingInfo) => {
        setHovered(hoveredOf(info));
      },
      onClick: (info: PickingInfo) => {
        const hit = hoveredOf(info);
        if (!hit) return;
        if (hit.kind === 'agency' && mode === 'franquicia') {
          setSelectedId(hit.id);
          props.onAgencySelect?.(hit.agency);
          return;
        }
        openSafely(hit.kind === 'agency' ? hit.agency.url : hit.property.url);
      },
    });
  });

  // Data for a clicked agency arrived: centre on it at zoom 11 (spec, screens).
  useEffect(() => {
    if (!map || !focus) return;
    map.easeTo({ center: agencyLngLat(focus), zoom: 11, duration: 0 });
  }, [map, focus]);

  useEffect(() => {
    if (!map) return;
    publishAgencyMap(props.mapId, map, {
      mode,
      zoom,
      agencies: drawn.agencies.length,
      circles: drawn.circles.length,
      properties: drawn.properties.length,
      labels,
      selectedAgencyId: selectedId,
      focusedAgencyId: focus?.id ?? null,
      hoveredId: hovered?.id ?? null,
      filtersActive,
      resetPosition: mode === 'franquicia' ? 'top-left' : 'top-right',
    });
  });

  const problems = [...props.problems, ...colorProblems];
  return (
    <div className="agency-map" data-testid="agency-map">
      <div ref={mapRef} className="agency-map__canvas" />
      {hovered ? <HoverCard hovered={hovered} /> : null}
      {problems.length > 0 ? (
        <p className="agency-map__problems" role="status" title={problems.slice(0, 20).join('\n')}>
          {problems.length} {MESSAGES.agencyMap.problems}
        </p>
      ) : null}
    </div>
  );
}
