import { useSyncExternalStore } from 'react';
import { SIZE_PX } from '../../core/constants.ts';

const QUERY = `(max-width: ${String(SIZE_PX.mobileBreakpoint)}px)`;

function subscribe(changed: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', changed);
  return () => {
    media.removeEventListener('change', changed);
  };
}

/** Whether the screen is a phone's now (the spec's mobile breakpoint, as the CSS's): a panel's first state. */
export const isPhoneWidth = (): boolean => window.matchMedia(QUERY).matches;

/** isPhoneWidth, kept current on resize. */
export function usePhoneWidth(): boolean {
  return useSyncExternalStore(subscribe, isPhoneWidth);
}
