import type { IncomingMessage, ServerResponse } from 'node:http';
import { basemapRoutes } from './basemap-routes.ts';
import { applyCors, corsAllowList } from './cors.ts';
import { dataRoutes } from './data-routes.ts';
import { geocoderRoutes } from './geocoder/routes.ts';
import { BadRequest, type Handler, sendError } from './http.ts';
import { securityHeaders } from './security-headers.ts';
import { POST_PATHS, warehouseService } from './warehouse/http/service.ts';
import { defaultWarehouseSource } from './warehouse/source.ts';

const API_PREFIX = '/api/';
/**
 * The demo's warehouse: opened (or its default table generated, ~2 s) on its first request, answering 503
 * meanwhile. Not at every start: no page of the demo asks it yet, and the browser tests and benchmarks start
 * this server many times on a machine whose cores they measure. A newer load (`npm run warehouse`) is served
 * without a restart.
 */
export const demoWarehouse = warehouseService(defaultWarehouseSource());
const HANDLERS: readonly Handler[] = [dataRoutes, basemapRoutes, geocoderRoutes, demoWarehouse];
/** API answers never need scripts or frames: the built pages' headers, strict CSP included, on every one. */
const API_HEADERS = Object.entries(securityHeaders({ csp: true }));

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * Connect-style middleware with every embedded service under `/api/`. Anything else falls through to the
 * static app. Bad parameters answer 400, unknown API paths 404, both as JSON in Spanish.
 */
export const servicesMiddleware: Middleware = servicesMiddlewareOf(HANDLERS);

/** The middleware over other handlers (tests mount a warehouse of their own this way). */
export function servicesMiddlewareOf(handlers: readonly Handler[]): Middleware {
  return (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (!url.pathname.startsWith(API_PREFIX)) {
      next();
      return;
    }
    for (const [name, value] of API_HEADERS) res.setHeader(name, value);
    // Read per request so tests and operators can change the list without a rebuild.
    const post = POST_PATHS.has(url.pathname);
    const methods = post ? 'GET, HEAD, POST' : 'GET, HEAD';
    if (applyCors(req, res, corsAllowList(process.env), methods)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD' && !(post && req.method === 'POST')) {
      res.setHeader('Allow', methods);
      sendError(res, 405, 'Método no permitido.');
      return;
    }
    void dispatch(handlers, req, res, url);
  };
}

async function dispatch(
  handlers: readonly Handler[],
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  try {
    for (const handle of handlers) {
      if (await handle(req, res, url)) return;
    }
    sendError(res, 404, 'Recurso no encontrado.');
  } catch (error) {
    if (error instanceof BadRequest) {
      sendError(res, 400, error.message);
      return;
    }
    console.error('Error en el servicio embebido:', error);
    if (!res.headersSent) sendError(res, 500, 'Error interno del servicio.');
    else res.destroy(); // a streamed answer cut short must not look complete
  }
}
