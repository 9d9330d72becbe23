import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { EngineFilter } from '../../../workers/contract.ts';
import { keyQuarters, quarterAt, quarterRange } from './trend-chart.ts';

/**
 * Brushing quarters on the chart: a drag over the plot selects the quarters it spans (set on release); a
 * click selects one; the keyboard does the same from the focused chart (keyQuarters). `step` is the width
 * of one quarter in px.
 */
export function useQuarterBrush(
  quarters: readonly string[],
  selected: readonly number[],
  step: number,
  onQuarters: (quarters: EngineFilter['quarters']) => void,
) {
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null);
  const at = (e: PointerEvent<SVGElement>) => {
    // The chart shrinks to a phone's width (its viewBox keeps the drawing): pointer pixels back to chart units.
    const svg = e.currentTarget instanceof SVGSVGElement ? e.currentTarget : e.currentTarget.ownerSVGElement;
    const drawn = svg?.getBoundingClientRect().width ?? 0;
    const own = svg?.viewBox.baseVal.width ?? 0;
    const scale = drawn > 0 && own > 0 ? drawn / own : 1;
    return quarterAt(
      (e.clientX - e.currentTarget.getBoundingClientRect().left) / scale,
      step,
      quarters.length,
    );
  };
  return {
    /** The range being dragged (indices), to draw before it is applied. */
    drag,
    handlers: {
      onPointerDown: (e: PointerEvent<SVGElement>) => {
        if (quarters.length === 0) return;
        e.currentTarget.setPointerCapture(e.pointerId);
        const i = at(e);
        setDrag({ from: i, to: i });
      },
      onPointerMove: (e: PointerEvent<SVGElement>) => {
        if (!drag) return;
        const i = at(e);
        if (i !== drag.to) setDrag({ from: drag.from, to: i });
      },
      onPointerUp: () => {
        if (!drag) return;
        setDrag(null);
        onQuarters(quarterRange(drag.from, drag.to, quarters));
      },
      onPointerCancel: () => {
        setDrag(null);
      },
    },
    onKeyDown: (e: KeyboardEvent) => {
      const next = keyQuarters(e.key, e.shiftKey, selected, quarters);
      if (next === null) return;
      e.preventDefault();
      onQuarters(next);
    },
  };
}
