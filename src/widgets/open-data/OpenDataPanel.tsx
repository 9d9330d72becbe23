import { useLayoutEffect, useRef, useState, type SyntheticEvent } from 'react';
import { MESSAGES } from '../../core/messages.ts';
import type { ImportSource } from '../../../workers/import/contract.ts';
import { canLearnPlaces } from '../../core/gazetteer/learn.ts';
import { ImportReport } from './ImportReport.tsx';
import { LearnPlaces } from './LearnPlaces.tsx';
import { GeocodeProgress, ImportProgress, IndexProgress } from './ImportProgress.tsx';
import { MappingStep } from './MappingStep.tsx';
import type { OpenDataActions, OpenDataStage } from './use-open-data.ts';

const T = MESSAGES.importData;
/** The step's first control (the header's close button comes before it in the document). */
const FIRST_CONTROL = 'input, select, button:not(.open-data__close)';

/**
 * Where focus goes in a step: its first control, or the close button in a step without one (a report with
 * nothing rejected), so Escape, which the dialog hears, still closes it.
 */
const focusStep = (panel: HTMLElement | null) =>
  (
    panel?.querySelector<HTMLElement>(FIRST_CONTROL) ?? panel?.querySelector<HTMLElement>('.open-data__close')
  )?.focus();

/** The first step: a file picker and an address to open; a cancel or failure message from before. */
function StartStep({ message, onSource }: { message: string | null; onSource: (s: ImportSource) => void }) {
  const [url, setUrl] = useState('');
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (url.trim() !== '') onSource({ kind: 'url', url: url.trim() });
  };
  return (
    <div className="open-data__step">
      {message ? (
        <p className="open-data__message" role="status">
          {message}
        </p>
      ) : null}
      <p className="open-data__hint">{T.intro}</p>
      <label className="open-data__file-input">
        <span>{T.chooseFile}</span>
        <input
          type="file"
          aria-label={T.fileInput}
          accept=".csv,.tsv,.txt,.json,.geojson,.parquet,.arrow,.arrows,.feather,.ipc"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = ''; // the same file chosen again opens again
            if (file) onSource({ kind: 'file', file, name: file.name });
          }}
        />
      </label>
      <form className="open-data__url" onSubmit={submit}>
        <label>
          <span>{T.urlLabel}</span>
          {/* Text, not type=url: a same-origin path ('/datos/ventas.csv') is a valid address here. */}
          <input
            type="text"
            inputMode="url"
            placeholder="https://"
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
            }}
          />
        </label>
        <button type="submit">{T.urlOpen}</button>
      </form>
    </div>
  );
}

/**
 * The "open data" dialog over the map: each step of the flow (use-open-data.ts). Focus moves into it when
 * it opens and back to the button that opened it when it closes; Escape closes it (cancelling a read).
 */
export function OpenDataPanel({ stage, actions }: { stage: OpenDataStage; actions: OpenDataActions }) {
  const ref = useRef<HTMLDivElement>(null);
  const open = stage.kind !== 'closed';
  // Layout effects, in this order: the opener is noted before the step's focus moves into the dialog.
  useLayoutEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusStep(ref.current);
    return () => {
      opener?.focus();
    };
  }, [open]);
  // Focus the new step's first control when the step changes (the old one's buttons are gone) — before the
  // step is painted: after it, a key pressed at once (Escape) found focus on the page, outside the dialog.
  useLayoutEffect(() => {
    if (open && !ref.current?.contains(document.activeElement)) focusStep(ref.current);
  }, [open, stage.kind]);
  if (stage.kind === 'closed') return null;
  const busy = stage.kind === 'reading' || stage.kind === 'geocoding';
  return (
    <div
      ref={ref}
      className="open-data"
      role="dialog"
      aria-modal="false"
      aria-label={T.dialog}
      data-stage={stage.kind}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        if (busy) actions.cancel();
        else actions.close();
      }}
    >
      <header className="open-data__header">
        <h2>{T.dialog}</h2>
        <button type="button" className="open-data__close" onClick={busy ? actions.cancel : actions.close}>
          {busy ? T.cancel : T.close}
        </button>
      </header>
      {stage.kind === 'start' ? <StartStep message={stage.message} onSource={actions.choose} /> : null}
      {stage.kind === 'inspecting' ? <p className="open-data__step">{stage.name}…</p> : null}
      {stage.kind === 'mapping' ? (
        <MappingStep
          preview={stage.preview}
          mapping={stage.mapping}
          defaultOperation={stage.defaultOperation}
          onChange={actions.setMapping}
          onLoad={actions.load}
          onBack={actions.open}
        />
      ) : null}
      {stage.kind === 'reading' ? (
        <ImportProgress name={stage.name} progress={stage.progress} onCancel={actions.cancel} />
      ) : null}
      {stage.kind === 'indexing' ? <IndexProgress progress={stage.progress} /> : null}
      {stage.kind === 'geocoding' ? (
        <GeocodeProgress
          done={stage.done}
          total={stage.total}
          onSkip={actions.skipGeocoding}
          onCancel={actions.cancel}
        />
      ) : null}
      {stage.kind === 'report' ? (
        <ImportReport
          preview={stage.preview}
          report={stage.report}
          onSwapFix={actions.swapFix}
          onDownload={actions.downloadRejected}
        />
      ) : null}
      {stage.kind === 'report' && canLearnPlaces(stage.plan.options.mapping) ? (
        <LearnPlaces
          source={stage.plan.source}
          mapping={stage.plan.options.mapping}
          fileName={stage.preview.name}
        />
      ) : null}
    </div>
  );
}
