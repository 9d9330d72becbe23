/**
 * A drawn polygon sent as a POST body (a 1000-vertex ring is ~45 kB: too long for many proxies' URL
 * limits). The body is read up to a cap and refused past it, before any of it is parsed; the ring is then
 * written in the GET parameter's form and checked by the same parser, so both ways obey one set of rules.
 */
import type { IncomingMessage } from 'node:http';
import type { LatLng } from '../../../src/core/types.ts';
import { parsePolygon, type Parsed } from '../params.ts';
import { HTTP_MESSAGES } from './messages.ts';

/** A thousand vertices at 17 decimals each fit with room to spare. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Thrown for a body past the cap: the HTTP layer answers 413. */
export class BodyTooLarge extends Error {
  constructor() {
    super(HTTP_MESSAGES.bodyTooLarge.replace('{kb}', String(MAX_BODY_BYTES / 1024)));
  }
}

/** The body as text, refused (before reading on) once it passes the cap. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw new BodyTooLarge();
  const parts: Buffer[] = [];
  let bytes = 0;
  for await (const part of req as AsyncIterable<Buffer>) {
    bytes += part.byteLength;
    if (bytes > MAX_BODY_BYTES) throw new BodyTooLarge();
    parts.push(part);
  }
  return Buffer.concat(parts).toString('utf8');
}

const isPair = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number' && Number.isFinite(n));

/** `{"poligono": [[lat, lng], …]}` → the ring, under parsePolygon's rules (vertex count, Venezuela's box). */
export function polygonOfBody(text: string): Parsed<LatLng[]> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, error: HTTP_MESSAGES.bodyJson };
  }
  const ring: unknown =
    typeof body === 'object' && body !== null && Object.hasOwn(body, 'poligono')
      ? (body as { poligono: unknown }).poligono
      : null;
  if (!Array.isArray(ring) || !ring.every(isPair)) return { ok: false, error: HTTP_MESSAGES.bodyJson };
  // String(n) of a finite number in Venezuela's box is a plain decimal; anything else fails the parser.
  const text2 = ring.map(([lat, lng]) => `${String(lat)},${String(lng)}`).join(';');
  return parsePolygon(new URLSearchParams({ poligono: text2 }));
}
