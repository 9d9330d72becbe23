import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * The consumer example's smoke test (scripts/consumer-test.mjs runs it after packing, installing and building
 * examples/consumer): its preview serves the Vite build at / and the webpack build at /webpack/.
 */
const PORT = Number(process.env.CONSUMER_PORT ?? 4190);

export default defineConfig({
  ...base,
  testDir: 'tests/consumer',
  // Not under test-results/: the browser run, which may start while this one runs, empties that folder.
  outputDir: 'test-results-consumer',
  workers: 1,
  reporter: [['list'], ['json', { outputFile: 'reports/consumer.json' }]],
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}`, storageState: undefined },
  webServer: {
    command: `npx vite preview --port ${PORT} --strictPort`,
    cwd: 'examples/consumer',
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
