/**
 * Deck's frame loop, paced to what it draws. luma.gl's AnimationLoop asks the browser for a frame 60 times a
 * second for as long as a Deck lives, and deck checks in each whether anything needs drawing: on an idle map
 * that is ~9 % of a core (renderer and GPU process, measured on the explorer) spent drawing nothing, taken
 * from the workers on a two-core machine and from a phone's battery (deck.gl issue #6961). Paced, the loop
 * keeps the display's rate while frames draw, and after IDLE_FRAMES frames that drew nothing asks for one
 * frame every POLL_MS instead — still catching what changes without a call from here (an image or a font
 * arriving for a layer) — until something wakes it: new props (layers, the camera) or the user's pointer,
 * wheel or keys over the map, which deck answers in its next frame (hover picking).
 */
/** Frames that drew nothing before the loop slows down (half a second at 60 Hz). */
export const IDLE_FRAMES = 30;
/** The slowed loop's period: how late, at worst, a change nobody announced is drawn. */
export const POLL_MS = 250;

/** What luma.gl's AnimationLoop takes as its `animationFrameProvider`. */
export interface FrameProvider {
  requestAnimationFrame(callback: FrameRequestCallback): number;
  cancelAnimationFrame(id: number): void;
}

/** The browser's clock, injected so the pacing can be tested without one. */
export interface Clock extends FrameProvider {
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

export interface PacedFrames {
  /** Hand this to the loop. It asks for one frame at a time, as AnimationLoop does. */
  provider: FrameProvider;
  /** Something will need drawing: back to the display's rate now (a slowed frame waiting is run at once). */
  wake(): void;
}

/**
 * The pacing itself. `drawCount` is read before and after each frame: a frame that changed it drew.
 */
export function paceFrames(clock: Clock, drawCount: () => number): PacedFrames {
  let idle = 0;
  let frame: number | null = null;
  let timer: number | null = null;
  let waiting: FrameRequestCallback | null = null;
  /** The loop asks for its next frame from inside a frame; that one is scheduled once the frame is counted. */
  let inFrame = false;
  let asked: FrameRequestCallback | null = null;

  const now = (callback: FrameRequestCallback) => {
    frame = clock.requestAnimationFrame(run(callback));
  };
  const schedule = (callback: FrameRequestCallback) => {
    if (idle < IDLE_FRAMES) {
      now(callback);
      return;
    }
    waiting = callback;
    timer = clock.setTimeout(() => {
      timer = null;
      waiting = null;
      now(callback);
    }, POLL_MS);
  };
  const run = (callback: FrameRequestCallback) => (time: number) => {
    frame = null;
    const before = drawCount();
    inFrame = true;
    try {
      callback(time);
    } finally {
      inFrame = false;
    }
    idle = drawCount() !== before ? 0 : idle + 1;
    const next = asked;
    asked = null;
    if (next) schedule(next);
  };
  const provider: FrameProvider = {
    requestAnimationFrame(callback) {
      if (inFrame) asked = callback;
      else schedule(callback);
      return 1;
    },
    cancelAnimationFrame() {
      if (frame !== null) clock.cancelAnimationFrame(frame);
      if (timer !== null) clock.clearTimeout(timer);
      frame = timer = null;
      waiting = asked = null;
    },
  };
  return {
    provider,
    wake() {
      idle = 0;
      const callback = waiting;
      if (!callback || timer === null) return;
      clock.clearTimeout(timer);
      timer = null;
      waiting = null;
      now(callback);
    },
  };
}

const browserClock = (): Clock => ({
  requestAnimationFrame: (callback) => window.requestAnimationFrame(callback),
  cancelAnimationFrame: (id) => {
    window.cancelAnimationFrame(id);
  },
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (id) => {
    window.clearTimeout(id);
  },
});

/** Input over the map that deck answers in its next frame. */
const WAKING_EVENTS = [
  'pointermove',
  'pointerdown',
  'pointerup',
  'pointerleave',
  'wheel',
  'keydown',
] as const;

/** A Deck, as far as this needs one. */
export interface PaceableDeck {
  setProps(props: never): void;
}

/** The parts of a Deck this reaches: its loop and its redraw counter are protected in deck.gl's types. */
interface DeckInternals {
  animationLoop?: { setProps(props: { animationFrameProvider?: FrameProvider }): unknown } | null;
  stats?: { get(name: string): { count: number } };
}

/**
 * Paces `deck`'s loop, woken by its props and by input over `element`; returns the undo. A Deck without a
 * loop of its own (interleaved into MapLibre's) is left alone.
 */
export function paceDeck(deck: PaceableDeck, element: HTMLElement): () => void {
  const internals = deck as unknown as DeckInternals;
  const loop = internals.animationLoop;
  if (!loop || typeof loop.setProps !== 'function') return () => undefined;
  const redraws = () => internals.stats?.get('Redraw Count').count ?? 0;
  const paced = paceFrames(browserClock(), redraws);
  loop.setProps({ animationFrameProvider: paced.provider });
  // Every change of layers or camera reaches deck through setProps — ours, and MapLibreOverlay's on each
  // map frame — so the instance's setProps wakes the loop (Deck has no hook for it).
  const setProps = deck.setProps.bind(deck);
  deck.setProps = (props: never) => {
    setProps(props);
    paced.wake();
  };
  const wake = () => {
    paced.wake();
  };
  for (const type of WAKING_EVENTS) element.addEventListener(type, wake, { capture: true, passive: true });
  return () => {
    for (const type of WAKING_EVENTS) element.removeEventListener(type, wake, { capture: true });
    deck.setProps = setProps;
    // luma.gl's own frames again (an undefined provider is its default).
    internals.animationLoop?.setProps({ animationFrameProvider: undefined });
  };
}
