import type { IncomingMessage, ServerResponse } from 'node:http';
import { basemapRoutes } from './basemap-routes.ts';
import { applyCors, corsAllowList } from './cors.ts';
import { dataRoutes } from './data-routes.ts';
import { geocoderRoutes } from './geocoder/routes.ts';
import { BadRequest, type Handler, sendError } from './http.ts';
import { securityHeaders } from './security-headers.ts';

const API_PREFIX = '/api/';
const handlers: readonly Handler[] = [dataRoutes, basemapRoutes, geocoderRoutes];
/** API answers never need scripts or frames: the built pages' headers, strict CSP included, on every one. */
const API_HEADERS = Object.entries(securityHeaders({ csp: true }));

/**
 * Connect-style middleware with every embedded service under `/api/`. Anything else falls through to the
 * static app. Bad parameters answer 400, unknown API paths 404, both as JSON in Spanish.
 */
export function servicesMiddleware(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (!url.pathname.startsWith(API_PREFIX)) {
    next();
    return;
  }
  for (const [name, value] of API_HEADERS) res.setHeader(name, value);
  // Read per request so tests and operators can change the list without a rebuild.
  if (applyCors(req, res, corsAllowList(process.env))) return;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    sendError(res, 405, 'Método no permitido.');
    return;
  }
  void dispatch(req, res, url);
}

async function dispatch(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
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
