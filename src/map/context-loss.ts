import type { Map as MapLibreMap } from 'maplibre-gl';
import { MESSAGES } from '../core/messages.ts';

/**
 * While the map's WebGL context is lost (GPU reset, driver update, too many contexts) the canvas is blank:
 * say so in Spanish instead of leaving users with an empty map. MapLibre rebuilds its renderer when the
 * browser restores the context; the message then goes. Returns a function that removes it.
 */
export function attachContextLossMessage(map: MapLibreMap): () => void {
  const message = document.createElement('div');
  message.className = 'map-context-lost';
  message.setAttribute('role', 'alert');
  message.textContent = MESSAGES.map.webglLost;
  message.hidden = true;
  map.getContainer().appendChild(message);
  const lost = () => {
    message.hidden = false;
  };
  const restored = () => {
    message.hidden = true;
    map.triggerRepaint();
  };
  map.on('webglcontextlost', lost);
  map.on('webglcontextrestored', restored);
  return () => {
    map.off('webglcontextlost', lost);
    map.off('webglcontextrestored', restored);
    message.remove();
  };
}
