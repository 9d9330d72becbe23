import { formatNumber } from '../../core/format.ts';
import { fill, MESSAGES } from '../../core/messages.ts';
import type { LoadProgress } from '../../../workers/contract.ts';
import type { ImportProgress as Progress } from '../../../workers/import/contract.ts';
import { loadStatusText } from '../transactions-map/load-status.ts';

const T = MESSAGES.importData;
const mb = (bytes: number) => formatNumber(bytes / 1024 / 1024, 1);

/** Rows read, rows per second and megabytes, with a bar when the size is known, and the cancel button. */
export function ImportProgress(props: { name: string; progress: Progress | null; onCancel: () => void }) {
  const { progress } = props;
  const fraction = progress?.totalBytes ? Math.min(1, progress.bytes / progress.totalBytes) : null;
  const rate = progress && progress.elapsedMs > 0 ? (progress.rows * 1000) / progress.elapsedMs : 0;
  const values = progress
    ? {
        rows: formatNumber(progress.rows, 0),
        rate: formatNumber(Math.round(rate), 0),
        mb: mb(progress.bytes),
        total: progress.totalBytes ? mb(progress.totalBytes) : '',
      }
    : null;
  return (
    <div className="open-data__step">
      <p>{fill(T.reading, { name: props.name })}</p>
      <div
        className="open-data__bar"
        role="progressbar"
        aria-label={fill(T.reading, { name: props.name })}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(fraction === null ? {} : { 'aria-valuenow': Math.round(fraction * 100) })}
      >
        <span style={{ width: `${String(Math.round((fraction ?? 0) * 100))}%` }} />
      </div>
      <p className="open-data__progress" aria-live="polite" data-rows={progress?.rows ?? 0}>
        {values ? fill(progress?.totalBytes ? T.progressOf : T.progress, values) : '…'}
      </p>
      <div className="open-data__buttons">
        <button type="button" onClick={props.onCancel}>
          {T.cancel}
        </button>
      </div>
    </div>
  );
}

/** Addresses placed so far, with a bar; "Omitir" keeps what was found and loads the rest as not placed. */
export function GeocodeProgress(props: {
  done: number;
  total: number;
  onSkip: () => void;
  onCancel: () => void;
}) {
  const text = fill(T.geocoding, { done: formatNumber(props.done, 0), total: formatNumber(props.total, 0) });
  return (
    <div className="open-data__step">
      <div
        className="open-data__bar"
        role="progressbar"
        aria-label={text}
        aria-valuemin={0}
        aria-valuemax={props.total}
        aria-valuenow={props.done}
      >
        <span
          style={{ width: `${String(props.total ? Math.round((props.done / props.total) * 100) : 0)}%` }}
        />
      </div>
      <p aria-live="polite">{text}</p>
      <div className="open-data__buttons">
        <button type="button" onClick={props.onSkip}>
          {T.geocodeSkip}
        </button>
        <button type="button" onClick={props.onCancel}>
          {T.cancel}
        </button>
      </div>
    </div>
  );
}

/**
 * The table on its way into the map: grouped there, a large one shown first from a sample (the same words as
 * the explorer's own progress bar). Nothing to cancel: the previous data has already left the map.
 */
export function IndexProgress(props: { progress: LoadProgress | null }) {
  const text = props.progress ? loadStatusText(props.progress) : T.indexing;
  const percent = Math.round((props.progress?.fraction ?? 0) * 100);
  return (
    <div className="open-data__step">
      <p aria-live="polite" data-phase={props.progress?.phase ?? ''}>
        {text}
      </p>
      <div
        className="open-data__bar"
        role="progressbar"
        aria-label={text}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${String(percent)}%` }} />
      </div>
    </div>
  );
}
