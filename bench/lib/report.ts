import { mkdirSync, writeFileSync } from 'node:fs';
import { arch, cpus, totalmem } from 'node:os';

/** Median of a non-empty list (mean of the middle two for even lengths). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? NaN)
    : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

/** Runs `fn` `runs` times and returns every duration in milliseconds (plus the last result). */
export function timeRuns<T>(runs: number, fn: () => T): { ms: number[]; last: T } {
  const ms: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    last = fn();
    ms.push(performance.now() - start);
  }
  if (last === undefined && runs > 0) throw new Error('timeRuns: fn returned undefined');
  return { ms, last: last as T };
}

/** Where and on what a benchmark ran, written beside every result. */
export function machine(): Record<string, string | number> {
  const cpu = cpus();
  return {
    node: process.version,
    arch: arch(),
    cpu: cpu[0]?.model ?? 'unknown',
    cores: cpu.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    date: new Date().toISOString(),
  };
}

/** A Markdown table from a header and rows. */
export function markdownTable(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const line = (cells: readonly (string | number)[]) => `| ${cells.map(String).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Writes `bench/results/{name}.json` and `{name}.md`; returns the Markdown. */
export function writeResults(name: string, json: unknown, markdown: string): string {
  const dir = new URL('../results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  writeFileSync(new URL(`${name}.json`, dir), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(new URL(`${name}.md`, dir), `${markdown}\n`);
  return markdown;
}

/** Milliseconds with sensible precision for a table. */
export function fmtMs(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  if (ms < 1) return ms.toFixed(3);
  if (ms < 100) return ms.toFixed(1);
  return Math.round(ms).toString();
}
