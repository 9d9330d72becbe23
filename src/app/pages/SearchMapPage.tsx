import { useEffect, useState } from 'react';
import { formatNumber } from '../../core/format.ts';
import { MESSAGES } from '../../core/messages.ts';
import {
  PropertyClusterMap,
  type SearchArea,
} from '../../widgets/property-cluster-map/PropertyClusterMap.tsx';
import { hashQuery } from '../router.ts';
import './search-map-page.css';

const COUNTRY_CENTRE = { latitud: 7.1, longitud: -66.2 };

function dataUrl(): string {
  const q = new URLSearchParams(hashQuery(window.location.hash));
  const n = Number(q.get('n'));
  const count = Number.isInteger(n) && n >= 0 && n <= 50_000 ? n : 2000;
  return `/api/data/listings.json?count=${String(count)}&seed=11&dirty=1`;
}

/**
 * Demo of the search map (spec §2): cluster radius 30, records without coordinates skipped, and the
 * 'Buscar inmuebles en esta zona' button; the reported centre and box are shown as the parent would use them.
 */
export function SearchMapPage() {
  const [raw, setRaw] = useState<unknown[] | null>(null);
  const [area, setArea] = useState<SearchArea | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    fetch(dataUrl(), { signal: abort.signal })
      .then((r) => {
        if (!r.ok) throw new Error(`Request failed with status code ${r.status}`);
        return r.json() as Promise<unknown>;
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
  const fmt = (n: number) => formatNumber(n, 5);
  return (
    <section className="search-page" aria-label="Mapa de búsqueda">
      <PropertyClusterMap
        mapId="busqueda"
        variant="search"
        data={raw ?? []}
        latitud={COUNTRY_CENTRE.latitud}
        longitud={COUNTRY_CENTRE.longitud}
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
