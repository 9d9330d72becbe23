/**
 * Build plugins (Vite and esbuild) that give hyparquet's column reader our assembly for flat optional columns
 * (workers/import/parquet-flat.ts, where the why is) instead of its own. Only `./assemble.js` imported by
 * hyparquet's `column.js` is swapped; `hyparquet-internal/assemble` names hyparquet's original for our module.
 * hyparquet is pinned: if a release moves these files the build fails here, loudly, rather than reading slowly.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin as VitePlugin } from 'vite';

const require = createRequire(import.meta.url);
const ORIGINAL_ID = 'hyparquet-internal/assemble';
const OURS = resolve(import.meta.dirname, '../../workers/import/parquet-flat.ts');

let source: string | null = null;

/** hyparquet's `src/` folder (its Node entry, src/node.js, sits there), checked once. */
function hyparquetSource(): string {
  if (source) return source;
  const folder = dirname(require.resolve('hyparquet'));
  for (const file of ['assemble.js', 'column.js'])
    if (!existsSync(join(folder, file)))
      throw new Error(`hyparquet-flat: ${file} is not in ${folder}; hyparquet changed, review the plugin`);
  source = folder;
  return folder;
}

/** Where `source` imported by `importer` goes: ours, hyparquet's original, or unchanged (null). */
export function hyparquetFlatTarget(source: string, importer: string | undefined): string | null {
  if (source === ORIGINAL_ID) return join(hyparquetSource(), 'assemble.js');
  if (source !== './assemble.js' || !importer) return null;
  const from = importer.split('?')[0]?.replaceAll('\\', '/') ?? '';
  return from === join(hyparquetSource(), 'column.js').replaceAll('\\', '/') ? OURS : null;
}

export function hyparquetFlatVite(): VitePlugin {
  return {
    name: 'mapas:hyparquet-flat',
    enforce: 'pre',
    resolveId(source, importer) {
      return hyparquetFlatTarget(source, importer);
    },
  };
}

export function hyparquetFlatEsbuild(): EsbuildPlugin {
  return {
    name: 'mapas:hyparquet-flat',
    setup(build) {
      build.onResolve({ filter: /^(\.\/assemble\.js|hyparquet-internal\/assemble)$/ }, (args) => {
        const path = hyparquetFlatTarget(args.path, args.importer);
        return path ? { path } : undefined;
      });
    },
  };
}
