/**
 * The current-location control's states (spec, states "Locate control"): idle, requesting, active, following.
 * Pure transitions; the control applies the returned effect.
 */
export type LocateState = 'idle' | 'requesting' | 'active' | 'following';

export type LocateEvent =
  | { type: 'click'; locationInView: boolean }
  | { type: 'located' }
  | { type: 'userMoved' }
  | { type: 'error'; code: number; watching: boolean };

/** What the control must do after a transition. */
export type LocateEffect = 'start' | 'stop' | 'centre' | 'report-error' | 'none';

/** GeolocationPositionError.TIMEOUT. */
const TIMEOUT = 3;

export function locateTransition(
  state: LocateState,
  event: LocateEvent,
): { state: LocateState; effect: LocateEffect } {
  switch (event.type) {
    case 'click':
      if (state === 'idle') return { state: 'requesting', effect: 'start' };
      // Active but the location is off screen: bring it back and follow again; otherwise a click stops.
      if (state === 'active' && !event.locationInView) return { state: 'following', effect: 'centre' };
      return { state: 'idle', effect: 'stop' };
    case 'located':
      if (state === 'requesting' || state === 'following') return { state: 'following', effect: 'centre' };
      return { state, effect: 'none' };
    case 'userMoved':
      // Following stops on a pan or zoom by the user; the location stays shown.
      return state === 'following' ? { state: 'active', effect: 'none' } : { state, effect: 'none' };
    case 'error':
      // A timeout while watching is transient: keep watching (spec, error catalogue).
      if (event.code === TIMEOUT && event.watching) return { state, effect: 'none' };
      return { state: 'idle', effect: 'report-error' };
  }
}
