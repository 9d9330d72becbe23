import type { Server as HttpServer } from 'node:http';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { compressedAssets } from './compressed-assets.ts';
import { servicesMiddleware } from './middleware.ts';
import { securityHeaders } from './security-headers.ts';
import { staticGuard } from './static-guard.ts';

export interface EmbeddedServicesOptions {
  /** Headers every dev answer carries (the pages' set). */
  devHeaders: Readonly<Record<string, string>>;
  /** Headers every preview answer carries (the built pages' set, CSP included). */
  previewHeaders: Readonly<Record<string, string>>;
}

/** Without options (the benchmark's pages) both servers get the pages' headers without a CSP. */
const DEFAULT_OPTIONS: EmbeddedServicesOptions = {
  devHeaders: securityHeaders({ csp: false }),
  previewHeaders: securityHeaders({ csp: false }),
};

/**
 * Sets the headers before any middleware runs: Vite's host check answers its 403 before plugin middlewares,
 * and `server.headers` does not reach that answer or the services. A 'request' listener put in front of
 * Vite's own does; later writeHead calls keep headers set this way.
 */
function headersOnEveryAnswer(httpServer: HttpServer | null | undefined, headers: Record<string, string>) {
  const entries = Object.entries(headers);
  httpServer?.prependListener('request', (_req, res) => {
    for (const [name, value] of entries) res.setHeader(name, value);
  });
}

/**
 * Mounts the embedded services (data generator, base map, geocoder, warehouse) on Vite's dev and preview servers, so
 * `npm run dev` and `npm start` serve the app and its services from one 127.0.0.1 origin.
 */
export function embeddedServices(options: EmbeddedServicesOptions = DEFAULT_OPTIONS): Plugin {
  let outDir = 'dist';
  return {
    name: 'embedded-services',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      headersOnEveryAnswer(server.httpServer as HttpServer | null, { ...options.devHeaders });
      server.middlewares.use(servicesMiddleware);
      server.middlewares.use(staticGuard(null));
    },
    configurePreviewServer(server) {
      headersOnEveryAnswer(server.httpServer as HttpServer | null, { ...options.previewHeaders });
      server.middlewares.use(servicesMiddleware);
      server.middlewares.use(staticGuard(outDir));
      server.middlewares.use(compressedAssets(outDir));
    },
  };
}
