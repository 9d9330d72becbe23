import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { detectMapping, type ColumnMapping } from '../../core/ingest/columns.ts';
import type { IngestReport } from '../../core/ingest/report.ts';
import { fill, MESSAGES } from '../../core/messages.ts';
import type { ClusterMapController } from '../../map/cluster-map-controller.ts';
import { useGeocoderSetup } from '../../state/geocoder-api.ts';
import { isEngineClosed } from '../../../workers/client.ts';
import type { LoadProgress, LoadResult } from '../../../workers/contract.ts';
import { ImportClient, isImportCancelled } from '../../../workers/import/client.ts';
import {
  expectedRows,
  readOptionsKey,
  type ImportPreview,
  type ImportProgress,
  type ImportSource,
  type ReadOptions,
} from '../../../workers/import/contract.ts';
import { sameBar } from '../transactions-map/load-status.ts';
import { baseName, downloadBlob } from './download.ts';
import { EarlyGeocode } from './early-geocode.ts';
import { geocodeAddresses, importTable, reloadSource, type ImportPlan } from './import-flow.ts';
import { recallMapping, rememberMapping } from './mapping-memory.ts';

const T = MESSAGES.importData;

/** Where the analyst is in opening a file. */
export type OpenDataStage =
  | { kind: 'closed' }
  | { kind: 'start'; message: string | null }
  | { kind: 'inspecting'; name: string }
  | {
      kind: 'mapping';
      source: ImportSource;
      preview: ImportPreview;
      mapping: ColumnMapping;
      defaultOperation: 'Venta' | 'Alquiler';
    }
  | { kind: 'reading'; name: string; progress: ImportProgress | null }
  | { kind: 'geocoding'; name: string; done: number; total: number }
  /** The table handed to the map, indexed there (a large one is drawn first from a sample). */
  | { kind: 'indexing'; name: string; progress: LoadProgress | null }
  | {
      kind: 'report';
      preview: ImportPreview;
      report: IngestReport;
      plan: ImportPlan;
      rejectedCsv: Uint8Array;
    };

export interface OpenDataActions {
  open: () => void;
  close: () => void;
  choose: (source: ImportSource) => void;
  setMapping: (mapping: ColumnMapping, defaultOperation: 'Venta' | 'Alquiler') => void;
  load: () => void;
  cancel: () => void;
  skipGeocoding: () => void;
  swapFix: () => void;
  downloadRejected: () => void;
}

/**
 * The "open data" flow of the transactions map: file or URL → preview and column mapping (detected, or
 * remembered for this header) → read in the import worker with progress → address-only rows geocoded →
 * the table into the controller (the map's previous data stays until then: a cancel or a failure leaves it)
 * → indexed there with progress (a large table drawn first from a sample) → the report. `onLoaded` hears
 * of the new data as the page hears of any load, `onIndexing` of the index's progress (with the rows' box).
 */
export function useOpenData(
  controller: ClusterMapController | null,
  onLoaded: (info: LoadResult, name: string, bounds: [number, number, number, number] | null) => void,
  onIndexing?: (progress: LoadProgress, bounds: [number, number, number, number] | null) => void,
): { stage: OpenDataStage; actions: OpenDataActions } {
  const [stage, setStage] = useState<OpenDataStage>({ kind: 'closed' });
  const geocoder = useGeocoderSetup();
  const [early] = useState(() => new EarlyGeocode());
  const client = useRef<ImportClient | null>(null);
  const geocoding = useRef<AbortController | null>(null);
  const current = useRef(stage);
  const loaded = useRef(onLoaded);
  const indexing = useRef(onIndexing);
  /** The read that the panel follows; a close, a cancel or another file moves on from it. */
  const runs = useRef(0);
  useLayoutEffect(() => {
    current.current = stage;
    loaded.current = onLoaded;
    indexing.current = onIndexing;
  });

  const worker = () => (client.current ??= new ImportClient());
  useEffect(
    () => () => {
      client.current?.cancel();
      geocoding.current?.abort();
      early.stop();
    },
    [early],
  );

  const fail = useCallback((error: unknown) => {
    if (isImportCancelled(error) || isEngineClosed(error)) return;
    const reason = error instanceof Error ? error.message : String(error);
    setStage({ kind: 'start', message: fill(T.failed, { reason }) });
  }, []);

  /**
   * The read begins under the mapping on screen («Cargar» picks it up where it is), and once it is done the
   * addresses it found are geocoded (early-geocode.ts) — both dropped for a new mapping.
   */
  const prepare = useCallback(
    (source: ImportSource, options: ReadOptions) => {
      early.stop();
      const key = readOptionsKey(options);
      worker()
        .prepare(source, options)
        .then((summary) => {
          const s = current.current;
          if (!summary || s.kind !== 'mapping' || readOptionsKey(s) !== key) return;
          early.start(key, geocoder, summary.addresses);
        })
        .catch(() => undefined); // the read after the click says what went wrong
    },
    [early, geocoder],
  );

  const choose = useCallback(
    (source: ImportSource) => {
      const name = source.kind === 'file' ? source.name : source.url;
      runs.current++;
      // A file dropped while another is read replaces it: the old read stops first.
      const busy = current.current.kind;
      if (busy === 'reading' || busy === 'geocoding' || busy === 'inspecting') {
        geocoding.current?.abort();
        client.current?.cancel();
      }
      early.stop();
      setStage({ kind: 'inspecting', name });
      worker()
        .inspect(source)
        .then((preview) => {
          // The index build gets ready while the analyst maps the columns (a cold build pool costs ~0.4 s
          // at 1M rows); a file that is never loaded costs a small synthetic build.
          controller?.prepareLoad(expectedRows(preview));
          const mapping = recallMapping(preview.header) ?? detectMapping(preview.header);
          setStage({ kind: 'mapping', source, preview, mapping, defaultOperation: 'Venta' });
          // The read begins once the step is on screen: begun with it, the read's workers held the step's
          // first frame back (~25 ms here, timed in the page) for no gain — a click comes after it anyway.
          const shown = runs.current;
          requestAnimationFrame(() =>
            setTimeout(() => {
              const s = current.current;
              if (runs.current === shown && s.kind === 'mapping')
                prepare(s.source, { mapping: s.mapping, defaultOperation: s.defaultOperation });
            }, 0),
          );
        }, fail);
    },
    [controller, fail, prepare, early],
  );

  const run = useCallback(
    (plan: ImportPlan, preview: ImportPreview) => {
      const name = preview.name;
      const run = ++runs.current;
      setStage({ kind: 'reading', name, progress: null });
      const hooks = {
        onProgress: (progress: ImportProgress) => {
          if (current.current.kind === 'reading') setStage({ kind: 'reading', name, progress });
        },
        geocode: async (addresses: Parameters<typeof geocodeAddresses>[1]) => {
          const stop = new AbortController();
          geocoding.current = stop;
          const progress = (done: number, total: number) => {
            setStage({ kind: 'geocoding', name, done, total });
          };
          progress(0, addresses.length);
          // What the early batch has not answered yet is waited for, so that nothing is asked twice.
          await early.settle(readOptionsKey(plan.options), stop.signal, progress);
          return geocodeAddresses(geocoder, addresses, stop.signal, progress);
        },
      };
      importTable(worker(), plan, hooks)
        .then(async (outcome) => {
          if (!controller) return;
          // The first call hands over this table; a worker crash later re-reads the file instead.
          let first: typeof outcome.table | null = outcome.table;
          const again = reloadSource(plan, outcome.placements);
          setStage({ kind: 'indexing', name, progress: null });
          const info = await controller.load(
            () => {
              const table = first;
              first = null;
              return table ?? again();
            },
            (progress) => {
              indexing.current?.(progress, outcome.bounds);
              if (runs.current !== run) return;
              // Only an open «Agrupando…» step follows it (a closed dialog stays closed until the report).
              setStage((s) =>
                s.kind !== 'indexing' || (s.progress !== null && sameBar(s.progress, progress))
                  ? s
                  : { kind: 'indexing', name, progress },
              );
            },
            { name, readMs: outcome.summary.elapsedMs, helperGroups: outcome.summary.helperGroups },
          );
          loaded.current(info, name, outcome.bounds);
          // Another file chosen, or the read cancelled, meanwhile: the data is in, no report over the new step.
          if (runs.current !== run) return;
          setStage({
            kind: 'report',
            preview,
            report: outcome.report,
            plan,
            rejectedCsv: outcome.rejectedCsv,
          });
        })
        .catch(fail);
    },
    [controller, geocoder, fail, early],
  );

  const actions: OpenDataActions = {
    open: () => {
      setStage({ kind: 'start', message: null });
    },
    close: () => {
      // Closed while the map indexes the table: the data is coming, and so is its report (rejected rows are
      // not to go unseen), which opens the dialog again when the table is in.
      if (current.current.kind !== 'indexing') runs.current++;
      client.current?.cancel();
      early.stop();
      setStage({ kind: 'closed' });
    },
    choose,
    setMapping: (mapping, defaultOperation) => {
      const s = current.current;
      if (s.kind !== 'mapping') return;
      setStage({ ...s, mapping, defaultOperation });
      prepare(s.source, { mapping, defaultOperation });
    },
    load: () => {
      const s = current.current;
      if (s.kind !== 'mapping') return;
      rememberMapping(s.preview.header, s.mapping);
      const options = { mapping: s.mapping, defaultOperation: s.defaultOperation };
      run({ source: s.source, options, swapCoordinates: false }, s.preview);
    },
    cancel: () => {
      runs.current++;
      geocoding.current?.abort();
      early.stop();
      client.current?.cancel();
      setStage({ kind: 'start', message: T.cancelled });
    },
    skipGeocoding: () => {
      geocoding.current?.abort();
    },
    swapFix: () => {
      const s = current.current;
      if (s.kind === 'report') run({ ...s.plan, swapCoordinates: true }, s.preview);
    },
    downloadRejected: () => {
      const s = current.current;
      if (s.kind !== 'report') return;
      const blob = new Blob([s.rejectedCsv as Uint8Array<ArrayBuffer>], { type: 'text/csv;charset=utf-8' });
      downloadBlob(blob, `${baseName(s.preview.name)}-rechazadas.csv`);
    },
  };
  return { stage, actions };
}
