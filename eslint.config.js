// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import direction (ARCHITECTURE.md): core ← workers ← geocoding/map/layers ← state ← widgets ← app.
// Each entry lists what a layer must never import.
const UI_AND_RUNTIME = [
  'react',
  'react-dom',
  'react-dom/*',
  'react-redux',
  '@reduxjs/toolkit',
  'maplibre-gl',
  '@deck.gl/*',
  'comlink',
];
// What no browser module imports (comlink is spoken by the worker clients and entries in workers/ alone).
const BROWSER_BASE = ['comlink', '**/server/**', 'node:*'];
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: [...new Set(patterns)], message }] }],
});
// Pure layers run in Node, workers and tests: no browser globals either.
const BROWSER_GLOBALS = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location'].map(
  (name) => ({
    name,
    message: 'Pure modules must not touch browser globals.',
  }),
);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-lib/**',
      // The consumer example is a host app: its own strict tsc checks it against the packed declarations
      // (scripts/consumer-test.mjs); before that install its package import does not resolve here.
      'examples/**',
      'bench/browser/dist/**',
      'bench/browser/trace-dist/**',
      'bench/browser/weight-dist/**',
      'bench/browser/idle-dist/**',
      'bench/browser/gpu-cost-dist/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'test-results-consumer/**',
      'playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-ignore': true, 'ts-expect-error': 'allow-with-description' },
      ],
    },
  },
  {
    files: ['**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/core/**', 'src/datagen/**', 'workers/engine/**'],
    rules: { 'no-restricted-globals': ['error', ...BROWSER_GLOBALS] },
  },
  {
    files: ['src/core/**'],
    rules: restrict(
      [
        ...UI_AND_RUNTIME,
        '**/workers/**',
        '**/map/**',
        '**/layers/**',
        '**/widgets/**',
        '**/state/**',
        '**/app/**',
        '**/geocoding/**',
        '**/config/**',
        '**/datagen/**',
        '**/server/**',
        'node:*',
      ],
      'src/core is pure domain: no React, DOM, map, worker, state or Node imports (ARCHITECTURE.md).',
    ),
  },
  {
    files: ['src/datagen/**'],
    rules: restrict(
      [
        ...UI_AND_RUNTIME,
        '**/workers/**',
        '**/map/**',
        '**/layers/**',
        '**/widgets/**',
        '**/state/**',
        '**/app/**',
        '**/server/**',
        'node:*',
      ],
      'src/datagen is pure: it may import src/core only.',
    ),
  },
  {
    files: ['workers/**'],
    ignores: [
      'workers/client.ts',
      'workers/expose.ts',
      'workers/entry.worker.ts',
      'workers/import/client.ts',
      'workers/import/entry.worker.ts',
    ],
    rules: restrict(
      [
        'react',
        'react-dom',
        'react-dom/*',
        'react-redux',
        '@reduxjs/toolkit',
        'maplibre-gl',
        '@deck.gl/*',
        'comlink',
        '**/map/**',
        '**/layers/**',
        '**/widgets/**',
        '**/state/**',
        '**/app/**',
      ],
      'workers/ may import src/core only; comlink belongs to the worker clients (client.ts, import/client.ts) ' +
        'and entries (entry.worker.ts, import/entry.worker.ts, expose.ts).',
    ),
  },
  {
    files: ['src/**'],
    ignores: ['src/core/**', 'src/datagen/**'],
    rules: restrict(
      ['comlink', '**/server/**', 'node:*'],
      'Only the worker clients and entries in workers/ import comlink; browser code never imports server code.',
    ),
  },
  // Later blocks replace the rule for their files, so each repeats the browser-wide patterns (BROWSER_BASE).
  {
    files: ['src/config/**'],
    rules: restrict(
      [
        ...BROWSER_BASE,
        ...UI_AND_RUNTIME,
        '**/workers/**',
        '**/map/**',
        '**/layers/**',
        '**/widgets/**',
        '**/state/**',
        '**/app/**',
      ],
      'src/config only reads configuration: it imports no UI, map, worker or state code.',
    ),
  },
  {
    files: ['src/geocoding/**'],
    rules: restrict(
      [
        ...BROWSER_BASE,
        ...UI_AND_RUNTIME,
        '**/map/**',
        '**/layers/**',
        '**/widgets/**',
        '**/state/**',
        '**/app/**',
        '**/config/index*',
      ],
      'src/geocoding speaks the geocoder protocol: it imports src/core only.',
    ),
  },
  {
    files: ['src/map/**', 'src/layers/**'],
    rules: restrict(
      [
        ...BROWSER_BASE,
        'react-redux',
        '@reduxjs/toolkit',
        '**/widgets/**',
        '**/state/**',
        '**/app/**',
        '**/config/index*',
      ],
      'src/map and src/layers are adapters under the widgets: no state, widget or app imports.',
    ),
  },
  {
    files: ['src/state/**'],
    rules: restrict(
      [...BROWSER_BASE, '**/widgets/**', '**/app/**', '**/map/**', '**/layers/**', '**/config/index*'],
      'src/state holds serializable state: it imports no widgets, app, map or layer code.',
    ),
  },
  {
    files: ['src/widgets/**'],
    rules: restrict(
      [...BROWSER_BASE, '**/app/**', '**/config/index*', '**/datagen/**'],
      'Widgets import no demo code and no build-time configuration (they get theirs from MapasProvider).',
    ),
  },
  {
    // The package's entries (vite.lib.config.ts): what they reach is what a host gets.
    files: ['src/lib/**'],
    rules: restrict(
      [...BROWSER_BASE, '**/app/**', '**/config/index*', '**/datagen/**', '**/test-api*'],
      'The package exports widgets, state and pure code only: no demo, build-time configuration or data generator.',
    ),
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
