/**
 * The pooled build's work, phase by phase, measured in CPU time on one thread (the program run in lockstep),
 * so the numbers hold on a machine that other processes keep busy — wall-clock builds there measure the
 * neighbours as much as the build:
 *   node --import tsx bench/engine/pool-phases.ts [--sizes 1000000,5000000] [--workers 2] [--runs 3]
 * For each phase: the slowest worker's CPU (what the phase costs on as many idle cores as workers) and the
 * sum over workers. "critical path" adds the slowest of every phase: the build's time on idle cores if the
 * workers never waited on memory for each other (a lower bound). Beside it, the single build's CPU time.
 */
import { parseArgs } from 'node:util';
import { validRows } from '../../src/core/table-check.ts';
import { buildHierarchy } from '../../workers/engine/hierarchy.ts';
import { allocateBuild } from '../../workers/engine/pool/buffers.ts';
import { poolBuildProgram } from '../../workers/engine/pool/build-program.ts';
import { median } from '../lib/report.ts';
import { syntheticTable } from './synthetic.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000000,5000000' },
    workers: { type: 'string', default: '2' },
    runs: { type: 'string', default: '3' },
  },
});
const OPTIONS = { radius: 40, extent: 512, minZoom: 0, maxZoom: 18, minPoints: 2 };
const LEVEL_PHASES = ['sort: buckets', 'sort: counts', 'sort: offsets', 'sort: scatter', 'resolve'];
const LEVEL_REST = ['sums + counts', 'seeds', 'memberships'];

const cpuMs = (fn: () => unknown): number => {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/** Barriers before the levels: 2 for the valid rows, 1 for collapsing stacks. */
const BEFORE_LEVELS = 3;

/**
 * Name of phase `i` of `count` (the program's barriers, build-program.ts): the valid rows, the stack collapse,
 * 8 per level, then the layout — grouping, one per level for the descendant counts, planning, walks.
 */
function phaseName(i: number, count: number): string {
  const levels = (count - BEFORE_LEVELS - 3) / 9;
  const layout = BEFORE_LEVELS + 8 * levels;
  if (i < 2) return 'valid rows';
  if (i < BEFORE_LEVELS) return 'collapse stacks (one worker)';
  if (i < layout) return [...LEVEL_PHASES, ...LEVEL_REST][(i - BEFORE_LEVELS) % 8] ?? '?';
  if (i === layout) return 'layout: grouping (one worker)';
  if (i <= layout + levels) return 'layout: descendant counts';
  if (i === count - 2) return 'layout: jobs (one worker)';
  return 'layout: walks';
}

function measure(n: number, workers: number): { phases: Map<string, [number, number]>; single: number } {
  const table = syntheticTable(n);
  const buffers = allocateBuild(table, workers, OPTIONS, false);
  const programs = Array.from({ length: workers }, (_, w) => poolBuildProgram(buffers, w));
  const steps: number[][] = [];
  const state = { done: false };
  while (!state.done) {
    steps.push(
      programs.map((p) =>
        cpuMs(() => {
          if (p.next().done) state.done = true;
        }),
      ),
    );
  }
  const phases = new Map<string, [number, number]>();
  steps.forEach((times, i) => {
    const name = phaseName(i, steps.length);
    const [slowest, sum] = phases.get(name) ?? [0, 0];
    phases.set(name, [slowest + Math.max(...times), sum + times.reduce((a, b) => a + b, 0)]);
  });
  const single = cpuMs(() => buildHierarchy(table.lng, table.lat, validRows(table), OPTIONS));
  return { phases, single };
}

const workers = Number(values.workers);
for (const n of values.sizes.split(',').map(Number)) {
  const runs = Array.from({ length: Number(values.runs) }, () => measure(n, workers));
  const names = [...(runs[0]?.phases.keys() ?? [])];
  const at = (name: string, k: 0 | 1) => median(runs.map((r) => r.phases.get(name)?.[k] ?? 0));
  const critical = median(runs.map((r) => [...r.phases.values()].reduce((a, [s]) => a + s, 0)));
  const total = median(runs.map((r) => [...r.phases.values()].reduce((a, [, s]) => a + s, 0)));
  const single = median(runs.map((r) => r.single));
  console.log(
    `\n${n.toLocaleString('en')} points, ${String(workers)} workers (medians of ${values.runs} runs, CPU ms)`,
  );
  for (const name of names)
    console.log(`  ${name.padEnd(30)} ${at(name, 0).toFixed(0).padStart(6)} / ${at(name, 1).toFixed(0)}`);
  console.log(
    `  critical path ${critical.toFixed(0)} ms; all workers ${total.toFixed(0)} ms; single build ${single.toFixed(0)} ms ` +
      `(${(single / critical).toFixed(2)}× on idle cores)`,
  );
}
