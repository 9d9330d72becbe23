import { defineConfig } from '@playwright/test';

// Not the demo's 4173, so tests can run beside a running demo; E2E_PORT lets parallel checkouts coexist.
const PORT = Number(process.env.E2E_PORT ?? 4180);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
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
        // window.gc() for the leak census: heap figures after a real collection, not whatever V8 left.
        '--js-flags=--expose-gc',
      ],
    },
  },
  webServer: {
    command: `npx vite build --logLevel warn && npx vite preview --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
