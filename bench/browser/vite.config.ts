import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { embeddedServices } from '../../server/plugin.ts';

/** The benchmark's peer pages: built apart from the app (they must not enter its bundle), same services. */
export default defineConfig({
  root: resolve(import.meta.dirname, 'pages'),
  plugins: [embeddedServices()],
  worker: { format: 'es' },
  preview: { host: '127.0.0.1' },
  build: {
    outDir: resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2500,
    rollupOptions: {
      input: {
        maplibre: resolve(import.meta.dirname, 'pages/maplibre.html'),
        leaflet: resolve(import.meta.dirname, 'pages/leaflet.html'),
        naive: resolve(import.meta.dirname, 'pages/naive.html'),
      },
    },
  },
});
