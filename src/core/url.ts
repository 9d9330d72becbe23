/**
 * A URL the product may open: absolute http(s), or relative and resolving to the page's own origin.
 * Returns the resolved absolute URL, or null for anything else (`javascript:`, `data:`, protocol-relative
 * URLs to another host, unparseable text).
 */
export function safeUrl(url: string, origin: string): string | null {
  const text = url.trim();
  if (text === '') return null;
  let base: URL;
  let resolved: URL;
  try {
    base = new URL(origin);
    resolved = new URL(text, base);
  } catch {
    return null;
  }
  if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') return null;
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(text);
  if (!absolute && resolved.origin !== base.origin) return null;
  return resolved.href;
}
