import { useState } from 'react';
import { VENEZUELA_CENTER } from '../../core/constants.ts';
import { formatNumber } from '../../core/format.ts';
import {
  PropertyClusterMap,
  type SearchArea,
} from '../../widgets/property-cluster-map/PropertyClusterMap.tsx';
import { hashQuery } from '../router.ts';
import { asRecords, useFetchedJson } from '../use-fetched-json.ts';
import './search-map-page.css';

const NO_RECORDS: unknown[] = [];

function dataUrl(): string {
  const q = new URLSearchParams(hashQuery(window.location.hash));
  const n = Number(q.get('n'));
  const count = Number.isInteger(n) && n >= 0 && n <= 50_000 ? n : 2000;
  return `/api/data/listings.json?count=${String(count)}&seed=11&dirty=1`;
}

/**
 * Demo of the search map: cluster radius 30, records without coordinates skipped, and the
 * 'Buscar inmuebles en esta zona' button; the reported centre and box are shown as the parent would use them.
 */
export function SearchMapPage() {
  const [url] = useState(dataUrl);
  const { data: raw, error } = useFetchedJson(url, asRecords);
  const [area, setArea] = useState<SearchArea | null>(null);
  const fmt = (n: number) => formatNumber(n, 5);
  return (
    <section className="search-page" aria-label="Mapa de búsqueda">
      <PropertyClusterMap
        mapId="busqueda"
        variant="search"
        data={raw ?? NO_RECORDS}
        latitud={VENEZUELA_CENTER.lat}
        longitud={VENEZUELA_CENTER.lng}
        zoom={5}
        countryCodes={['ve']}
        onSearchArea={setArea}
        twoFingers
      />
      <p className="search-page__result" role="status" data-testid="search-area">
        {error ??
          (area
            ? `Zona buscada: centro ${fmt(area.center[0])}, ${fmt(area.center[1])} · recuadro ${area.bbox.map(fmt).join(' / ')}`
            : 'Mueva el mapa y pulse «Buscar inmuebles en esta zona».')}
      </p>
    </section>
  );
}
