/**
 * Shared by the peer pages of the browser benchmark: the same generated transactions as the explorer (VEPT
 * from the embedded service), the same three filters, and a long-task log. Each page exposes `window.__peer`.
 */
import { decodeTable } from '../../../src/core/table-codec.ts';
import type { PropertyTable } from '../../../src/core/types.ts';

export type FilterName = 'quarter' | 'sale' | 'all';

export interface PeerApi {
  /** Load n transactions and draw the first clusters; resolves with ms since the call. */
  load(n: number): Promise<number>;
  filter(name: FilterName): Promise<number>;
  pan(): Promise<number>;
  /** Long tasks (> 50 ms) since the last call: [count, worst ms]. */
  takeLongTasks(): [number, number];
  /** Markers clustered so far of those being added: [processed, total] (Leaflet's chunked loading only). */
  progress?(): [number, number];
  /** The MapLibre map, for the continuous pan/zoom frame rate (MapLibre's page only). */
  map?: unknown;
}

declare global {
  interface Window {
    __peer?: PeerApi;
  }
}

/** Whether the page draws the explorer's offline base map (the default) or a plain background (`?base=none`). */
export function baseMapWanted(): boolean {
  return new URLSearchParams(window.location.search).get('base') !== 'none';
}

export async function fetchTable(n: number): Promise<PropertyTable> {
  const response = await fetch(`/api/data/transactions.bin?count=${String(n)}&seed=1`);
  if (!response.ok) throw new Error(`HTTP ${String(response.status)}`);
  return decodeTable(await response.arrayBuffer());
}

/** Row predicate of a filter, as the explorer applies it: one quarter (the last), sales, or everything. */
export function predicate(table: PropertyTable, name: FilterName): (i: number) => boolean {
  const lastQuarter = table.quarters.length - 1;
  if (name === 'quarter') return (i) => table.quarter[i] === lastQuarter;
  if (name === 'sale') return (i) => table.operation[i] === 0;
  return () => true;
}

let longTasks: number[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push(entry.duration);
}).observe({ type: 'longtask', buffered: true });

export function takeLongTasks(): [number, number] {
  const taken = longTasks;
  longTasks = [];
  return [taken.length, taken.length === 0 ? 0 : Math.max(...taken)];
}

export const nextFrame = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => {
      resolve();
    });
  });
