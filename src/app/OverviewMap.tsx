import { useEffect, useMemo, useState } from 'react';
import { MESSAGES } from '../core/messages.ts';
import { normalizeProperties } from '../core/normalize.ts';
import { maxBoundsFor } from '../map/style-source.ts';
import { config } from '../config/index.ts';
import { initialViewFromQuery } from './initial-view.ts';
import { listingSummary } from './listing-summary.ts';
import { AddressSearch } from '../widgets/address-search/AddressSearch.tsx';
import { PlaceSearchBox } from '../widgets/place-search/PlaceSearchBox.tsx';
import { useLocateControl } from '../widgets/locate/use-locate-control.ts';
import { PropertyClusterMap } from '../widgets/property-cluster-map/PropertyClusterMap.tsx';
import type { Map as MapLibreMap } from 'maplibre-gl';

/** Venezuela's centre (the country centre the widget recentres on when data is empty). */
const COUNTRY_CENTRE = { latitud: 7.1, longitud: -66.2 };

function Locate({ map }: { map: MapLibreMap | null }) {
  useLocateControl(map, 'general', maxBoundsFor(config));
  return null;
}

/**
 * The general listing map (spec §2): generated listings (some deliberately malformed) clustered by the worker
 * engine, the place-search box to the right above the map, the address search and the locate button.
 * `?lat=&lng=` in the page URL is the widget's location centre; `#/?activo=ID` marks a property active.
 */
export function OverviewMap() {
  const [raw, setRaw] = useState<unknown[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState('');
  const [location] = useState(() => {
    const v = initialViewFromQuery(window.location.search);
    return v ? ([v.center[1], v.center[0]] as const) : null;
  });

  useEffect(() => {
    const abort = new AbortController();
    fetch('/api/data/listings.json?count=3000&seed=7&dirty=1', { signal: abort.signal })
      .then((response) => {
        if (!response.ok) throw new Error(`Request failed with status code ${response.status}`);
        return response.json() as Promise<unknown>;
      })
      .then((data) => {
        setRaw(Array.isArray(data) ? data : []);
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

  const normalized = useMemo(() => normalizeProperties(raw ?? []), [raw]);
  const summary = raw
    ? listingSummary(normalized.properties, normalized.rejected.length)
    : 'Cargando inmuebles…';
  const firstIds = normalized.properties.slice(0, 12).map((p) => p.id);

  return (
    <section className="overview overview--with-search" aria-label="Mapa de inmuebles">
      <PropertyClusterMap
        mapId="general"
        variant="general"
        testId="overview-map"
        data={raw ?? []}
        latitud={COUNTRY_CENTRE.latitud}
        longitud={COUNTRY_CENTRE.longitud}
        zoom={5}
        countryCodes={['ve']}
        locationCenter={location}
        activePropertyId={active || null}
        twoFingers
        renderToolbar={(map) => (
          <div className="overview__toolbar">
            <Locate map={map} />
            <label className="overview__active">
              Destacar
              <select
                value={active}
                onChange={(e) => {
                  setActive(e.target.value);
                }}
              >
                <option value="">—</option>
                {firstIds.map((id) => (
                  <option key={id} value={id}>
                    {id}
                  </option>
                ))}
              </select>
            </label>
            <AddressSearch
              onResult={(result) => {
                map?.flyTo({ center: [result.x, result.y], zoom: 13, duration: 0 });
              }}
            />
            <PlaceSearchBox mapId="general" map={map} bounds={maxBoundsFor(config) ?? null} />
          </div>
        )}
      />
      <p className="overview__summary" role="status">
        {error ?? summary}
      </p>
    </section>
  );
}
