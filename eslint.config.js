// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import direction (DESIGN.md): core ← workers ← geocoding/map/layers ← state ← widgets ← app.
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
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
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
      'bench/browser/dist/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
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
        '**/server/**',
        'node:*',
      ],
      'src/core is pure domain: no React, DOM, map, worker, state or Node imports (DESIGN.md).',
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
    ignores: ['workers/client.ts', 'workers/expose.ts', 'workers/entry.worker.ts'],
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
      'workers/ may import src/core only; comlink belongs to workers/client.ts and the worker entry.',
    ),
  },
  {
    files: ['src/**'],
    ignores: ['src/core/**', 'src/datagen/**'],
    rules: restrict(
      ['comlink', '**/server/**', 'node:*'],
      'Only workers/client.ts imports comlink; browser code never imports server code.',
    ),
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
