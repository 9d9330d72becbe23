export interface Counts {
  passed: number;
  failed: number;
}
export function tally(
  failedSteps: string[],
  reports: Record<string, Counts | null>,
): { passed: number; failed: number; line: string };
export function vitestCounts(report: unknown): Counts | null;
export function playwrightCounts(report: unknown): Counts | null;
