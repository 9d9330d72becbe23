import { Layer } from '@deck.gl/core';
import type { MapLibreOverlay } from '@deck.gl/maplibre';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { paceDeck, type PaceableDeck } from './frame-pacing.ts';
import { removeControlSafely } from './remove-control.ts';
import { MESSAGES } from '../core/messages.ts';

/**
 * The overlay's current layers. MapLibreOverlay keeps its props privately and has no getter; reading them
 * here, in one place, beats making every caller track its layers for the rare rebuild.
 */
function currentLayers(overlay: MapLibreOverlay): Layer[] {
  const layers = (overlay as unknown as { _props?: { layers?: unknown } })._props?.layers;
  return Array.isArray(layers) ? layers.filter((l): l is Layer => l instanceof Layer) : [];
}

/** The overlay's Deck, once it has one (a private field, read in one place). */
function deckOf(overlay: MapLibreOverlay): PaceableDeck | null {
  return (overlay as unknown as { _deck?: PaceableDeck | null })._deck ?? null;
}

/** The luma.gl canvas context of the overlay's Deck, if it has one yet (private fields, read in one place). */
function deckSurface(overlay: MapLibreOverlay): { destroy(): void } | null {
  const deck = (overlay as unknown as { _deck?: { device?: { canvasContext?: unknown } | null } })._deck;
  const context = deck?.device?.canvasContext as { destroy?: unknown } | undefined;
  return context && typeof context.destroy === 'function' ? (context as { destroy(): void }) : null;
}

const MAX_REBUILDS = 5;
const REBUILD_DELAY_MS = 250;

/**
 * Adds a deck.gl overlay to a map and returns its cleanup. Deck's finalize() removes its canvas but keeps
 * the WebGL context until garbage collection, and Chromium allows about 16 live contexts per page: a user
 * switching widgets would soon see "Too many active WebGL contexts" and lose the oldest map. The cleanup
 * therefore releases the context explicitly (MapLibre does the same for its own canvas on remove()).
 * If the browser takes deck's context away, the overlay is rebuilt (up to MAX_REBUILDS times).
 */
export function attachDeckOverlay(map: MapLibreMap, overlay: MapLibreOverlay): () => void {
  // The canvas exists once deck has its device; remember it, as after map.remove() it can't be asked for.
  let canvas: HTMLCanvasElement | null = null;
  let surface: { destroy(): void } | null = null;
  let rebuilds = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let detached = false;
  // Deck's frame loop slowed while it draws nothing (frame-pacing.ts); a rebuilt overlay's new Deck too.
  let paced: PaceableDeck | null = null;
  let unpace = (): void => undefined;
  // Deck does not survive the loss of its context: rebuild it (a new Deck, a new context, the same layers).
  // Bounded, so a GPU that keeps failing leaves the base map and its Spanish message rather than a loop.
  const onLost = () => {
    if (detached || rebuilds >= MAX_REBUILDS) return;
    rebuilds++;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (detached) return;
      forget();
      removeControlSafely(map, overlay);
      surface?.destroy();
      surface = null;
      // Layer instances keep state (buffers, shaders) of the lost context: a new Deck needs fresh ones.
      overlay.setProps({ layers: currentLayers(overlay).map((layer) => layer.clone({}) as Layer) });
      map.addControl(overlay);
      remember();
    }, REBUILD_DELAY_MS);
  };
  const forget = () => {
    canvas?.removeEventListener('webglcontextlost', onLost);
    canvas = null;
  };
  const remember = () => {
    // deck.gl 9.4's finalize() drops its canvas context without destroying it, so its ResizeObserver and
    // media-query listener keep the detached canvas and the whole Deck alive (deck.gl issue #10355; ~0.3–1 MB
    // per widget mount measured here). Keep a handle to destroy it ourselves.
    surface ??= deckSurface(overlay);
    const deck = deckOf(overlay);
    if (deck && deck !== paced) {
      unpace();
      paced = deck;
      unpace = paceDeck(deck, map.getContainer());
    }
    if (canvas) return;
    canvas = overlay.getCanvas();
    canvas?.addEventListener('webglcontextlost', onLost);
    // Deck's canvas only paints over the map (which takes the pointer and keyboard): keep it out of the tab
    // order and of the accessibility tree, where it would be an unnamed, useless stop.
    canvas?.setAttribute('tabindex', '-1');
    canvas?.setAttribute('aria-hidden', 'true');
  };
  map.addControl(overlay);
  remember();
  map.on('render', remember);
  return () => {
    detached = true;
    clearTimeout(timer);
    map.off('render', remember);
    remember();
    unpace();
    const released = canvas;
    forget();
    removeControlSafely(map, overlay);
    const gl = released?.getContext('webgl2') ?? null;
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
    try {
      surface?.destroy();
    } catch (error) {
      console.warn(MESSAGES.map.deckReleaseFailed, error);
    }
    surface = null;
  };
}
