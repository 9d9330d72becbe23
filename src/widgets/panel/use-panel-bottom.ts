import { useEffect, useState } from 'react';

/**
 * How far down its positioned parent a panel over a map reaches (its top offset plus its height, px), kept up to
 * date as the panel's content wraps, folds or unfolds: the part of the map it covers, which the map's own zooms
 * then keep clear of. 0 while there is no panel.
 */
export function usePanelBottom(panel: HTMLElement | null): number {
  const [bottom, setBottom] = useState(0);
  useEffect(() => {
    if (!panel) return;
    // A ResizeObserver reports an element once when it starts observing it, then on every change of size.
    const observer = new ResizeObserver(() => {
      setBottom(panel.offsetTop + panel.offsetHeight);
    });
    observer.observe(panel);
    return () => {
      observer.disconnect();
    };
  }, [panel]);
  return panel ? bottom : 0;
}
