import { MapLibreOverlay } from '@deck.gl/maplibre';
import { ScatterplotLayer } from '@deck.gl/layers';
import { useEffect, useState } from 'react';
import { MESSAGES } from '../core/messages.ts';
import { normalizeProperties } from '../core/normalize.ts';
import type { Property } from '../core/types.ts';
import { useWidgetMap } from '../map/use-widget-map.ts';
import { maxBoundsFor, resolveMapStyle } from '../map/style-source.ts';
import { config } from '../config/index.ts';
import { initialViewFromQuery } from './initial-view.ts';
import { listingSummary } from './listing-summary.ts';
import { AddressSearch } from '../widgets/address-search/AddressSearch.tsx';
import { PlaceSearchBox } from '../widgets/place-search/PlaceSearchBox.tsx';
import { useLocateControl } from '../widgets/locate/use-locate-control.ts';
import { attachDeckOverlay } from '../map/deck-overlay.ts';

const VENEZUELA_BOUNDS: [number, number, number, number] = [-73.6, 0.5, -59.6, 12.4];
const SALE_RGBA: [number, number, number, number] = [255, 0, 0, 200];
const RENT_RGBA: [number, number, number, number] = [0x98, 0x5d, 0xff, 220];

/** Home page map: the offline base map with a sample of generated listings drawn by deck.gl. */
export function OverviewMap() {
  const [mapRef, map] = useWidgetMap({
    kind: 'general-listing',
    twoFingers: true,
    style: resolveMapStyle(config, window.location.origin),
    ...(initialViewFromQuery(window.location.search) ?? { bounds: VENEZUELA_BOUNDS }),
    maxBounds: maxBoundsFor(config),
  });
  useLocateControl(map, 'general', maxBoundsFor(config));
  const [properties, setProperties] = useState<Property[]>([]);
  const [rejected, setRejected] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetch('/api/data/listings.json?count=3000&seed=7&dirty=1', { signal: abort.signal })
      .then((response) => {
        if (!response.ok) throw new Error(`Request failed with status code ${response.status}`);
        return response.json() as Promise<unknown>;
      })
      .then((raw) => {
        const result = normalizeProperties(Array.isArray(raw) ? raw : []);
        setProperties(result.properties);
        setRejected(result.rejected.length);
      })
      .catch((reason: unknown) => {
        if (abort.signal.aborted) return;
        console.error(reason);
        setError(MESSAGES.errors.loadData);
      });
    return () => {
      abort.abort();
    };
  }, []);

  useEffect(() => {
    if (!map) return undefined;
    const overlay = new MapLibreOverlay({
      layers: [
        new ScatterplotLayer<Property>({
          id: 'inmuebles',
          data: properties,
          getPosition: (p) => [p.longitud, p.latitud],
          getFillColor: (p) => (p.operacion === 'Venta' ? SALE_RGBA : RENT_RGBA),
          getLineColor: [255, 255, 255, 230],
          stroked: true,
          lineWidthMinPixels: 1,
          radiusUnits: 'pixels',
          getRadius: 4,
        }),
      ],
    });
    const detach = attachDeckOverlay(map, overlay);
    return () => {
      detach();
    };
  }, [map, properties]);

  const summary = listingSummary(properties, rejected);
  return (
    <section className="overview overview--with-search" aria-label="Mapa de inmuebles">
      <div className="overview__toolbar">
        <AddressSearch
          onResult={(result) => {
            map?.flyTo({ center: [result.x, result.y], zoom: 13, duration: 0 });
          }}
        />
        <PlaceSearchBox mapId="general" map={map} bounds={maxBoundsFor(config) ?? null} />
      </div>
      <div className="overview__stage">
        <div ref={mapRef} className="overview__map" data-testid="overview-map" />
        <p className="overview__summary" role="status">
          {error ?? summary}
        </p>
      </div>
    </section>
  );
}
