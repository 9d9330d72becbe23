/**
 * CPU time of Chromium's processes read from /proc (Linux), for the browser benchmarks that ask where the
 * machine's cores went: by process type, or by process type and thread (Chromium names its threads, so the
 * GPU process's main thread, SwiftShader's rasterizer threads and the renderer's workers can be told apart).
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** Utime + stime of a /proc stat line, in ticks (fields 14 and 15; the name may hold spaces). */
function statTicks(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Chromium's processes: pid and type (`--type=`; the browser process has none). */
function chromiumProcesses(): { pid: string; type: string }[] {
  const found: { pid: string; type: string }[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes('chromium')) found.push({ pid, type: /--type=([a-z-]+)/.exec(cmd)?.[1] ?? 'browser' });
    } catch {
      /* the process ended meanwhile */
    }
  }
  return found;
}

/** CPU ticks (user + system) so far of Chromium's processes, by process type. */
export function chromiumTicks(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { pid, type } of chromiumProcesses()) {
    try {
      out[type] = (out[type] ?? 0) + statTicks(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      /* ended */
    }
  }
  return out;
}

/**
 * CPU ticks so far by `type:thread` (thread names with their digits folded, so SwiftShader's numbered
 * threads add up). A thread that ended before the second reading is lost from the difference; the callers
 * read across a load whose threads live on.
 */
export function chromiumThreadTicks(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { pid, type } of chromiumProcesses()) {
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // ended
    }
    for (const tid of tids) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = (/\((.*)\)/.exec(stat)?.[1] ?? '?').replace(/\d+/g, '#');
        const key = `${type}:${name}`;
        out[key] = (out[key] ?? 0) + statTicks(stat);
      } catch {
        /* ended */
      }
    }
  }
  return out;
}

/** Seconds of CPU between two readings, per key (keys only in `after` count from zero). */
export function cpuSeconds(
  before: Record<string, number>,
  after: Record<string, number>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, ticks] of Object.entries(after))
    out[key] = Math.max(0, ticks - (before[key] ?? 0)) / TICKS_PER_SECOND;
  return out;
}
