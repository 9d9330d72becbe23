import { Deck, MapView, type Layer, type MapViewState } from '@deck.gl/core';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { DECK_DEVICE_PROPS } from './deck-device.ts';
import { MESSAGES } from '../core/messages.ts';
import { MAP_LIBRARY } from '../core/constants.ts';
import { paceDeck } from './frame-pacing.ts';

/**
 * A deck.gl canvas that takes the pointer over a non-interactive MapLibre map, for editing.
 *
 * Why not the overlay the other widgets use: MapLibreOverlay's canvas ignores the pointer and only forwards
 * picking events, while editable-layers listens on deck's own event manager (clicks, drags, key presses), so
 * drawing never starts there (deck.gl-community issues #201/#237). Here deck's controller pans and zooms, and
 * every change goes through MapLibre's camera, which stays the one source of truth: its bounds and zoom
 * limits clamp what deck asks for, and its own moves (locate button, fit to a shape) reach deck the same way.
 */
export interface DeckRoot {
  /**
   * The layers, and a key naming what they show: once deck has drawn them, the container's `data-drawn` is
   * that key (a test waits for the frame that holds a new handle instead of sleeping).
   */
  setLayers(layers: Layer[], key?: string): void;
  /** The deck canvas (tests and focus), or null after a rebuild in progress. */
  canvas(): HTMLCanvasElement | null;
  destroy(): void;
}

export interface DeckRootOptions {
  /** Accessible name of the canvas, which takes keyboard focus (arrows pan, +/- zoom). */
  label: string;
  getCursor?: (state: { isDragging: boolean; isHovering: boolean }) => string;
  /** Deck has its device and has taken its layers: from now on input reaches them (again after a rebuild). */
  onLoad?: () => void;
  /**
   * Keeps the pointer's events to deck. On a map that is interactive itself (the explorer, drawing an area)
   * they would bubble to MapLibre's container too: the map would pan and zoom twice, and a click meant for a
   * point would also click the cluster under it (seen: the explorer zoomed in while an area was drawn).
   */
  isolate?: boolean;
}

/**
 * The events that start a gesture or act on an interactive map under an isolated deck root. Not the moves and
 * releases: deck's gestures follow those on the window once a press began on its canvas.
 */
const POINTER_EVENTS = ['mousedown', 'touchstart', 'click', 'dblclick', 'contextmenu', 'wheel'] as const;

const MAX_REBUILDS = 5;
/** Stands for the pointer or key event behind a deck.gl camera change (deck does not pass it on). */
const USER_GESTURE = { type: 'deck.gl' } as const;
const REBUILD_DELAY_MS = 250;

function viewStateOf(map: MapLibreMap): MapViewState {
  const c = map.getCenter();
  return {
    longitude: c.lng,
    latitude: c.lat,
    zoom: map.getZoom(),
    bearing: map.getBearing(),
    pitch: map.getPitch(),
    minZoom: map.getMinZoom(),
    maxZoom: map.getMaxZoom(),
  };
}

/** Releases deck's WebGL context now rather than at garbage collection (Chromium keeps ~16 per page). */
function release(deck: Deck<MapView>): void {
  const canvas = deck.getCanvas();
  const context = (deck as unknown as { device?: { canvasContext?: { destroy?: () => void } } }).device
    ?.canvasContext;
  deck.finalize();
  canvas?.getContext('webgl2')?.getExtension('WEBGL_lose_context')?.loseContext();
  try {
    // deck.gl 9.4's finalize() leaves its canvas context (and its ResizeObserver) alive: deck.gl #10355.
    context?.destroy?.();
  } catch (error) {
    console.warn(MESSAGES.map.deckReleaseFailed, error);
  }
}

export function attachDeckRoot(map: MapLibreMap, options: DeckRootOptions): DeckRoot {
  const container = document.createElement('div');
  container.className = 'deck-root';
  Object.assign(container.style, { position: 'absolute', inset: '0' });
  // After MapLibre's canvas, before its markers: markers (the circle's labels) stay above deck.
  map.getCanvas().after(container);
  // Deck listens on its own canvas, inside the container: stopped here, an event has reached deck first.
  const stop = (event: Event) => {
    event.stopPropagation();
  };
  if (options.isolate) for (const type of POINTER_EVENTS) container.addEventListener(type, stop);
  let layers: Layer[] = [];
  // What the layers show (set with them), written to the container after deck has drawn them: a test (or a
  // host) can wait for the frame that holds a new handle instead of sleeping.
  let layersKey = '';
  let deck: Deck<MapView> | null = null;
  let rebuilds = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Deck's frame loop slowed while it draws nothing (frame-pacing.ts).
  let unpace = (): void => undefined;

  const follow = () => deck?.setProps({ viewState: viewStateOf(map) });
  const create = () => {
    const created = new Deck<MapView>({
      parent: container,
      deviceProps: DECK_DEVICE_PROPS,
      views: new MapView({ repeat: true }),
      viewState: viewStateOf(map),
      controller: {
        doubleClickZoom: false,
        dragRotate: false,
        touchRotate: false,
        // Arrows pan by the spec's 80 px (deck's default is 100).
        keyboard: { moveSpeed: MAP_LIBRARY.keyboardPanPx },
      },
      layers,
      getCursor: options.getCursor,
      onAfterRender: () => {
        if (container.dataset.drawn !== layersKey) container.dataset.drawn = layersKey;
      },
      // The canvas exists once deck has its device (created asynchronously).
      onLoad: () => {
        const canvas = created.getCanvas();
        if (!canvas) return;
        canvas.setAttribute('tabindex', '0');
        canvas.setAttribute('aria-label', options.label);
        canvas.addEventListener('webglcontextlost', onLost);
        options.onLoad?.();
      },
      onViewStateChange: ({ viewState }) => {
        const next = viewState as MapViewState;
        // MapLibre's 'move' brings the clamped camera back to deck (follow). The event data marks the move
        // as the user's, as MapLibre's own gestures do (the locate button stops following on it).
        map.jumpTo(
          { center: [next.longitude, next.latitude], zoom: next.zoom },
          { originalEvent: USER_GESTURE },
        );
        // Deck keeps the view it is given (setProps in follow); returning nothing leaves it there.
        return null;
      },
    });
    deck = created;
    unpace();
    unpace = paceDeck(created, container);
  };

  // Deck does not survive the loss of its context: a new Deck, fresh layer instances (the old ones hold
  // buffers of the lost context). Bounded, so a GPU that keeps failing leaves the base map and its message.
  const onLost = () => {
    if (rebuilds >= MAX_REBUILDS) return;
    rebuilds++;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!deck) return;
      release(deck);
      layers = layers.map((layer) => layer.clone({}) as Layer);
      create();
    }, REBUILD_DELAY_MS);
  };
  create();
  map.on('move', follow);
  map.on('resize', follow);

  return {
    setLayers(next, key = '') {
      layers = next;
      layersKey = key;
      deck?.setProps({ layers });
    },
    canvas: () => deck?.getCanvas() ?? null,
    destroy() {
      clearTimeout(timer);
      map.off('move', follow);
      map.off('resize', follow);
      unpace();
      if (deck) release(deck);
      deck = null;
      container.remove();
    },
  };
}
