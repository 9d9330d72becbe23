import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request handler of the embedded services; returns false when the path is not its own. */
export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;

/** Thrown by parameter parsers; becomes a 400 with a JSON body naming the parameter. */
export class BadRequest extends Error {}

/**
 * Adds `token` to the answer's Vary header, keeping what is there: CORS sets `Vary: Origin` before a route
 * runs, and a route that varies by encoding must not replace it (a cache would then hand one origin's answer,
 * with its Access-Control-Allow-Origin, to another).
 */
export function addVary(res: ServerResponse, token: string): void {
  const current = res.getHeader('Vary');
  const tokens = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  if (!tokens.some((t) => t.toLowerCase() === token.toLowerCase())) tokens.push(token);
  res.setHeader('Vary', tokens.join(', '));
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(text);
}

/** The head of a data answer (cacheable for an hour); `length` when known (a streamed answer has none). */
export function writeDataHead(res: ServerResponse, contentType: string, length?: number): void {
  res.writeHead(200, {
    'Content-Type': contentType,
    ...(length === undefined ? {} : { 'Content-Length': length }),
    'Cache-Control': 'public, max-age=3600',
    'X-Content-Type-Options': 'nosniff',
  });
}

export function sendBytes(res: ServerResponse, bytes: Uint8Array, contentType: string): void {
  writeDataHead(res, contentType, bytes.byteLength);
  res.end(bytes);
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(text);
}

/** Spanish JSON error; services never answer 500 for bad input. */
export function sendError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { error: message });
}

/**
 * Reads an optional integer query parameter within [min, max]; anything else is a BadRequest.
 * Repeated parameters are refused rather than guessed.
 */
export function intParam(url: URL, name: string, fallback: number, min: number, max: number): number {
  const all = url.searchParams.getAll(name);
  if (all.length === 0) return fallback;
  if (all.length > 1) throw new BadRequest(`El parámetro '${name}' aparece más de una vez.`);
  const raw = all[0] ?? '';
  if (!/^-?\d{1,10}$/.test(raw)) throw new BadRequest(`El parámetro '${name}' debe ser un número entero.`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw new BadRequest(`El parámetro '${name}' debe estar entre ${min} y ${max}.`);
  }
  return value;
}

/**
 * A plain decimal as people write coordinates: optional minus, no leading zeros, optional fraction.
 * `Number()` alone also takes `0x10`, `0b1`, `1e1`, ` 10 ` and `010`, which no client sends on purpose.
 */
const PLAIN_DECIMAL = /^-?(?:0|[1-9]\d{0,2})(?:\.\d{1,17})?$/;

/** A coordinate-like number in plain decimal notation, or null when the text is anything else. */
export function plainDecimal(raw: string): number | null {
  if (!PLAIN_DECIMAL.test(raw)) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}
