import 'maplibre-gl/dist/maplibre-gl.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { makeStore } from '../state/store.ts';
import { App } from './App.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root en index.html');
createRoot(root).render(
  <StrictMode>
    <Provider store={makeStore()}>
      <App />
    </Provider>
  </StrictMode>,
);
