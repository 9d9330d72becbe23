import { describe, expect, it } from 'vitest';
import { locateTransition, type LocateEvent, type LocateState } from '../../src/core/locate-state.ts';

const run = (state: LocateState, event: LocateEvent) => locateTransition(state, event);

describe('locate control states', () => {
  it('idle → requesting on click, then following on the first fix (centred)', () => {
    expect(run('idle', { type: 'click', locationInView: false })).toEqual({
      state: 'requesting',
      effect: 'start',
    });
    expect(run('requesting', { type: 'located' })).toEqual({ state: 'following', effect: 'centre' });
    expect(run('following', { type: 'located' })).toEqual({ state: 'following', effect: 'centre' });
  });

  it('following stops on a user pan or zoom; later fixes no longer move the map', () => {
    expect(run('following', { type: 'userMoved' })).toEqual({ state: 'active', effect: 'none' });
    expect(run('active', { type: 'located' })).toEqual({ state: 'active', effect: 'none' });
    expect(run('idle', { type: 'userMoved' })).toEqual({ state: 'idle', effect: 'none' });
  });

  it('a click while active re-centres when the location is out of view, and stops when it is in view', () => {
    expect(run('active', { type: 'click', locationInView: false })).toEqual({
      state: 'following',
      effect: 'centre',
    });
    expect(run('active', { type: 'click', locationInView: true })).toEqual({ state: 'idle', effect: 'stop' });
    expect(run('following', { type: 'click', locationInView: true })).toEqual({
      state: 'idle',
      effect: 'stop',
    });
    expect(run('requesting', { type: 'click', locationInView: false })).toEqual({
      state: 'idle',
      effect: 'stop',
    });
  });

  it('errors stop and are reported, except a timeout while watching', () => {
    expect(run('requesting', { type: 'error', code: 1, watching: true })).toEqual({
      state: 'idle',
      effect: 'report-error',
    });
    expect(run('following', { type: 'error', code: 3, watching: true })).toEqual({
      state: 'following',
      effect: 'none',
    });
    expect(run('requesting', { type: 'error', code: 3, watching: false })).toEqual({
      state: 'idle',
      effect: 'report-error',
    });
  });
});
