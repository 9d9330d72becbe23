import { useCombobox } from 'downshift';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { SEARCH, TIMING_MS } from '../../core/constants.ts';
import { MESSAGES } from '../../core/messages.ts';
import type { SearchSuggestion } from '../../geocoding/conversions.ts';
import { clearSearchResult } from '../../map/search-result.ts';
import { useLazyForwardQuery } from '../../state/geocoder-api.ts';
import { searchCleared, searchTextChanged, selectMap } from '../../state/maps-slice.ts';
import { useAppDispatch, useAppSelector } from '../../state/store.ts';
import { useChoosePlace } from './use-choose-place.ts';

export interface PlaceSearchBoxProps {
  /** The map whose state (Redux, by id) and view this box drives. */
  mapId: string;
  map: MapLibreMap | null;
  /** @default 'Ciudad' */
  placeholder?: string;
  /** Add a marker with the label in a popup (spec: when the search options ask for it). */
  showMarker?: boolean;
  /** Picker rules: residential 16, else by label parts; 1 s animation; bbox padding 50. */
  picker?: boolean;
  /** Save-property mode for the general zoom rule. */
  saveMode?: boolean;
  /** The search config's zoom, which wins over the rules. */
  configZoom?: number;
  /** The map's bounds [west, south, east, north]: results outside are not offered (spec, validation rules). */
  bounds?: [number, number, number, number] | null;
  /** ISO alpha-2 codes results are restricted to (spec, validation rules); the configured country when absent. */
  countryCodes?: readonly string[];
}

/**
 * The place-search box (spec: screens, search box states, validation rules): an accessible combobox (downshift) over the geocoder. Looks up with
 * ≥ 4 characters while typing and with the current text on focus; shows 'Datos no encontrados' for no results;
 * a failed lookup just empties and closes the list. Picking a result fills the box, stores the location in the
 * map's Redux state and moves the map.
 */
export function PlaceSearchBox(props: PlaceSearchBoxProps) {
  const { mapId, map, placeholder = MESSAGES.search.placeholder } = props;
  const dispatch = useAppDispatch();
  const text = useAppSelector((s) => selectMap(s, mapId).buscador);
  const [lookup, result] = useLazyForwardQuery();
  const [open, setOpen] = useState(false);
  // Spec: the list closes 200 ms after the box loses focus (so a click on an item still lands).
  // A counter, not a flag: every blur restarts the timer, every focus cancels it.
  const [blurs, setBlurs] = useState(0);
  useEffect(() => {
    if (blurs === 0) return undefined;
    const timer = setTimeout(() => {
      setOpen(false);
    }, TIMING_MS.searchBlurClose);
    return () => {
      clearTimeout(timer);
    };
  }, [blurs]);

  const failed = result.isError;
  const items: SearchSuggestion[] = failed || !result.data ? [] : result.data;

  // The lookup in flight, so a newer one can cancel it (stale answers never reach the list).
  const [inFlight, setInFlight] = useState<{ abort: () => void } | null>(null);
  const search = (query: string) => {
    if (query.trim() === '') return;
    inFlight?.abort();
    setInFlight(
      lookup({ text: query, bounds: props.bounds ?? null, countryCodes: props.countryCodes }, true),
    );
    setOpen(true);
  };

  const choose = useChoosePlace(mapId, map, lookup, props);

  /** The location, its label and the rectangle go with the text (spec: clearing resets everything). */
  const clear = () => {
    inFlight?.abort();
    dispatch(searchCleared({ mapId }));
    setOpen(false);
    if (map) clearSearchResult(map);
  };

  const combobox = useCombobox<SearchSuggestion>({
    items,
    inputValue: text,
    isOpen: open && !failed && text.trim() !== '',
    itemToString: (item) => item?.text ?? '',
    onInputValueChange: ({ inputValue, type }) => {
      if (
        type === useCombobox.stateChangeTypes.ItemClick ||
        type === useCombobox.stateChangeTypes.InputKeyDownEnter
      )
        return;
      // Spec: clearing the box resets everything, however it was emptied (the 'Borrar' button or the keys).
      if (inputValue.trim() === '') {
        clear();
        return;
      }
      dispatch(searchTextChanged({ mapId, text: inputValue }));
      if (inputValue.trim().length >= SEARCH.minChars) search(inputValue);
      else setOpen(false);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      setOpen(false);
      dispatch(searchTextChanged({ mapId, text: selectedItem.text }));
      void choose(selectedItem);
    },
    onIsOpenChange: ({ isOpen, type }) => {
      // Blur closes after 200 ms (spec), handled below; Escape and other closes apply at once.
      if (!isOpen && type !== useCombobox.stateChangeTypes.InputBlur) setOpen(false);
    },
  });

  const showList = combobox.isOpen;
  return (
    <div className="place-search">
      <label {...combobox.getLabelProps({ className: 'visually-hidden' })}>{MESSAGES.search.label}</label>
      <div className="place-search__field">
        <input
          {...combobox.getInputProps({
            placeholder,
            onFocus: () => {
              setBlurs(0);
              search(text);
            },
            onBlur: () => {
              setBlurs((n) => n + 1);
            },
          })}
        />
        {text !== '' && (
          <button
            type="button"
            className="place-search__clear"
            aria-label={MESSAGES.search.clear}
            title={MESSAGES.search.clear}
            onClick={clear}
          >
            ×
          </button>
        )}
      </div>
      <ul {...combobox.getMenuProps({ className: 'place-search__list', hidden: !showList })}>
        {showList && result.isFetching && <li className="place-search__status">{MESSAGES.search.loading}</li>}
        {showList && !result.isFetching && items.length === 0 && result.isSuccess && (
          <li className="place-search__status">{MESSAGES.search.noResults}</li>
        )}
        {showList &&
          !result.isFetching &&
          items.map((item, index) => (
            <li
              key={item.text}
              className={`place-search__item${combobox.highlightedIndex === index ? ' place-search__item--active' : ''}`}
              {...combobox.getItemProps({ item, index })}
            >
              {item.text}
            </li>
          ))}
      </ul>
    </div>
  );
}
