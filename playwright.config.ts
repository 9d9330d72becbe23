import { defineConfig } from '@playwright/test';

// Not the demo's 4173, so tests can run beside a running demo; E2E_PORT lets parallel checkouts coexist.
const PORT = Number(process.env.E2E_PORT ?? 4180);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // Tests, not files, are shared out: a file's serial group (one shared page) still runs on one worker, but the
  // run no longer ends on one worker finishing a long file while the other waits (48 s of 729 in CI, 714afd6).
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Asks the demo for its test API (`window.__mapas`, src/app/test-api.ts); without it no global is defined.
    storageState: {
      cookies: [],
      origins: [
        { origin: `http://127.0.0.1:${PORT}`, localStorage: [{ name: 'mapas:pruebas', value: '1' }] },
      ],
    },
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromium,
      // Closed network here: without the background-networking flags Chromium keeps trying outside hosts.
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // window.gc() and exact heap sizes for the leak census and the burst: figures after a real collection.
        // Here rather than in those files' own launch options: other options make a worker of their own,
        // which Playwright starts only after every other test (a minute-long test then ends the run alone).
        '--js-flags=--expose-gc',
        '--enable-precise-memory-info',
      ],
    },
  },
  webServer: {
    // E2E_PREBUILT: `npm test` built dist/ beside the unit run (scripts/test-all.mjs), so only the preview
    // starts here; alone, `playwright test` builds first.
    command: `${process.env.E2E_PREBUILT === '1' ? '' : 'npx vite build --logLevel warn && '}npx vite preview --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
