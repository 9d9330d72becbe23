import type { Map as MapLibreMap } from 'maplibre-gl';
import { SIZE_PX, TIMING_MS } from '../../core/constants.ts';
import { MESSAGES } from '../../core/messages.ts';
import { pickerZoomAfterSearch, zoomAfterSearch } from '../../core/zoom.ts';
import type { SearchSuggestion } from '../../geocoding/conversions.ts';
import { showSearchResult } from '../../map/search-result.ts';
import type { useLazyForwardQuery } from '../../state/geocoder-api.ts';
import { placeChosen } from '../../state/maps-slice.ts';
import { useAppDispatch } from '../../state/store.ts';
import type { PlaceSearchBoxProps } from './PlaceSearchBox.tsx';

type Lookup = ReturnType<typeof useLazyForwardQuery>[0];

/**
 * What picking a suggestion does: a result without coordinates is looked up again by its text (the first hit
 * with coordinates wins); the place goes to the map's Redux entry and the map moves to it — the picker's rules
 * (1 s animation, bbox padding 50, its zoom by label) or the general ones.
 */
export function useChoosePlace(
  mapId: string,
  map: MapLibreMap | null,
  lookup: Lookup,
  options: Pick<
    PlaceSearchBoxProps,
    'showMarker' | 'picker' | 'saveMode' | 'configZoom' | 'bounds' | 'countryCodes'
  >,
): (item: SearchSuggestion) => Promise<void> {
  const dispatch = useAppDispatch();
  const { showMarker = false, picker = false } = options;
  return async (item: SearchSuggestion) => {
    let chosen = item;
    if (!chosen.coordenadasUbicacion) {
      // Spec, states: a result without coordinates is looked up again by its text; the first hit is used.
      const again = await lookup(
        { text: item.text, bounds: options.bounds ?? null, countryCodes: options.countryCodes },
        true,
      );
      const first = again.data?.find((s) => s.coordenadasUbicacion);
      if (!first) {
        console.error(MESSAGES.search.noCoordinatesLog, item.text, again.error);
        return;
      }
      chosen = { ...first, text: item.text };
    }
    const [lat, lng] = chosen.coordenadasUbicacion ?? [0, 0];
    dispatch(
      placeChosen({
        mapId,
        latitud: lat,
        longitud: lng,
        label: chosen.text,
        bbox: chosen.bbox,
        tipo: chosen.tipo,
      }),
    );
    if (!map) return;
    showSearchResult(map, {
      center: [lng, lat],
      bbox: chosen.bbox,
      label: chosen.text,
      showMarker,
      zoom: picker
        ? pickerZoomAfterSearch(chosen.text, chosen.tipo)
        : zoomAfterSearch(chosen.text, { configZoom: options.configZoom, saveMode: options.saveMode }),
      padding: picker ? SIZE_PX.pickerBBoxPadding : SIZE_PX.fitPadding,
      durationMs: picker ? TIMING_MS.animation : 0,
    });
  };
}
