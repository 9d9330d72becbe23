import { defineConfig } from 'vitest/config';
import { hyparquetFlatVite } from './scripts/lib/hyparquet-flat.ts';

// Unit tests: pure logic in Node. Browser behaviour lives in tests/e2e (Playwright), not here.
export default defineConfig({
  plugins: [hyparquetFlatVite()],
  test: {
    // hyparquet is bundled like the browser's import worker bundles it, so tests read with our flat assembly.
    server: { deps: { inline: ['hyparquet'] } },
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
