import type { MapLibreOverlay } from '@deck.gl/maplibre';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { removeControlSafely } from './remove-control.ts';

/**
 * Adds a deck.gl overlay to a map and returns its cleanup. Deck's finalize() removes its canvas but keeps
 * the WebGL context until garbage collection, and Chromium allows about 16 live contexts per page: a user
 * switching widgets would soon see "Too many active WebGL contexts" and lose the oldest map. The cleanup
 * therefore releases the context explicitly (MapLibre does the same for its own canvas on remove()).
 */
export function attachDeckOverlay(map: MapLibreMap, overlay: MapLibreOverlay): () => void {
  map.addControl(overlay);
  // The canvas exists once deck has its device; remember it, as after map.remove() it can't be asked for.
  let canvas: HTMLCanvasElement | null = null;
  const remember = () => {
    canvas ??= overlay.getCanvas();
  };
  remember();
  map.on('render', remember);
  return () => {
    map.off('render', remember);
    remember();
    removeControlSafely(map, overlay);
    const gl = canvas?.getContext('webgl2') ?? null;
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
  };
}
