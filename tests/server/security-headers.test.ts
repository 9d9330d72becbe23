import { describe, expect, it } from 'vitest';
import {
  configuredOrigins,
  contentSecurityPolicy,
  originOf,
  securityHeaders,
} from '../../server/security-headers.ts';

describe('originOf', () => {
  it('takes the origin of absolute http(s) URLs and templates', () => {
    expect(originOf('https://tiles.example.com/{z}/{x}/{y}.png?key={key}')).toBe('https://tiles.example.com');
    expect(originOf('http://127.0.0.1:8080/search')).toBe('http://127.0.0.1:8080');
    expect(originOf('HTTPS://Geo.Example.com')).toBe('https://geo.example.com');
  });

  it('ignores relative, empty and non-http URLs', () => {
    for (const url of [
      undefined,
      '',
      '/api/geocoder',
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://x',
    ]) {
      expect(originOf(url)).toBeNull();
    }
  });
});

describe('content security policy', () => {
  it('allows only this origin for scripts and styles, never eval or inline scripts', () => {
    const csp = contentSecurityPolicy();
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).not.toMatch(/unsafe-(eval|inline)/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it('adds configured production origins to connect-src and img-src only', () => {
    const origins = configuredOrigins({
      VITE_MAP_STYLE_URL: 'https://maps.example.com/style.json',
      VITE_RASTER_TILES: 'https://maps.example.com/{z}/{x}/{y}.png',
      VITE_GEOCODER_URL: 'https://geo.example.com/nominatim',
    });
    expect(origins).toEqual(['https://maps.example.com', 'https://geo.example.com']);
    const csp = contentSecurityPolicy(origins);
    expect(csp).toContain("connect-src 'self' https://maps.example.com https://geo.example.com");
    expect(csp).toContain("img-src 'self' data: blob: https://maps.example.com https://geo.example.com");
    expect(csp).toContain("script-src 'self';");
  });

  it('is sent with the built app only, the other headers everywhere', () => {
    expect(securityHeaders({ csp: true })['Content-Security-Policy']).toBeDefined();
    const dev = securityHeaders({ csp: false });
    expect(dev['Content-Security-Policy']).toBeUndefined();
    expect(dev['X-Content-Type-Options']).toBe('nosniff');
  });
});
