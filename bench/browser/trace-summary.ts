/**
 * Reads a Chromium trace (CDP Tracing, JSON events) into the main-thread tasks over 50 ms: when, in which
 * phase (the `fase:*` performance marks), what kinds of work filled them (their direct children: script,
 * GC, compile, style, layout, paint…) and which JavaScript functions took the most self time (the V8 CPU
 * profiler's samples inside the task).
 */
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      functionName?: string;
      url?: string;
      cpuProfile?: {
        nodes?: {
          id: number;
          parent?: number;
          callFrame: { functionName?: string; url?: string; lineNumber?: number };
        }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
  };
}

export interface LongTask {
  phase: string;
  atMs: number;
  ms: number;
  kinds: [string, number][];
  functions: [string, number][];
}

const LONG_US = 50_000;
const TOP = 5;

/** Readable names for the trace's event names. */
function kindOf(e: TraceEvent): string {
  const name = e.name;
  if (/GC|Scavenge|MarkCompact/i.test(name)) return 'GC';
  if (name === 'v8.compile' || name === 'v8.compileModule' || name.startsWith('V8.Compile')) return 'compile';
  if (name === 'UpdateLayoutTree' || name === 'RecalculateStyles') return 'style';
  if (name === 'Layout') return 'layout';
  if (name === 'Paint' || name === 'PrePaint' || name === 'Layerize' || name === 'UpdateLayer')
    return 'paint';
  if (name === 'ParseHTML') return 'parse HTML';
  const url = e.args?.data?.url ?? '';
  const file = url ? url.split('/').pop()?.split('?')[0] : '';
  if (name === 'EvaluateScript' || name === 'v8.evaluateModule') return `evaluate ${file ?? ''}`.trim();
  if (name === 'FireAnimationFrame') return 'animation frame';
  if (name === 'EventDispatch') return 'event';
  if (name === 'TimerFire') return 'timer';
  if (name === 'FunctionCall') return `script ${file ?? ''}`.trim();
  if (name === 'HandlePostMessage' || name === 'v8.callFunction') return 'message/callback';
  return name;
}

interface Sample {
  ts: number;
  weight: number;
  frame: string;
}

/** Every CPU profiler sample with its time and the function it landed in, per thread `pid:tid`. */
function samplesByThread(events: readonly TraceEvent[]): Map<string, Sample[]> {
  const profiles = new Map<string, { thread: string; time: number; nodes: Map<number, string> }>();
  const out = new Map<string, Sample[]>();
  for (const e of events) {
    if (e.name === 'Profile' && e.id) {
      profiles.set(e.id, {
        thread: `${String(e.pid)}:${String(e.tid)}`,
        time: e.args?.data?.startTime ?? e.ts,
        nodes: new Map(),
      });
    }
    if (e.name !== 'ProfileChunk' || !e.id) continue;
    const profile = profiles.get(e.id);
    const data = e.args?.data;
    if (!profile || !data) continue;
    for (const node of data.cpuProfile?.nodes ?? []) {
      const { functionName, url, lineNumber } = node.callFrame;
      const file = url?.split('/').pop()?.split('?')[0] ?? '';
      const name = functionName || '(anónima)';
      profile.nodes.set(node.id, file ? `${name} ${file}:${String((lineNumber ?? 0) + 1)}` : name);
    }
    const list = out.get(profile.thread) ?? [];
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    samples.forEach((node, k) => {
      const delta = deltas[k] ?? 0;
      profile.time += delta;
      list.push({ ts: profile.time, weight: 0, frame: profile.nodes.get(node) ?? String(node) });
    });
    out.set(profile.thread, list);
  }
  for (const list of out.values()) {
    list.sort((a, b) => a.ts - b.ts);
    // A sample stands for the time until the next one.
    list.forEach((s, k) => (s.weight = Math.min(5_000, (list[k + 1]?.ts ?? s.ts) - s.ts)));
  }
  return out;
}

function top(map: Map<string, number>): [string, number][] {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([k, us]) => [k, us / 1000]);
}

export function summarizeTrace(events: readonly TraceEvent[]): LongTask[] {
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${String(e.pid)}:${String(e.tid)}`),
  );
  const marks = events
    .filter((e) => e.name.startsWith('fase:'))
    .map((e) => ({ ts: e.ts, name: e.name.slice(5) }))
    .sort((a, b) => a.ts - b.ts);
  const origin = marks[0]?.ts ?? 0;
  const end = marks.at(-1)?.ts ?? Number.POSITIVE_INFINITY;
  const phaseAt = (ts: number) => marks.filter((m) => m.ts <= ts).at(-1)?.name ?? 'antes';
  const complete = events.filter((e) => e.ph === 'X' && e.dur !== undefined);
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of complete) {
    const key = `${String(e.pid)}:${String(e.tid)}`;
    if (!mainThreads.has(key)) continue;
    const list = byThread.get(key) ?? [];
    list.push(e);
    byThread.set(key, list);
  }
  const samples = samplesByThread(events);
  const tasks: LongTask[] = [];
  for (const [thread, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    for (const task of list) {
      if (task.name !== 'RunTask' || (task.dur ?? 0) < LONG_US || task.ts < origin || task.ts > end) continue;
      const stop = task.ts + (task.dur ?? 0);
      const kinds = new Map<string, number>();
      let coveredUntil = task.ts;
      for (const child of list) {
        if (child === task || child.ts < task.ts || child.ts >= stop) continue;
        if (child.ts < coveredUntil) continue; // inside an earlier direct child
        const dur = Math.min(child.dur ?? 0, stop - child.ts);
        kinds.set(kindOf(child), (kinds.get(kindOf(child)) ?? 0) + dur);
        coveredUntil = child.ts + dur;
      }
      const functions = new Map<string, number>();
      for (const s of samples.get(thread) ?? []) {
        if (s.ts < task.ts || s.ts >= stop) continue;
        functions.set(s.frame, (functions.get(s.frame) ?? 0) + s.weight);
      }
      tasks.push({
        phase: phaseAt(task.ts),
        atMs: (task.ts - origin) / 1000,
        ms: (task.dur ?? 0) / 1000,
        kinds: top(kinds),
        functions: top(functions),
      });
    }
  }
  return tasks.sort((a, b) => a.atMs - b.atMs);
}
