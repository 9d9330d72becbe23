/**
 * The embedded services alone (no app), on 127.0.0.1: `node --import tsx scripts/services.ts [--port 8080]`.
 * Prints `listening http://127.0.0.1:PORT` once ready. Used by the geocoder load benchmark to keep the load
 * generator out of the server's process; also a way to point another app at the geocoder.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { servicesMiddleware } from '../server/middleware.ts';

const { values } = parseArgs({ options: { port: { type: 'string', default: '0' } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error('--port debe ser un entero entre 0 y 65535');
  process.exit(2);
}
const server = createServer((req, res) => {
  servicesMiddleware(req, res, () => {
    res
      .writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' })
      .end('{"error":"Recurso no encontrado."}');
  });
});
server.listen(port, '127.0.0.1', () => {
  console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
