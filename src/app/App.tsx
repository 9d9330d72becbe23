import type { ReactElement } from 'react';
import { OverviewMap } from './OverviewMap.tsx';
import { PageBoundary } from './PageBoundary.tsx';
import { AgencyMapPage } from './pages/AgencyMapPage.tsx';
import { DetailMapPage } from './pages/DetailMapPage.tsx';
import { DrawingMapPage } from './pages/DrawingMapPage.tsx';
import { PickerV1Page } from './pages/PickerV1Page.tsx';
import { PickerV2Page } from './pages/PickerV2Page.tsx';
import { SearchMapPage } from './pages/SearchMapPage.tsx';
import { ROUTES, useRoute, type RouteHash } from './router.ts';
import { TransactionsPage } from './pages/TransactionsPage.tsx';

/** One page per route; each page owns its map and unmounts it when the route changes. */
const PAGES: Record<RouteHash, () => ReactElement> = {
  '#/': OverviewMap,
  '#/busqueda': SearchMapPage,
  '#/transacciones': TransactionsPage,
  '#/inmobiliarias': AgencyMapPage,
  '#/ubicacion': PickerV1Page,
  '#/ubicacion-v2': PickerV2Page,
  '#/detalle': DetailMapPage,
  '#/dibujo': DrawingMapPage,
};

/** Demo shell: a header with one link per widget route, and the active page. */
export function App() {
  const route = useRoute();
  const Page = PAGES[route];
  return (
    <div className="app">
      <header className="app__header">
        <h1>Mapas inmobiliarios de Venezuela</h1>
        <p>Inmuebles en venta y alquiler sobre un mapa base sin conexión, con datos sintéticos realistas.</p>
        <nav className="app__nav" aria-label="Vistas de la demostración">
          {ROUTES.map((r) => (
            <a key={r.hash} href={r.hash} aria-current={r.hash === route ? 'page' : undefined}>
              {r.label}
            </a>
          ))}
        </nav>
      </header>
      <main className="app__main">
        <PageBoundary key={route}>
          <Page />
        </PageBoundary>
      </main>
    </div>
  );
}
