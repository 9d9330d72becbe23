import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { withRetries } from '../core/retry.ts';
import { PageBoundary } from './PageBoundary.tsx';
import { ROUTES, useRoute, type RouteHash } from './router.ts';

/**
 * One page per route, each its own chunk: a visitor of the listing map does not download the explorer, the
 * drawing tools or the agency map (issue 19 §6). Each page owns its map and unmounts it when the route changes.
 * A chunk that fails to arrive is asked again up to 3 times with a growing delay (the spec's loader rule)
 * before the page's boundary offers «Reintentar», which makes the page afresh (React keeps a failed lazy
 * component failed).
 */
/** A route's page; `failure` is the last try's error (null on the first try). */
type Loader = (failure: unknown) => Promise<ComponentType>;

/**
 * The same-origin chunk a failed dynamic import names (Chromium: "Failed to fetch dynamically imported module:
 * URL"; Firefox words it otherwise, Safari names none). Some browsers keep a failed module fetch for the page's
 * life: Debian's Chromium 150 answered every retry of the same import with the first failure, without a request.
 */
function failedChunk(reason: unknown): string | null {
  const text = reason instanceof Error ? reason.message : String(reason);
  const url = /https?:\/\/[^\s'"]+?\.js\b/.exec(text)?.[0];
  return url && new URL(url).origin === window.location.origin ? url : null;
}

/** Retries so far in this page: each asks its URL of its own, even after «Reintentar» starts a route over. */
let retried = 0;

/**
 * A route's loader: its chunk's import, and on a retry, when the failure named the chunk, that chunk at a URL
 * of its own (`?reintento=N`), which no browser can answer from a kept failure.
 */
const named =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Loader =>
  async (failure) => {
    const chunk = failure === null ? null : failedChunk(failure);
    const module = chunk
      ? ((await import(/* @vite-ignore */ `${chunk}?reintento=${String((retried += 1))}`)) as Record<
          K,
          ComponentType
        >)
      : await load();
    return module[name];
  };

const LOADERS: Record<RouteHash, Loader> = {
  '#/': named(() => import('./OverviewMap.tsx'), 'OverviewMap'),
  '#/busqueda': named(() => import('./pages/SearchMapPage.tsx'), 'SearchMapPage'),
  '#/transacciones': named(() => import('./pages/TransactionsPage.tsx'), 'TransactionsPage'),
  '#/inmobiliarias': named(() => import('./pages/AgencyMapPage.tsx'), 'AgencyMapPage'),
  '#/ubicacion': named(() => import('./pages/PickerV1Page.tsx'), 'PickerV1Page'),
  '#/ubicacion-v2': named(() => import('./pages/PickerV2Page.tsx'), 'PickerV2Page'),
  '#/detalle': named(() => import('./pages/DetailMapPage.tsx'), 'DetailMapPage'),
  '#/dibujo': named(() => import('./pages/DrawingMapPage.tsx'), 'DrawingMapPage'),
};

const lazyPage = (load: Loader) =>
  lazy(async () => {
    let failure: unknown = null;
    return {
      default: await withRetries(() => load(failure), {
        onRetry: (attempt, delayMs, reason) => {
          failure = reason;
          console.warn(`La vista no cargó; nuevo intento ${String(attempt)} en ${String(delayMs)} ms`);
        },
      }),
    };
  });

/** Each route's page, made once; «Reintentar» after a failed load drops it, so the next render makes it afresh. */
const PAGES = new Map<RouteHash, ComponentType>();
function pageOf(route: RouteHash): ComponentType {
  let made = PAGES.get(route);
  if (!made) {
    made = lazyPage(LOADERS[route]);
    PAGES.set(route, made);
  }
  return made;
}

/** Demo shell: a header with one link per widget route, and the active page. */
export function App() {
  const route = useRoute();
  // «Reintentar» after a failed load: the route's page is dropped and this renders again with a new one.
  const [, setRetries] = useState(0);
  const Page = pageOf(route);
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
        <PageBoundary
          key={route}
          onRetry={() => {
            PAGES.delete(route);
            setRetries((n) => n + 1);
          }}
        >
          <Suspense fallback={<p role="status">Cargando la vista…</p>}>
            {/* eslint-disable-next-line react-hooks/static-components -- made once per route (PAGES) */}
            <Page />
          </Suspense>
        </PageBoundary>
      </main>
    </div>
  );
}
