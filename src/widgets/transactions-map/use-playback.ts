import { useEffect } from 'react';
import { EXPLORER } from '../../core/constants.ts';
import type { EngineFilter } from '../../../workers/contract.ts';
import { sliderIndexOf } from './TransactionFilters.tsx';

/** The filter one step on: the quarter after the selected one (after the last, or none: the first). */
export function nextQuarter(filter: EngineFilter, quarters: readonly string[]): EngineFilter {
  const at = sliderIndexOf(filter, quarters);
  return { ...filter, quarters: [quarters[(at + 1) % quarters.length] ?? ''] };
}

/** Time-slider playback: while `playing`, one quarter after another every 1.2 s, then around again. */
export function usePlayback(
  playing: boolean,
  quarters: readonly string[],
  onFilter: (update: (filter: EngineFilter) => EngineFilter) => void,
): void {
  useEffect(() => {
    if (!playing || quarters.length === 0) return undefined;
    const timer = setInterval(() => {
      onFilter((f) => nextQuarter(f, quarters));
    }, EXPLORER.playStepMs);
    return () => {
      clearInterval(timer);
    };
  }, [playing, quarters, onFilter]);
}
