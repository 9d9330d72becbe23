import { formatNumber } from '../../core/format.ts';
import { fill, MESSAGES } from '../../core/messages.ts';
import type { LoadProgress } from '../../../workers/contract.ts';

const T = MESSAGES.explorer;

/**
 * What the progress bar says while the explorer loads: the download's percentage, then — once a provisional
 * map of a sample is drawn — that the map is provisional and the whole table is being grouped.
 */
export function loadStatusText(progress: LoadProgress | null): string {
  if (!progress) return T.loadingStatus;
  const total = formatNumber(progress.rows, 0);
  if (progress.sampleRows > 0 && progress.phase !== 'done')
    return fill(T.loadSample, { sample: formatNumber(progress.sampleRows, 0), total });
  if (progress.phase === 'index') return fill(T.loadIndex, { total });
  if (progress.phase === 'download')
    return fill(T.loadDownload, { percent: String(Math.floor(progress.downloaded * 100)) });
  return T.loadingStatus;
}

/** Whether two load reports show the same progress bar and words (phase, sample, whole percents). */
export const sameBar = (a: LoadProgress, b: LoadProgress): boolean =>
  a.phase === b.phase &&
  a.sampleRows === b.sampleRows &&
  a.rows === b.rows &&
  Math.floor(a.fraction * 100) === Math.floor(b.fraction * 100) &&
  Math.floor(a.downloaded * 100) === Math.floor(b.downloaded * 100);
