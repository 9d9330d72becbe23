import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, compressedAssets } from '../../server/compressed-assets.ts';
import { rawGet } from './serve.ts';

const root = mkdtempSync(join(tmpdir(), 'assets-'));
const script = 'export const hola = "mundo";\n'.repeat(2000);
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'assets', 'app-abc123.js'), script);
writeFileSync(join(root, 'assets', 'font.woff2'), 'binary');

let server: Server;
let base = '';
beforeAll(async () => {
  const middleware = compressedAssets(root);
  server = createServer((req, res) => {
    middleware(req, res, () => res.writeHead(204, { 'X-Fell-Through': '1' }).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) =>
      server.close(() => {
        resolve();
      }),
    ),
);

const raw = (path: string, acceptEncoding: string) => rawGet(`${base}${path}`, acceptEncoding);

describe('compressed assets', () => {
  it('serves a built script as Brotli (or gzip), smaller, byte-identical once decoded, immutable', async () => {
    const br = await raw('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.body.byteLength).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await raw('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
  });

  it('leaves to the static server what it does not compress or cannot find', async () => {
    for (const [path, accept] of [
      ['/assets/app-abc123.js', 'identity'],
      ['/assets/font.woff2', 'br'],
      ['/assets/missing.js', 'br'],
      ['/index.html', 'br'],
      ['/assets/../../etc/passwd.js', 'br'],
    ] as const) {
      const answer = await raw(path, accept);
      expect(answer.status, path).toBe(204);
    }
  });

  it('reads Accept-Encoding with its q-values', () => {
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('gzip;q=0, br;q=0')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
