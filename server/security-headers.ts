/**
 * Security headers of the demo server. The built app (preview) runs under a strict Content-Security-Policy:
 * scripts, styles, fonts and data only from this origin, workers from this origin or blob: (MapLibre and
 * loaders may spawn blob workers), images also from data:/blob: (canvas snapshots, sprites), nothing framed
 * from elsewhere. Vite's dev server injects inline scripts for hot reload, so dev gets the other headers only.
 * Production origins configured at build time (style, tiles, geocoder) are added to connect-src/img-src.
 */

/** The origin of an absolute http(s) URL (template placeholders allowed), or null for relative/other URLs. */
export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  // `{z}/{x}/{y}` and `{key}` are not valid in a host, but a template's host never contains them.
  const match = /^(https?):\/\/([^/?#{}\s]+)/i.exec(url.trim());
  if (!match) return null;
  try {
    return new URL(`${match[1] ?? ''}://${match[2] ?? ''}`).origin;
  } catch {
    return null;
  }
}

/** Distinct origins of the production services named in a Vite env record (VITE_* variables). */
export function configuredOrigins(env: Readonly<Record<string, string | undefined>>): string[] {
  const urls = [env.VITE_MAP_STYLE_URL, env.VITE_RASTER_TILES, env.VITE_GEOCODER_URL];
  return [...new Set(urls.map(originOf).filter((o): o is string => o !== null))];
}

export function contentSecurityPolicy(extraOrigins: readonly string[] = []): string {
  const extra = extraOrigins.length > 0 ? ` ${extraOrigins.join(' ')}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: blob:${extra}`,
    "font-src 'self'",
    `connect-src 'self'${extra}`,
    "worker-src 'self' blob:",
    "child-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** Headers for every response; `csp` only where the page has no inline scripts (the built app). */
export function securityHeaders(options: {
  csp: boolean;
  extraOrigins?: readonly string[];
}): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    'X-Frame-Options': 'SAMEORIGIN',
    'Cross-Origin-Opener-Policy': 'same-origin',
    // With COOP, this makes the pages cross-origin isolated: SharedArrayBuffer lets the cluster engine's
    // worker pool index millions of rows in parallel over one copy of the table (workers/engine/pool).
    // 'credentialless' rather than 'require-corp': cross-origin images a host shows (listing photos) still
    // load, without credentials, instead of needing a Cross-Origin-Resource-Policy header from their server.
    'Cross-Origin-Embedder-Policy': 'credentialless',
    // The locate button needs geolocation; nothing needs the camera, microphone or payment APIs.
    'Permissions-Policy': 'geolocation=(self), camera=(), microphone=(), payment=()',
    ...(options.csp ? { 'Content-Security-Policy': contentSecurityPolicy(options.extraOrigins) } : {}),
  };
}
