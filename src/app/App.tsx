import { OverviewMap } from './OverviewMap.tsx';
import { ROUTES, useRoute } from './router.ts';
import { TransactionsMap } from './transactions/TransactionsMap.tsx';

/** Demo shell. Later issues add one route per widget and the full transactions explorer. */
export function App() {
  const route = useRoute();
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
      <main className="app__main">{route === '#/transacciones' ? <TransactionsMap /> : <OverviewMap />}</main>
    </div>
  );
}
