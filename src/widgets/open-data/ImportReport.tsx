import { LEVELS } from '../../core/ingest/geocode-batch.ts';
import { MAX_KEPT_REJECTED, REJECTION, type IngestReport } from '../../core/ingest/report.ts';
import { formatNumber } from '../../core/format.ts';
import { fill, MESSAGES } from '../../core/messages.ts';
import type { ImportPreview } from '../../../workers/import/contract.ts';
import { fileSummary } from './MappingStep.tsx';

const T = MESSAGES.importData;
const n = (value: number) => formatNumber(value, 0);

/**
 * What became of every row: placed, swapped on request, geocoded per level, rejected per reason with the
 * first rows of each (line and cells, as text) and the download of all of them; the swap fix is offered.
 */
export function ImportReport(props: {
  preview: ImportPreview;
  report: IngestReport;
  onSwapFix: () => void;
  onDownload: () => void;
}) {
  const { preview, report } = props;
  const rejected = Object.values(REJECTION).filter((reason) => (report.rejected.counts[reason] ?? 0) > 0);
  const total = rejected.reduce((sum, reason) => sum + (report.rejected.counts[reason] ?? 0), 0);
  const geocoded = LEVELS.reduce((sum, level) => sum + report.geocoded[level], 0);
  return (
    <div className="open-data__step" data-testid="import-report">
      <p className="open-data__file">{fileSummary(preview)}</p>
      <p className="open-data__placed" data-placed={report.placed} data-rows={report.rows}>
        {fill(T.placed, { placed: n(report.placed), rows: n(report.rows) })}
      </p>
      {report.swapped > 0 && !report.swapApplied ? (
        <div className="open-data__swap">
          <p>{fill(T.swapped, { n: n(report.swapped) })}</p>
          <button type="button" onClick={props.onSwapFix}>
            {T.swapFix}
          </button>
        </div>
      ) : null}
      {report.swapApplied && report.swapped > 0 ? (
        <p>{fill(T.swapApplied, { n: n(report.swapped) })}</p>
      ) : null}
      {geocoded > 0 ? (
        <div data-testid="import-geocoded">
          <p>{fill(T.geocoded, { n: n(geocoded) })}</p>
          <ul>
            {LEVELS.filter((level) => report.geocoded[level] > 0).map((level) => (
              <li key={level} data-level={level} data-count={report.geocoded[level]}>
                {fill(T.levelCount, { level: T.levels[level], n: n(report.geocoded[level]) })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.unpriced > 0 ? (
        <p data-testid="import-unpriced" data-count={report.unpriced}>
          {fill(T.unpriced, { n: n(report.unpriced) })}
        </p>
      ) : null}
      {preview.notPoints > 0 ? <p>{fill(T.notPoints, { n: n(preview.notPoints) })}</p> : null}
      {total === 0 ? (
        <p>{T.noneRejected}</p>
      ) : (
        <div data-testid="import-rejected">
          <p>{fill(T.rejectedTotal, { n: n(total) })}</p>
          <ul className="open-data__reasons">
            {rejected.map((reason) => (
              <li key={reason} data-reason={reason} data-count={report.rejected.counts[reason]}>
                <strong>{fill(T.reasonCount, { reason, n: n(report.rejected.counts[reason] ?? 0) })}</strong>
                <ul>
                  {(report.rejected.examples[reason] ?? []).map((example) => (
                    <li key={example.line} data-line={example.line}>
                      {fill(T.exampleLine, { line: example.line, cells: example.cells.join(' · ') })}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <button type="button" onClick={props.onDownload}>
            {T.download}
          </button>
          {report.rejected.cut ? <p>{fill(T.downloadCut, { n: n(MAX_KEPT_REJECTED) })}</p> : null}
        </div>
      )}
    </div>
  );
}
