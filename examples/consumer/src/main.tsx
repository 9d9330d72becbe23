import 'inmuebles-mapas-ve/style.css';
import './host.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MapasProvider, type MapasConfig } from 'inmuebles-mapas-ve';
import { App } from './App.tsx';

// The host's configuration, decided at run time: its own base map and two geocoders (the second for the
// address control only). Relative to the page, so the same build works under any path.
const here = (path: string) => new URL(path, document.baseURI).href;
const config: MapasConfig = {
  mapStyleUrl: here('estilo.json'),
  geocoderUrl: here('geo-a'),
  countryCodes: ['ve'],
  language: 'es',
};
const geocoderB: MapasConfig = { geocoderUrl: here('geo-b'), geocoderKey: 'clave-b' };

const root = document.getElementById('root');
if (!root) throw new Error('Falta #root');
createRoot(root).render(
  <StrictMode>
    <MapasProvider config={config}>
      <App geocoderB={geocoderB} />
    </MapasProvider>
  </StrictMode>,
);
