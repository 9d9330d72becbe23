import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * Where widgets report what they show, for an app's test API (WebGL pixels are opaque to browser tests).
 * Nothing is reported — and no global is touched — until an app installs a sink; the demo installs one only
 * when a test asks for it. Reports carry numbers, ids and labels, never records.
 */
export interface InspectSink {
  /** The latest state of one widget instance (`kind`: which widget, `id`: its map id). */
  publish(kind: string, id: string, state: unknown): void;
  /** The widget instance went away. */
  forget(kind: string, id: string): void;
  /** The MapLibre map of a widget instance (tests turn lng/lat into pixels through it), or null when gone. */
  attachMap(kind: string, id: string, map: MapLibreMap | null): void;
  /** Work a widget started that the page is not settled without (a table download, say), until it ends. */
  track(work: Promise<unknown>): void;
}

let sink: InspectSink | null = null;

/** Installs (or with null removes) the sink every widget reports to. */
export function installInspectSink(next: InspectSink | null): void {
  sink = next;
}

/** The installed sink, or null: callers build their report only when there is someone to read it. */
export function inspectSink(): InspectSink | null {
  return sink;
}
