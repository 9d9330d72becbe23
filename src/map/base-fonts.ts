/**
 * The base map's label fonts (Noto Sans latin, bundled: no font service), and their preload. MapLibre asks
 * for a style's fonts only once its own chunk has run and the style is parsed — about 3 s after the page
 * on a throttled connection — and the first labelled frame waits for them. A page that will show a map calls
 * preloadBaseFonts() as it starts, so the fonts download beside the map's code instead of after it.
 */
import notoRegular from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2?url';
import notoSemiBold from '@fontsource/noto-sans/files/noto-sans-latin-600-normal.woff2?url';
import { preloadForFetch } from './preload.ts';

export const BASE_FONT_URLS = { regular: notoRegular, semiBold: notoSemiBold } as const;

/** Adds a preload for each base-map font to the document's head (once): MapLibre reads them with fetch(). */
export function preloadBaseFonts(doc: Document = document): void {
  for (const href of Object.values(BASE_FONT_URLS)) preloadForFetch(href, doc);
}
