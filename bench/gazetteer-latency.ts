/**
 * The gazetteer bench's queries and their in-process latency (bench/gazetteer.ts, issue 38): `/search` for
 * imported urbanizaciones and streets with their town and for built-in towns, autocomplete for the first 7
 * letters of imported urbanizaciones. A run times each query once after a warm-up; p99 of 40 queries is the
 * slowest, so one GC pause or a neighbour's burst on a shared box decides it — hence several runs and their
 * medians.
 */
import type { GazetteerEntry } from '../server/geocoder/gazetteer.ts';
import type { StoredPlace } from '../server/geocoder/store/types.ts';
import { median } from './lib/report.ts';

export interface BenchQueries {
  search: string[];
  autocomplete: string[];
}

const sample = <T>(list: readonly T[], n: number): T[] =>
  Array.from({ length: Math.min(n, list.length) }, (_, i) => list[Math.floor((i * list.length) / n)] as T);

/** 60 urbanizaciones and 40 streets with their town, 20 built-in towns; 40 urbanizaciones half typed. */
export function benchQueries(
  served: readonly StoredPlace[],
  anchors: readonly GazetteerEntry[],
): BenchQueries {
  const urban = served.filter((p) => p.kind !== 'calle');
  const streets = served.filter((p) => p.kind === 'calle');
  return {
    search: [
      ...sample(urban, 60).map((p) => `${p.name}, ${p.ciudad}`),
      ...sample(streets, 40).map((p) => `${p.name}, ${p.ciudad}`),
      ...sample(anchors, 20).map((e) => e.name),
    ],
    autocomplete: sample(urban, 40).map((p) => p.name.slice(0, 7)),
  };
}

export interface Latency {
  /** Medians over the runs of each run's p50 and p99 (ms). */
  p50: number;
  p99: number;
  n: number;
  /** Each run's p99, to show the spread. */
  runsP99: number[];
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Latency of each query once after a warm-up pass, sorted. */
function oneRun(queries: readonly string[], find: (q: string) => unknown): number[] {
  for (const q of queries.slice(0, 20)) find(q);
  return queries
    .map((q) => {
      const t = performance.now();
      find(q);
      return performance.now() - t;
    })
    .sort((a, b) => a - b);
}

/** `runs` runs of the queries: the medians of their p50 and p99. */
export function latency(queries: readonly string[], find: (q: string) => unknown, runs: number): Latency {
  const all = Array.from({ length: runs }, () => oneRun(queries, find));
  return {
    p50: median(all.map((l) => percentile(l, 50))),
    p99: median(all.map((l) => percentile(l, 99))),
    n: queries.length,
    runsP99: all.map((l) => Number(percentile(l, 99).toFixed(2))),
  };
}
