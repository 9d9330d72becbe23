/**
 * A load's progress as the page hears it (contract.ts, LoadProgress): throttled to one report per 100 ms
 * (each report is a message to the page), except when the phase changes or a sample arrives.
 */
import type { LoadProgress, LoadResult, ProgressListener } from '../../contract.ts';

/** Share of the whole load that the download stands for (the rest is indexing). */
const DOWNLOAD_WEIGHT = 0.4;
const EVERY_MS = 100;

export class ProgressReporter {
  private state: LoadProgress;
  private sentAt = -Infinity;

  constructor(
    private readonly send: ProgressListener | undefined,
    rows: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.state = {
      phase: 'download',
      received: 0,
      expected: 0,
      downloaded: 0,
      rows,
      sampleRows: 0,
      fraction: 0,
    };
  }

  /** Bytes received, and the download's fraction. */
  download(received: number, expected: number, fraction: number): void {
    const downloaded = Math.min(1, fraction);
    this.update({ received, expected, downloaded, fraction: DOWNLOAD_WEIGHT * downloaded }, false);
  }

  /** The whole table is in (its rows are now known). */
  downloaded(rows: number): void {
    this.update({ rows, downloaded: 1, fraction: DOWNLOAD_WEIGHT }, false);
  }

  /** A table handed over whole: nothing to download (its share is done), and no report says 'download'. */
  transferred(): void {
    this.state = { ...this.state, downloaded: 1, fraction: DOWNLOAD_WEIGHT };
  }

  /** A provisional index answers; answers the page's answer to the report (ProgressListener). */
  sample(result: LoadResult): unknown {
    const answer = this.update({ phase: 'sample', sampleRows: result.indexed, sample: result }, true);
    delete this.state.sample; // told once
    return answer;
  }

  /** Indexing the whole table, `fraction` of it done. */
  index(fraction: number): void {
    const first = this.state.phase !== 'index';
    this.update(
      { phase: 'index', fraction: DOWNLOAD_WEIGHT + (1 - DOWNLOAD_WEIGHT) * Math.min(1, fraction) },
      first,
    );
  }

  done(): void {
    this.update({ phase: 'done', fraction: 1 }, true);
  }

  /** Sends the report (when due); answers the page's answer, a rejection made harmless, or undefined. */
  private update(change: Partial<LoadProgress>, force: boolean): unknown {
    this.state = { ...this.state, ...change };
    const now = this.now();
    if (!this.send || (!force && now - this.sentAt < EVERY_MS)) return undefined;
    this.sentAt = now;
    const answer = this.send({ ...this.state });
    // A report that cannot reach the page (it went away) must not fail the load.
    return isThenable(answer) ? Promise.resolve(answer).catch(() => undefined) : answer;
  }
}

export const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/** How far a pooled build is, from the zoom level it is clustering (levels shrink; the first weighs most). */
export function indexFraction(zoom: number | null, maxZoom: number, minZoom: number): number {
  if (zoom === null || zoom === -1) return 0;
  if (zoom === -2) return 0.9; // laying out
  const levels = maxZoom - minZoom + 1;
  const done = maxZoom - zoom;
  return 0.1 + 0.8 * Math.sqrt(Math.max(0, done) / levels);
}
