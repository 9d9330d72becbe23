/**
 * «Aprender ubicaciones» (issue 38 §3) for the file just loaded: its places read in a worker of their own
 * (the import's worker is released after a load), what the search answers today looked up, the analyst's
 * choice added to the local gazetteer, and that gazetteer downloaded as the organisation CSV.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LearnResult } from '../../core/gazetteer/learn.ts';
import { sourceNote, type LocalPlace } from '../../core/gazetteer/local-places.ts';
import { organisationCsv } from '../../core/gazetteer/org-csv.ts';
import type { ColumnMapping } from '../../core/ingest/columns.ts';
import { fill, MESSAGES } from '../../core/messages.ts';
import { localGazetteer } from '../../geocoding/local-gazetteer.ts';
import { useGeocoderSetup } from '../../state/geocoder-api.ts';
import { ImportClient, isImportCancelled } from '../../../workers/import/client.ts';
import type { ImportSource } from '../../../workers/import/contract.ts';
import { downloadText } from './download.ts';
import { lookUpToday, type TodayAnswer } from './today-answers.ts';

const T = MESSAGES.learnPlaces;

export type LearnStage =
  | { kind: 'closed' }
  | { kind: 'reading' }
  | { kind: 'failed'; message: string }
  | {
      kind: 'review';
      result: LearnResult;
      chosen: ReadonlySet<number>;
      today: ReadonlyMap<number, TodayAnswer>;
      /** What the last add or the stored gazetteer said (Spanish), or null. */
      note: string | null;
    };

export interface LearnActions {
  open: () => void;
  close: () => void;
  toggle: (index: number) => void;
  toggleAll: () => void;
  add: () => void;
  download: () => void;
}

export function useLearnPlaces(
  source: ImportSource,
  mapping: ColumnMapping,
  fileName: string,
): { stage: LearnStage; actions: LearnActions; stored: number } {
  const [stage, setStage] = useState<LearnStage>({ kind: 'closed' });
  const [stored, setStored] = useState(() => localGazetteer.current().places.length);
  const setup = useGeocoderSetup();
  const run = useRef<{ client: ImportClient; stop: AbortController } | null>(null);

  const stop = useCallback(() => {
    run.current?.client.cancel();
    run.current?.stop.abort();
    run.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const open = useCallback(() => {
    stop();
    const mine = { client: new ImportClient(), stop: new AbortController() };
    run.current = mine;
    setStage({ kind: 'reading' });
    mine.client
      .learnPlaces(source, mapping)
      .then((result) => {
        mine.client.release(); // the worker's memory goes now; the lookups need none of it
        if (run.current !== mine) return;
        const notice = localGazetteer.current().notice;
        const today = new Map<number, TodayAnswer>(result.proposals.map((_, i) => [i, { kind: 'looking' }]));
        setStage({ kind: 'review', result, chosen: new Set(), today, note: notice });
        void lookUpToday(result.proposals, setup, mine.stop.signal, (index, answer) => {
          setStage((s) => (s.kind === 'review' ? { ...s, today: new Map(s.today).set(index, answer) } : s));
        });
      })
      .catch((error: unknown) => {
        if (isImportCancelled(error) || run.current !== mine) return;
        const reason = error instanceof Error ? error.message : String(error);
        setStage({ kind: 'failed', message: fill(T.failed, { reason }) });
      });
  }, [source, mapping, setup, stop]);

  const review = (change: (s: Extract<LearnStage, { kind: 'review' }>) => LearnStage) => {
    setStage((s) => (s.kind === 'review' ? change(s) : s));
  };

  const actions: LearnActions = {
    open,
    close: () => {
      stop();
      setStage({ kind: 'closed' });
    },
    toggle: (index) => {
      review((s) => {
        const chosen = new Set(s.chosen);
        if (!chosen.delete(index)) chosen.add(index);
        return { ...s, chosen };
      });
    },
    toggleAll: () => {
      review((s) => {
        const all = s.chosen.size === s.result.proposals.length;
        return { ...s, chosen: all ? new Set() : new Set(s.result.proposals.map((_, i) => i)) };
      });
    },
    add: () => {
      if (stage.kind !== 'review' || stage.chosen.size === 0) return;
      const places: LocalPlace[] = [...stage.chosen]
        .sort((a, b) => a - b)
        .flatMap((i) => {
          const p = stage.result.proposals[i];
          return p ? [{ ...p, fuente: sourceNote(fileName) }] : [];
        });
      const added = localGazetteer.add(places);
      if (added.ok) setStored(added.total);
      review((s) => ({
        ...s,
        chosen: added.ok ? new Set() : s.chosen,
        note: added.ok ? fill(T.added, { n: places.length, total: added.total }) : added.error,
      }));
    },
    download: () => {
      const places = localGazetteer.current().places;
      if (places.length > 0) downloadText(organisationCsv(places), T.fileName, 'text/csv;charset=utf-8');
    },
  };
  return { stage, actions, stored };
}
