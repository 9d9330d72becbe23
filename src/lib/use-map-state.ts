import { selectMap, type MapState } from '../state/maps-slice.ts';
import { useAppSelector } from '../state/store.ts';

/**
 * One widget map's serializable state (search text, chosen place, location, drawn shape), for a host that
 * wants to observe it; callbacks stay the primary way to hear of changes. Use under a MapasProvider.
 */
export function useMapState(mapId: string): MapState {
  return useAppSelector((state) => selectMap(state, mapId));
}
