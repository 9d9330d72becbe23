import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { PageBoundary } from './PageBoundary.tsx';
import { ROUTES, useRoute, type RouteHash } from './router.ts';

/**
 * One page per route, each its own chunk: a visitor of the listing map does not download the explorer, the
 * drawing tools or the agency map (issue 19 §6). Each page owns its map and unmounts it when the route changes.
 */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

const PAGES: Record<RouteHash, ComponentType> = {
  '#/': page(() => import('./OverviewMap.tsx'), 'OverviewMap'),
  '#/busqueda': page(() => import('./pages/SearchMapPage.tsx'), 'SearchMapPage'),
  '#/transacciones': page(() => import('./pages/TransactionsPage.tsx'), 'TransactionsPage'),
  '#/inmobiliarias': page(() => import('./pages/AgencyMapPage.tsx'), 'AgencyMapPage'),
  '#/ubicacion': page(() => import('./pages/PickerV1Page.tsx'), 'PickerV1Page'),
  '#/ubicacion-v2': page(() => import('./pages/PickerV2Page.tsx'), 'PickerV2Page'),
  '#/detalle': page(() => import('./pages/DetailMapPage.tsx'), 'DetailMapPage'),
  '#/dibujo': page(() => import('./pages/DrawingMapPage.tsx'), 'DrawingMapPage'),
};

/** Demo shell: a header with one link per widget route, and the active page. */
export function App() {
  const route = useRoute();
  const Page = PAGES[route];
  const nav = useRef<HTMLElement>(null);
  // On phones the links are one scrolling row: keep the current one in sight.
  useEffect(() => {
    nav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [route]);
  return (
    <div className="app">
      <header className="app__header">
        <h1>Mapas inmobiliarios de Venezuela</h1>
        <p>Inmuebles en venta y alquiler sobre un mapa base sin conexión, con datos sintéticos realistas.</p>
        <nav ref={nav} className="app__nav" aria-label="Vistas de la demostración">
          {ROUTES.map((r) => (
            <a key={r.hash} href={r.hash} aria-current={r.hash === route ? 'page' : undefined}>
              {r.label}
            </a>
          ))}
        </nav>
      </header>
      <main className="app__main">
        <PageBoundary key={route}>
          <Suspense fallback={<p role="status">Cargando la vista…</p>}>
            <Page />
          </Suspense>
        </PageBoundary>
      </main>
    </div>
  );
}
