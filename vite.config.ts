import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { embeddedServices } from './server/plugin.ts';
import { configuredOrigins, securityHeaders } from './server/security-headers.ts';

const HOST = '127.0.0.1'; // services bind to loopback only; production puts a real server in front

export default defineConfig(({ mode }) => {
  const origins = configuredOrigins(loadEnv(mode, process.cwd(), 'VITE_'));
  return {
    plugins: [react(), embeddedServices()],
    worker: { format: 'es' },
    // Dev injects inline scripts (hot reload): no CSP there. The built app (preview, `npm start`) has one.
    server: { host: HOST, port: 5173, headers: securityHeaders({ csp: false }) },
    preview: {
      host: HOST,
      port: 4173,
      strictPort: true,
      headers: securityHeaders({ csp: true, extraOrigins: origins }),
    },
    build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 2500 },
  };
});
