import { Popup, type Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import type { Property } from '../../core/types.ts';

/**
 * The popup card lives in a MapLibre popup (so it follows the map); React renders the card into the node
 * this returns. One popup at a time: a new property replaces it, null removes it.
 */
export function useCardPopup(
  map: MapLibreMap | null,
  at: Property | null,
  offset: number,
): HTMLElement | null {
  const [node, setNode] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!map || !at) return undefined;
    const element = document.createElement('div');
    const popup = new Popup({ closeButton: false, closeOnClick: false, maxWidth: 'none', offset })
      .setLngLat([at.longitud, at.latitud])
      .setDOMContent(element)
      .addTo(map);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the popup's DOM node is an external resource created here
    setNode(element);
    return () => {
      popup.remove();
      setNode(null);
    };
  }, [map, at, offset]);
  return node;
}
