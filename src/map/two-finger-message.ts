import type { Map as MapLibreMap } from 'maplibre-gl';
import { TIMING_MS } from '../core/constants.ts';
import { MESSAGES } from '../core/messages.ts';

/**
 * The spec's two-finger message: shown when MapLibre's cooperative gestures block a one-finger gesture, hidden
 * 3000 ms after the last blocked gesture (MapLibre's own overlay hides at once, so it is replaced by this one).
 * Returns a function that removes it.
 */
export function attachTwoFingerMessage(map: MapLibreMap): () => void {
  const container = map.getContainer();
  container.classList.add('two-finger-mode');
  const message = document.createElement('div');
  message.className = 'two-finger-message';
  message.setAttribute('role', 'status');
  message.textContent = MESSAGES.map.twoFingers;
  message.hidden = true;
  container.appendChild(message);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = () => {
    message.hidden = false;
    clearTimeout(timer);
    timer = setTimeout(() => {
      message.hidden = true;
    }, TIMING_MS.twoFingerMessageHide);
  };
  map.on('cooperativegestureprevented', show);
  return () => {
    clearTimeout(timer);
    map.off('cooperativegestureprevented', show);
    message.remove();
    container.classList.remove('two-finger-mode');
  };
}
