import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { servicesMiddleware } from '../../server/middleware.ts';

/**
 * The embedded services on an ephemeral 127.0.0.1 port, for tests that speak real HTTP. `server` is there
 * for tests that wait on a request's server side (its 'request' event, its response's 'close').
 */
export async function startServices(): Promise<{ base: string; server: Server; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    servicesMiddleware(req, res, () => {
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/**
 * A GET as it went over the wire (node's fetch decodes bodies itself): status, headers and raw body bytes,
 * the body read as it comes. `onHeaders` is told when the status line and headers arrive; `signal` aborts.
 * Node's own http client rather than fetch, for tests that fake the global setImmediate.
 */
export function rawGet(
  url: string,
  acceptEncoding: string,
  options: { signal?: AbortSignal; onHeaders?: () => void } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = { 'Accept-Encoding': acceptEncoding };
    const req = request(url, { headers, signal: options.signal }, (res) => {
      options.onHeaders?.();
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('error', reject);
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
