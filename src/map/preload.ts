/**
 * A `<link rel="preload" as="fetch">` in CORS mode: the request a later fetch() of the same URL (MapLibre's
 * fonts, the page's listings) takes over, so the download starts as the page starts and happens once.
 * Added once per URL.
 */
export function preloadForFetch(href: string, doc: Document = document): void {
  if (doc.head.querySelector(`link[rel="preload"][href="${href}"]`)) return;
  const link = doc.createElement('link');
  link.rel = 'preload';
  // 'fetch', not 'font' or 'script': what the later request is (a preload 'as font' went unused for
  // MapLibre's fonts and the file was fetched twice).
  link.as = 'fetch';
  link.crossOrigin = 'anonymous';
  link.href = href;
  doc.head.append(link);
}
