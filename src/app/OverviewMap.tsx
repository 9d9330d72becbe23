import type { Map as MapLibreMap } from 'maplibre-gl';
import { useState } from 'react';
import { VENEZUELA_CENTER } from '../core/constants.ts';
import type { Property } from '../core/types.ts';
import { DEMO_LISTINGS_URL } from './demo-data.ts';
import { countryCodesFromHash, locationCentreFromUrl } from './initial-view.ts';
import { hashQuery } from './router.ts';
import { listingSummary } from './listing-summary.ts';
import { asRecords, useFetchedJson } from './use-fetched-json.ts';
import { AddressSearch } from '../widgets/address-search/AddressSearch.tsx';
import { useMapSetup } from '../widgets/map-config.tsx';
import { PlaceSearchBox } from '../widgets/place-search/PlaceSearchBox.tsx';
import { useLocateControl } from '../widgets/locate/use-locate-control.ts';
import { PropertyClusterMap } from '../widgets/property-cluster-map/PropertyClusterMap.tsx';

/** A failed download is no data (the map recentres on the country); `null` while it loads. */
const NO_RECORDS: unknown[] = [];

function Locate({ map }: { map: MapLibreMap | null }) {
  useLocateControl(map, 'general', useMapSetup().maxBounds);
  return null;
}

/**
 * The general listing map: generated listings (some deliberately malformed) clustered by the worker
 * engine, the place-search box to the right above the map, the address search and the locate button.
 * `#/?lat=&lng=` is the widget's location centre; the 'Destacar' list marks a property active.
 */
export function OverviewMap() {
  const { data: raw, error } = useFetchedJson(DEMO_LISTINGS_URL, asRecords);
  const [loaded, setLoaded] = useState<{
    properties: readonly Property[];
    rejected: number;
    blanked: number;
  } | null>(null);
  const [active, setActive] = useState('');
  const [location] = useState(() => {
    const at = locationCentreFromUrl(window.location.search, hashQuery(window.location.hash));
    return at ? ([at.lat, at.lng] as const) : null;
  });
  const [countryCodes] = useState(() => countryCodesFromHash(hashQuery(window.location.hash)));
  const setup = useMapSetup();
  const summary = loaded
    ? listingSummary(loaded.properties, loaded.rejected, loaded.blanked)
    : 'Cargando inmuebles…';
  const firstIds = (loaded?.properties ?? []).slice(0, 12).map((p) => p.id);

  return (
    <section className="overview overview--with-search" aria-label="Mapa de inmuebles">
      <PropertyClusterMap
        mapId="general"
        variant="general"
        testId="overview-map"
        data={raw ?? (error ? NO_RECORDS : null)}
        latitud={VENEZUELA_CENTER.lat}
        longitud={VENEZUELA_CENTER.lng}
        zoom={5}
        countryCodes={countryCodes}
        locationCenter={location}
        activePropertyId={active || null}
        onLoad={setLoaded}
        twoFingers
        renderToolbar={(map, search) => (
          <>
            <Locate map={map} />
            <label className="overview__active">
              <span className="overview__active-label">Destacar</span>
              <select
                value={active}
                onChange={(e) => {
                  setActive(e.target.value);
                }}
              >
                <option value="">Destacar…</option>
                {firstIds.map((id) => (
                  <option key={id} value={id}>
                    {id}
                  </option>
                ))}
              </select>
            </label>
            <AddressSearch
              countryCodes={search.countryCodes}
              onResult={(result) => {
                map?.flyTo({ center: [result.x, result.y], zoom: 13, duration: 0 });
              }}
            />
            <PlaceSearchBox
              mapId="general"
              map={map}
              bounds={setup.maxBounds ?? null}
              countryCodes={search.countryCodes}
            />
          </>
        )}
      />
      <p className="overview__summary" role="status">
        {error ?? summary}
      </p>
    </section>
  );
}
