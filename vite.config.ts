import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { hyparquetFlatVite } from './scripts/lib/hyparquet-flat.ts';
import { sharedRoutePreload } from './scripts/lib/shared-route-preload.ts';
import { embeddedServices } from './server/plugin.ts';
import { configuredOrigins, securityHeaders } from './server/security-headers.ts';

const HOST = '127.0.0.1'; // services bind to loopback only; production puts a real server in front

export default defineConfig(({ mode }) => {
  const origins = configuredOrigins(loadEnv(mode, process.cwd(), 'VITE_'));
  const devHeaders = securityHeaders({ csp: false });
  const previewHeaders = securityHeaders({ csp: true, extraOrigins: origins });
  return {
    plugins: [
      react(),
      embeddedServices({ devHeaders, previewHeaders }),
      hyparquetFlatVite(),
      sharedRoutePreload(),
    ],
    // Workers are bundled apart: the import worker reads Parquet, so it needs the hyparquet plugin too.
    worker: { format: 'es', plugins: () => [hyparquetFlatVite()] },
    // Dev injects inline scripts (hot reload): no CSP there. The built app (preview, `npm start`) has one.
    // CORS off (Vite's default answered preflights): cross-origin use is an allow-list, server/cors.ts.
    server: { host: HOST, port: 5173, cors: false, headers: devHeaders },
    preview: {
      host: HOST,
      port: 4173,
      strictPort: true,
      cors: false,
      headers: previewHeaders,
    },
    // 'hidden': maps are written for error reports but not linked, and staticGuard refuses to serve them.
    build: { target: 'es2022', sourcemap: 'hidden', chunkSizeWarningLimit: 2500 },
  };
});
