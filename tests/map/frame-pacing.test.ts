import { describe, expect, it } from 'vitest';
import { IDLE_FRAMES, paceFrames, POLL_MS, type Clock } from '../../src/map/frame-pacing.ts';

/** A clock run by hand: frames when `frame()` is called, timers when time is advanced. */
function fakeClock() {
  let now = 0;
  let nextId = 1;
  const frames = new Map<number, FrameRequestCallback>();
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: Clock = {
    requestAnimationFrame(callback) {
      frames.set(nextId, callback);
      return nextId++;
    },
    cancelAnimationFrame(id) {
      frames.delete(id);
    },
    setTimeout(run, ms) {
      timers.set(nextId, { at: now + ms, run });
      return nextId++;
    },
    clearTimeout(id) {
      timers.delete(id);
    },
  };
  return {
    clock,
    /** Runs the frames asked for so far (a display refresh). */
    frame() {
      const due = [...frames.values()];
      frames.clear();
      for (const callback of due) callback(now);
    },
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at > now) continue;
        timers.delete(id);
        timer.run();
      }
    },
    pendingFrames: () => frames.size,
    pendingTimers: () => timers.size,
  };
}

/** A loop as luma.gl's AnimationLoop runs one: each frame draws when asked to, then asks for the next. */
function loopOn(provider: ReturnType<typeof paceFrames>['provider']) {
  const state = { draws: 0, frames: 0, drawNext: 0, running: true };
  const onFrame = () => {
    state.frames++;
    if (state.drawNext > 0) {
      state.drawNext--;
      state.draws++;
    }
    if (state.running) provider.requestAnimationFrame(onFrame);
  };
  provider.requestAnimationFrame(onFrame);
  return state;
}

describe('paceFrames', () => {
  it('keeps the display rate while frames draw, slows down after IDLE_FRAMES that draw nothing', () => {
    const t = fakeClock();
    let state: ReturnType<typeof loopOn> | null = null;
    const paced = paceFrames(t.clock, () => state?.draws ?? 0);
    state = loopOn(paced.provider);
    state.drawNext = 100; // an animation of 100 frames
    for (let i = 0; i < 100; i++) t.frame();
    expect(state.draws).toBe(100);
    // Idle: the display's rate for IDLE_FRAMES more frames…
    for (let i = 0; i < IDLE_FRAMES; i++) t.frame();
    expect(state.frames).toBe(100 + IDLE_FRAMES);
    // …then no frame is asked of the display, only a timer.
    expect(t.pendingFrames()).toBe(0);
    expect(t.pendingTimers()).toBe(1);
    t.frame();
    expect(state.frames).toBe(100 + IDLE_FRAMES);
    // One frame every POLL_MS: a second of idle map costs 1000 / POLL_MS frames, not 60.
    for (let ms = 0; ms < 1000; ms += 10) {
      t.advance(10);
      t.frame();
    }
    expect(state.frames - 100 - IDLE_FRAMES).toBe(1000 / POLL_MS);
  });

  it('a slowed frame that draws (something arrived on its own) brings the display rate back at once', () => {
    const t = fakeClock();
    let loop: ReturnType<typeof loopOn> | null = null;
    const paced = paceFrames(t.clock, () => loop?.draws ?? 0);
    loop = loopOn(paced.provider);
    for (let i = 0; i < IDLE_FRAMES; i++) t.frame();
    expect(t.pendingTimers()).toBe(1);
    loop.drawNext = 3; // e.g. an icon atlas loaded: three frames of changes
    t.advance(POLL_MS);
    t.frame();
    expect(loop.draws).toBe(1);
    // The next frame, asked while this one ran, is at the display's rate.
    expect(t.pendingTimers()).toBe(0);
    expect(t.pendingFrames()).toBe(1);
    t.frame();
    t.frame();
    expect(loop.draws).toBe(3);
  });

  it('wake() runs a waiting slowed frame now and keeps the display rate for IDLE_FRAMES more', () => {
    const t = fakeClock();
    const paced = paceFrames(t.clock, () => 0);
    const state = loopOn(paced.provider);
    for (let i = 0; i < IDLE_FRAMES; i++) t.frame();
    expect(t.pendingFrames()).toBe(0);
    paced.wake(); // new layers, or the pointer over the map
    expect(t.pendingTimers()).toBe(0);
    expect(t.pendingFrames()).toBe(1);
    const before = state.frames;
    for (let i = 0; i < IDLE_FRAMES; i++) t.frame();
    expect(state.frames - before).toBe(IDLE_FRAMES);
    expect(t.pendingTimers()).toBe(1);
  });

  it('wake() while at the display rate changes nothing; cancel drops a waiting frame and its timer', () => {
    const t = fakeClock();
    const paced = paceFrames(t.clock, () => 0);
    const state = loopOn(paced.provider);
    paced.wake();
    expect(t.pendingFrames()).toBe(1);
    expect(t.pendingTimers()).toBe(0);
    for (let i = 0; i < IDLE_FRAMES; i++) t.frame();
    expect(t.pendingTimers()).toBe(1);
    state.running = false;
    paced.provider.cancelAnimationFrame(1);
    expect(t.pendingTimers()).toBe(0);
    expect(t.pendingFrames()).toBe(0);
    // A wake after the loop stopped asks for nothing.
    paced.wake();
    expect(t.pendingFrames()).toBe(0);
    t.advance(POLL_MS * 4);
    expect(state.frames).toBe(IDLE_FRAMES);
  });

  it('cancel at the display rate cancels the frame asked of the display', () => {
    const t = fakeClock();
    const paced = paceFrames(t.clock, () => 0);
    const state = loopOn(paced.provider);
    expect(t.pendingFrames()).toBe(1);
    paced.provider.cancelAnimationFrame(1);
    expect(t.pendingFrames()).toBe(0);
    t.frame();
    expect(state.frames).toBe(0);
  });
});
