import { defineConfig } from 'vitest/config';

// Unit tests: pure logic in Node. Browser behaviour lives in tests/e2e (Playwright), not here.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
