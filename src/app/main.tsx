import 'maplibre-gl/dist/maplibre-gl.css';
import '../widgets/widgets.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config } from '../config/index.ts';
import { MapasProvider } from '../widgets/map-config.tsx';
import { App } from './App.tsx';
import { installTestApi, testApiRequested } from './test-api.ts';

if (testApiRequested()) installTestApi();

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root en index.html');
// The demo is a host like any other: its build-time configuration becomes the provider's run-time config.
createRoot(root).render(
  <StrictMode>
    <MapasProvider config={config}>
      <App />
    </MapasProvider>
  </StrictMode>,
);
