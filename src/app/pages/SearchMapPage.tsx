import { useCallback, useState } from 'react';
import { VENEZUELA_CENTER } from '../../core/constants.ts';
import { formatNumber } from '../../core/format.ts';
import { fill, MESSAGES } from '../../core/messages.ts';
import type { Property } from '../../core/types.ts';
import {
  PropertyClusterMap,
  type SearchArea,
} from '../../widgets/property-cluster-map/PropertyClusterMap.tsx';
import { hashQuery } from '../router.ts';
import { listingsUrl } from '../demo-data.ts';
import { countInBox } from '../listing-summary.ts';
import { asRecords, useFetchedJson } from '../use-fetched-json.ts';

const T = MESSAGES.searchDemo;
import './search-map-page.css';

/** A failed download is no data (the map recentres on the country); `null` while it loads. */
const NO_RECORDS: unknown[] = [];

// `?n=` in the hash query asks for another number of listings; without it, the same ones as the listing map.
const dataUrl = () => listingsUrl(new URLSearchParams(hashQuery(window.location.hash)).get('n'));

/**
 * Demo of the search map: cluster radius 30, records without coordinates skipped, and the
 * 'Buscar inmuebles en esta zona' button; the reported centre and box are shown as the parent would use them.
 */
export function SearchMapPage() {
  const [url] = useState(dataUrl);
  const { data: raw, error } = useFetchedJson(url, asRecords);
  const [area, setArea] = useState<SearchArea | null>(null);
  const [properties, setProperties] = useState<readonly Property[]>([]);
  const onLoad = useCallback((loaded: { properties: readonly Property[] }) => {
    setProperties(loaded.properties);
  }, []);
  const fmt = (n: number) => formatNumber(n, 5);
  return (
    <section className="search-page" aria-label="Mapa de búsqueda">
      <PropertyClusterMap
        mapId="busqueda"
        variant="search"
        data={raw ?? (error ? NO_RECORDS : null)}
        latitud={VENEZUELA_CENTER.lat}
        longitud={VENEZUELA_CENTER.lng}
        zoom={5}
        countryCodes={['ve']}
        onSearchArea={setArea}
        onLoad={onLoad}
        twoFingers
      />
      <p className="search-page__result" role="status" data-testid="search-area">
        {error ??
          (area
            ? `Zona buscada: centro ${fmt(area.center[0])}, ${fmt(area.center[1])} · recuadro ${area.bbox.map(fmt).join(' / ')} · ${fill(T.found, { n: formatNumber(countInBox(properties, area.bbox), 0) })}`
            : 'Mueva el mapa y pulse «Buscar inmuebles en esta zona».')}
      </p>
    </section>
  );
}
