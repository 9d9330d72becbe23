import 'maplibre-gl/dist/maplibre-gl.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { makeStore } from '../state/store.ts';
import { config } from '../config/index.ts';
import { MapConfigProvider } from '../widgets/map-config.tsx';
import { App } from './App.tsx';
import { installTestApi, testApiRequested } from './test-api.ts';

const store = makeStore({ geocoder: { url: config.geocoderUrl, key: config.geocoderKey } });
if (testApiRequested()) installTestApi(() => store.getState().maps);

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root en index.html');
createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <MapConfigProvider config={config}>
        <App />
      </MapConfigProvider>
    </Provider>
  </StrictMode>,
);
