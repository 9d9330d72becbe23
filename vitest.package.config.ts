import { defineConfig } from 'vitest/config';

// The packed package's own checks, run by scripts/consumer-test.mjs once the tarball is installed.
export default defineConfig({
  test: { environment: 'node', include: ['tests/package/**/*.test.ts'] },
});
