import { MapLibreOverlay } from '@deck.gl/maplibre';
import type { PickingInfo } from '@deck.gl/core';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { clearsPropertiesAt, resetView, type AgencyMapMode, type MapView } from '../../core/agency-map.ts';
import { SIZE_PX, ZOOM } from '../../core/constants.ts';
import type { BBox } from '../../core/types.ts';
import type { Inmobiliaria, Property } from '../../core/types.ts';
import { safeUrl } from '../../core/url.ts';
import { agencyLayers, type AgencyLayerInput } from '../../layers/agency-layers.ts';
import { DECK_DEVICE_PROPS } from '../../map/deck-device.ts';
import { attachDeckOverlay } from '../../map/deck-overlay.ts';
import { removeControlSafely } from '../../map/remove-control.ts';
import type { Hovered } from './HoverCard.tsx';
import { ResetControl } from './reset-control.ts';

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

/** Properties mode's view: its listings' box, no closer than the spec's default zoom 11. */
export function fitView(map: MapLibreMap, box: BBox): void {
  map.fitBounds([box[0], box[1], box[2], box[3]], {
    padding: SIZE_PX.pickerBBoxPadding,
    maxZoom: ZOOM.reset,
    duration: 0,
  });
}

/** Opens http(s) or same-origin urls only; answers whether it opened one. */
function openSafely(url: string): boolean {
  const safe = safeUrl(url, window.location.origin);
  if (safe) window.open(safe, '_blank', 'noopener,noreferrer');
  return safe !== null;
}

export interface AgencyOverlayEvents {
  /** The map's zoom after a zoom ended (a franchise zoom-out below 9 also calls onCleared). */
  onZoom: (zoom: number) => void;
  /** 'Reiniciar Mapa', or a franchise zoom-out: the loaded agency's layers go. */
  onCleared: (byReset: boolean) => void;
  onHover: (hovered: Hovered | null) => void;
  /** Franchise mode: an agency marker was clicked (other clicks open the marker's url). */
  onAgencyClick: (agency: Inmobiliaria) => void;
}

/**
 * The agency map's deck.gl overlay and map controls: the reset control (top-left in franchise mode), the
 * zoom listener, and the layers with their hover and click handlers, replaced when what is drawn changes.
 */
export function useAgencyOverlay(
  map: MapLibreMap | null,
  mode: AgencyMapMode,
  initial: MapView,
  layers: AgencyLayerInput,
  events: AgencyOverlayEvents,
): void {
  const [overlay] = useState(() => new MapLibreOverlay({ layers: [], deviceProps: DECK_DEVICE_PROPS }));
  const latest = useRef(events);
  useEffect(() => {
    latest.current = events;
  }, [events]);
  useEffect(() => {
    if (!map) return undefined;
    const detach = attachDeckOverlay(map, overlay);
    const onZoom = () => {
      const z = map.getZoom();
      latest.current.onZoom(z);
      if (clearsPropertiesAt(z, mode)) latest.current.onCleared(false);
    };
    map.on('zoomend', onZoom);
    // Spec: leaving a marker restores it. A move takes the marker from under a still pointer without a
    // pointer event, so the hover (card and highlight) ends when the map starts moving.
    const onMoveStart = () => {
      latest.current.onHover(null);
    };
    map.on('movestart', onMoveStart);
    const control = new ResetControl(
      () => {
        const target = resetView(mode, initial);
        if (target.fit) fitView(map, target.fit);
        else map.jumpTo({ center: target.center, zoom: target.zoom });
        latest.current.onCleared(true);
      },
      mode === 'franquicia' ? 'top-left' : 'top-right',
    );
    map.addControl(control);
    return () => {
      map.off('zoomend', onZoom);
      map.off('movestart', onMoveStart);
      removeControlSafely(map, control);
      detach();
    };
  }, [map, overlay, mode, initial]);

  // Each set of layers is numbered on the map's container (`data-layers`), and `data-drawn` takes the number
  // once deck has drawn it: a test waits for markers on screen, not for a guessed delay.
  const generation = useRef(0);
  useEffect(() => {
    const container = map?.getContainer();
    generation.current++;
    const key = String(generation.current);
    if (container) container.dataset.layers = key;
    overlay.setProps({
      layers: agencyLayers(layers),
      onAfterRender: () => {
        if (container && container.dataset.drawn !== key) container.dataset.drawn = key;
      },
      getCursor: ({ isHovering }) => (isHovering ? 'pointer' : 'grab'),
      onHover: (info: PickingInfo) => {
        latest.current.onHover(hoveredOf(info));
      },
      onClick: (info: PickingInfo) => {
        const hit = hoveredOf(info);
        if (!hit) return;
        if (hit.kind === 'agency' && mode === 'franquicia') {
          latest.current.onAgencyClick(hit.agency);
          return;
        }
        const opened = openSafely(hit.kind === 'agency' ? hit.agency.url : hit.property.url);
        // Counted on the container like `data-drawn`: a test proves a refused url's click was handled
        // before it checks that nothing opened or ran.
        if (!container) return;
        container.dataset.urlClicks = String(Number(container.dataset.urlClicks ?? '0') + 1);
        container.dataset.urlOpened = opened ? 'si' : 'no';
      },
    });
  }, [map, overlay, layers, mode]);
}
