import { OverviewMap } from './OverviewMap.tsx';

/** Demo shell. Later issues add one route per widget and the national transactions explorer. */
export function App() {
  return (
    <div className="app">
      <header className="app__header">
        <h1>Mapas inmobiliarios de Venezuela</h1>
        <p>Inmuebles en venta y alquiler sobre un mapa base sin conexión, con datos sintéticos realistas.</p>
      </header>
      <main className="app__main">
        <OverviewMap />
      </main>
    </div>
  );
}
