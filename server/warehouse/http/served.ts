/**
 * The warehouse the service answers from. Opened once, on the first request or on `warm()`; then, when its
 * source can say so (source.ts: a ClickHouse load published, the DuckDB file replaced), a newer load is
 * looked for at most every `everyMs`, in the background of a request — never in its way. A newer load is
 * opened beside the served one and takes over only once open (its whole-table figures stored), so no request
 * meets a half-open warehouse; the old one is closed after `retireMs`, when the requests that took it have
 * ended (its engine's close waits for any still running).
 */
import type { Warehouse } from '../queries.ts';
import type { WarehouseSource } from '../source.ts';

/** Longer than a query may wait in line and run (8 waiting, 2 running, 10 s each). */
const RETIRE_MS = 60_000;

export interface ServedOptions {
  /** Least time between two looks for a newer load. @default 10000 */
  everyMs?: number;
  /** Time the replaced warehouse stays open for the requests that took it. @default 60000 */
  retireMs?: number;
}

export interface ServedState {
  promise?: Promise<Warehouse>;
  value?: Warehouse;
  error?: unknown;
}

export interface Served {
  /** The state, opening the warehouse on the first call; looks for a newer load when it is time. */
  (): ServedState;
  /** Looks for a newer load now and switches to it once open; true when it did. */
  refresh: () => Promise<boolean>;
}

/** A source that only opens (a fixed warehouse: tests, benchmarks). */
const once = (open: () => Promise<Warehouse>): WarehouseSource => ({
  open,
  newer: () => Promise.resolve(null),
});

export function served(
  source: WarehouseSource | (() => Promise<Warehouse>),
  options: ServedOptions = {},
): Served {
  const from = typeof source === 'function' ? once(source) : source;
  const everyMs = options.everyMs ?? 10_000;
  const retireMs = options.retireMs ?? RETIRE_MS;
  const state: ServedState = {};
  let looked = 0;
  let looking: Promise<boolean> | null = null;

  const refresh = (): Promise<boolean> => {
    const old = state.value;
    if (!old) return Promise.resolve(false);
    looking ??= from
      .newer()
      .then(
        (next) => {
          if (!next) return false;
          state.value = next;
          setTimeout(() => void old.engine.close(), retireMs).unref();
          console.info(`Almacén de datos: se sirve la carga nueva (${next.dataVersion}).`);
          return true;
        },
        (error: unknown) => {
          // The served load keeps answering; the next look tries again.
          console.error('No se pudo abrir la carga nueva del almacén de datos:', error);
          return false;
        },
      )
      .finally(() => {
        looked = Date.now();
        looking = null;
      });
    return looking;
  };

  const current = (): ServedState => {
    if (!state.promise) {
      state.promise = from.open().then(
        (wh) => {
          looked = Date.now();
          return (state.value = wh);
        },
        (error: unknown) => {
          console.error('El almacén de datos no se pudo abrir:', error);
          state.error = error;
          throw error;
        },
      );
      state.promise.catch(() => undefined);
    } else if (state.value && !looking && Date.now() - looked >= everyMs) void refresh();
    return state;
  };
  return Object.assign(current, { refresh });
}
