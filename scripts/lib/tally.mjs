// The closing line of `npm test` (scripts/test-all.mjs), apart so a test can hold it to its promise: a failed
// step is counted by its failed tests only when its report shows some; otherwise (lint, types, a build, a
// runner that crashed before writing its report, or one whose report says all passed) it counts once.

/**
 * @param {string[]} failedSteps names of the steps that exited non-zero
 * @param {Record<string, { passed: number, failed: number } | null>} reports each test step's counts, null if
 *   it wrote no readable report
 * @returns {{ passed: number, failed: number, line: string }}
 */
export function tally(failedSteps, reports) {
  let passed = 0;
  let failed = 0;
  for (const report of Object.values(reports)) {
    if (!report) continue;
    passed += report.passed;
    failed += report.failed;
  }
  const unshown = failedSteps.filter((name) => !((reports[name]?.failed ?? 0) > 0)).length;
  failed += unshown;
  return { passed, failed, line: `${String(passed)} passed, ${String(failed)} failed` };
}

/** Counts of a Vitest JSON report (null when missing or unreadable). */
export function vitestCounts(report) {
  if (!report || typeof report.numPassedTests !== 'number') return null;
  return { passed: report.numPassedTests, failed: report.numFailedTests ?? 0 };
}

/** Counts of a Playwright JSON report; a test that passed on its retry counts as passed. */
export function playwrightCounts(report) {
  if (!report?.stats) return null;
  const { expected = 0, flaky = 0, unexpected = 0 } = report.stats;
  return { passed: expected + flaky, failed: unexpected };
}
