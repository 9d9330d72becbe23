import { describe, expect, it } from 'vitest';
import { playwrightCounts, tally, vitestCounts } from '../../scripts/lib/tally.mjs';

describe("npm test's closing line", () => {
  it('adds the passed and failed tests of every report', () => {
    const result = tally(['e2e'], {
      unit: { passed: 10, failed: 0 },
      e2e: { passed: 5, failed: 2 },
      consumer: { passed: 3, failed: 0 },
    });
    expect(result.line).toBe('18 passed, 2 failed');
  });

  it('never says 0 failed when a runner crashed before writing its report', () => {
    const result = tally(['unit'], { unit: null, e2e: { passed: 178, failed: 0 }, consumer: null });
    expect(result.line).toBe('178 passed, 1 failed');
  });

  it('counts a failed step whose report shows every test passed (a crash after counting) once', () => {
    expect(tally(['e2e'], { unit: null, e2e: { passed: 4, failed: 0 } }).line).toBe('4 passed, 1 failed');
  });

  it('counts steps with no tests (lint, types, a build) once each', () => {
    expect(tally(['lint', 'typecheck'], { unit: { passed: 3, failed: 0 } }).line).toBe('3 passed, 2 failed');
  });

  it('reads Vitest and Playwright reports, and nothing from an unreadable one', () => {
    expect(vitestCounts({ numPassedTests: 7, numFailedTests: 1 })).toEqual({ passed: 7, failed: 1 });
    expect(vitestCounts(null)).toBeNull();
    expect(vitestCounts({ error: 'x' })).toBeNull();
    expect(playwrightCounts({ stats: { expected: 170, flaky: 2, unexpected: 1 } })).toEqual({
      passed: 172,
      failed: 1,
    });
    expect(playwrightCounts({})).toBeNull();
  });
});
