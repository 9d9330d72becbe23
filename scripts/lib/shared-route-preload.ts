/**
 * Vite plugin: the built page's `<link rel="modulepreload">` for the chunks that every route's page imports.
 * Routes are hash-based, so the HTML cannot know which page will open, and Vite preloads only the entry's own
 * imports: a page's chunks were asked for only once the entry had arrived and run and React had rendered
 * (1.9 s into a cold 3G visit, bench/results/weight-waterfall-before.md), MapLibre's 257 kB among them. Chunks
 * that every lazily loaded page needs are certain whatever the route, so the page asks for them at once.
 */
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

/** A built chunk as far as this plugin reads it. */
export interface ChunkLinks {
  fileName: string;
  imports: readonly string[];
  dynamicImports: readonly string[];
}

/** `fileName` and every chunk it imports statically, transitively (file names). */
function staticClosure(fileName: string, chunks: ReadonlyMap<string, ChunkLinks>): Set<string> {
  const seen = new Set<string>();
  const stack = [fileName];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(chunks.get(next)?.imports ?? []));
  }
  return seen;
}

/**
 * The chunks each of the entry's lazily loaded pages imports statically, all of them, that the entry does not
 * load already (file names, in build order). None when the entry loads no page lazily.
 */
export function sharedRouteChunks(entry: ChunkLinks, chunks: ReadonlyMap<string, ChunkLinks>): string[] {
  const loaded = staticClosure(entry.fileName, chunks);
  const pages = entry.dynamicImports.map((page) => staticClosure(page, chunks));
  if (pages.length === 0) return [];
  return [...chunks.keys()].filter((file) => !loaded.has(file) && pages.every((page) => page.has(file)));
}

function chunksOf(bundle: Rollup.OutputBundle): Map<string, ChunkLinks> {
  const chunks = new Map<string, ChunkLinks>();
  for (const output of Object.values(bundle))
    if (output.type === 'chunk') chunks.set(output.fileName, output);
  return chunks;
}

export function sharedRoutePreload(): Plugin {
  let base = '/';
  return {
    name: 'shared-route-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }): HtmlTagDescriptor[] {
        if (!bundle || !chunk) return [];
        return sharedRouteChunks(chunk, chunksOf(bundle)).map((file) => ({
          tag: 'link',
          // crossorigin as Vite's own modulepreloads: module scripts are fetched in CORS mode.
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head',
        }));
      },
    },
  };
}
