import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { embeddedServices } from './server/plugin.ts';

const HOST = '127.0.0.1'; // services bind to loopback only; production puts a real server in front
const securityHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'SAMEORIGIN',
};

export default defineConfig({
  plugins: [react(), embeddedServices()],
  worker: { format: 'es' },
  server: { host: HOST, port: 5173, headers: securityHeaders },
  preview: { host: HOST, port: 4173, strictPort: true, headers: securityHeaders },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 2500 },
});
