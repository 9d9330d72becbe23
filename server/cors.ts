import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Cross-origin access to the embedded services is off unless the operator names origins at run time:
 * `SERVICES_CORS_ORIGINS=https://a.example,https://b.example`. Vite's own CORS (which answered every
 * preflight) is switched off in vite.config.ts, so this list is the only way in.
 */
const CORS_ENV = 'SERVICES_CORS_ORIGINS';

/** The allow-listed origins from an environment record; malformed entries and `*` are ignored. */
export function corsAllowList(env: Readonly<Record<string, string | undefined>>): ReadonlySet<string> {
  const origins = (env[CORS_ENV] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => /^https?:\/\/[^/\s*]+$/i.test(entry))
    .flatMap((entry) => {
      try {
        return [new URL(entry).origin];
      } catch {
        return [];
      }
    });
  return new Set(origins);
}

/**
 * Adds CORS headers for an allow-listed Origin. Returns true when it answered the request itself: a preflight
 * (OPTIONS) from an allowed origin gets 204 (with `methods`, the path's own), and one from any other origin
 * 403 with no CORS headers.
 */
export function applyCors(
  req: IncomingMessage,
  res: ServerResponse,
  allowed: ReadonlySet<string>,
  methods = 'GET, HEAD',
): boolean {
  const origin = req.headers.origin;
  const ok = typeof origin === 'string' && allowed.has(origin);
  res.setHeader('Vary', 'Origin');
  if (ok) res.setHeader('Access-Control-Allow-Origin', origin);
  if (req.method !== 'OPTIONS') return false;
  if (ok) {
    res.writeHead(204, {
      'Access-Control-Allow-Methods': methods,
      // A JSON body (the warehouse's POSTed polygon) is not a "simple" request: its type must be allowed.
      ...(methods.includes('POST') ? { 'Access-Control-Allow-Headers': 'Content-Type' } : {}),
      'Access-Control-Max-Age': '600',
    });
  } else {
    res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' });
  }
  res.end(ok ? undefined : 'Origen no permitido.');
  return true;
}
