import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { hyparquetFlatVite } from './scripts/lib/hyparquet-flat.ts';

/**
 * Files that replace a module with `vi.mock`: only these need a module graph of their own. Every other file
 * shares its worker's modules with the files before it (`isolate: false`), which halves the unit stage on two
 * cores (150 → 93 s): most of its time was importing the same modules 114 times, not running tests.
 */
const MOCKING = ['tests/workers/contract-new-method.test.ts', 'tests/server/data-paced.test.ts'];

// Unit tests: pure logic in Node. Browser behaviour lives in tests/e2e (Playwright), not here.
export default defineConfig({
  plugins: [hyparquetFlatVite()],
  test: {
    // hyparquet is bundled like the browser's import worker bundles it, so tests read with our flat assembly.
    server: { deps: { inline: ['hyparquet'] } },
    environment: 'node',
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores: one on two cores, where `npm test` runs the unit
    // files beside lint, types and the consumer step and left a core idle while the unit run ended alone.
    // Two workers: alone 128 → 86 s wall for the same CPU (124 → 120 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/package/**', 'node_modules/**', ...MOCKING],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: MOCKING } },
    ],
  },
});
