import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };
import { hyparquetFlatVite } from './scripts/lib/hyparquet-flat.ts';

/**
 * The package build (`npm run build:lib`), beside the demo's: ES modules for the two entries, one CSS file,
 * the cluster worker and MapLibre's worker as files the host's bundler finds through
 * `new URL('./…', import.meta.url)`: the cluster worker, the import worker (analysts' files) and MapLibre's.
 * Declarations come from tsc (tsconfig.lib.json).
 */
const OUT = 'dist-lib';
const WORKER = 'cluster-worker.js';
/** The analysts' file reader (issue 15), started only when a file is opened. */
const IMPORT_WORKER = 'import-worker.js';
const MAPLIBRE_WORKER = 'maplibre-gl-worker.mjs';
const require = createRequire(import.meta.url);

// Dependencies stay imports (the host installs and dedupes them). Their CSS is bundled into style.css and
// their `?url` files (the offline map's fonts) are inlined: a host bundler other than Vite knows no `?url`.
const packages = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)];
const isExternal = (id: string) =>
  !id.endsWith('.css') &&
  !id.includes('?') &&
  packages.some((name) => id === name || id.startsWith(`${name}/`));

/** Swaps the demo's `?url` MapLibre worker for the package's `new URL` form and copies the worker file. */
function maplibreWorker(): Plugin {
  const demoModule = resolve('src/map/worker-url.ts');
  return {
    name: 'mapas:maplibre-worker',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.includes('worker-url')) return null;
      const found = await this.resolve(source, importer, { ...options, skipSelf: true });
      return found?.id === demoModule ? resolve('src/lib/maplibre-worker-url.ts') : null;
    },
    writeBundle(output) {
      // Beside the entries, wherever they were written (a test builds the package into a folder of its own).
      const dir = output.dir ?? OUT;
      mkdirSync(dir, { recursive: true });
      // Without its 2.6 MB map: the comment naming it would send a host's dev server looking for it.
      const worker = readFileSync(require.resolve(`maplibre-gl/dist/${MAPLIBRE_WORKER}`), 'utf8');
      writeFileSync(`${dir}/${MAPLIBRE_WORKER}`, worker.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'));
    },
  };
}

/**
 * Vite writes `new URL(/* @vite-ignore *\/ "/assets/x.js", "" + import.meta.url)`: a root path and a
 * concatenation that a host bundler cannot follow. The package needs the plain relative form.
 */
function plainWorkerUrls(): Plugin {
  return {
    name: 'mapas:plain-worker-urls',
    renderChunk(code) {
      const fixed = code.replace(
        /new URL\(\s*(?:\/\*\s*@vite-ignore\s*\*\/\s*)?"\/?([\w./-]+)",\s*(?:"" \+ )?import\.meta\.url\s*\)/g,
        (_match, file: string) => `new URL("./${file.replace(/^\.\//, '')}", import.meta.url)`,
      );
      return fixed === code ? null : { code: fixed, map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), maplibreWorker(), plainWorkerUrls(), hyparquetFlatVite()],
  publicDir: false,
  worker: {
    format: 'es',
    plugins: () => [hyparquetFlatVite()],
    rollupOptions: {
      output: {
        // Each worker under a fixed name beside the entries (the import worker's entry is workers/import/).
        entryFileNames: (chunk) =>
          /[\\/]workers[\\/]import[\\/]/.test(chunk.facadeModuleId ?? '') ? IMPORT_WORKER : WORKER,
      },
    },
  },
  build: {
    outDir: OUT,
    emptyOutDir: true,
    target: 'es2022',
    // Readable, unminified modules without maps: the host's bundler minifies, and the package stays small.
    sourcemap: false,
    minify: false,
    cssCodeSplit: false,
    copyPublicDir: false,
    lib: {
      entry: { index: 'src/lib/index.ts', core: 'src/lib/core.ts' },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
      cssFileName: 'style',
    },
    rollupOptions: { external: isExternal },
  },
});
