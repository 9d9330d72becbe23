import 'maplibre-gl/dist/maplibre-gl.css';
import '../widgets/widgets.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config } from '../config/index.ts';
import { mapsReducerPath } from '../state/maps-slice.ts';
import { makeStore } from '../state/store.ts';
import { MapasProvider } from '../widgets/map-config.tsx';
import { App } from './App.tsx';
import { installTestApi, testApiRequested } from './test-api.ts';
import { preloadBaseFonts } from '../map/base-fonts.ts';
import { startFirstRoute } from './route-data.ts';

// Every route shows a map: its label fonts download beside the map's code, not after it; and the listings
// the first route draws, and its cluster worker, download beside both, not after its page has mounted.
preloadBaseFonts();
startFirstRoute(window.location.hash);

// The demo keeps its store in hand so the test API can read the map state (spec, entities: 'Map state').
const store = makeStore();
if (testApiRequested()) installTestApi(() => store.getState()[mapsReducerPath]);

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root en index.html');
// The demo is a host like any other: its build-time configuration becomes the provider's run-time config.
createRoot(root).render(
  <StrictMode>
    <MapasProvider config={config} store={store}>
      <App />
    </MapasProvider>
  </StrictMode>,
);
