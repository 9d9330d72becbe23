import { useCombobox } from 'downshift';
import { useEffect, useState } from 'react';
import { TIMING_MS } from '../../core/constants.ts';
import { MESSAGES } from '../../core/messages.ts';
import type { AddressResult } from '../../geocoding/client.ts';
import { useAutocompleteQuery } from '../../state/geocoder-api.ts';

export interface AddressSearchProps {
  /** Called with the chosen address `{ x, y, label, bounds, raw }`. */
  onResult: (result: AddressResult) => void;
  /** 'fast' is the picker v2 variant (100 ms); otherwise 250 ms (spec, screens). */
  variant?: 'default' | 'fast';
  placeholder?: string;
  /** ISO alpha-2 codes suggestions are restricted to; the configured country when absent. */
  countryCodes?: readonly string[];
}

/** The typed text once it has rested for `delayMs` (spec: suggestions after a pause). */
function useDebounced(text: string, delayMs: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(text);
    }, delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [text, delayMs]);
  return text === '' ? '' : settled;
}

/**
 * The address-search control with autocomplete (spec, screens): up to 5 suggestions after a 250 ms pause (100 ms in
 * the picker v2 variant), from 2 characters; an empty query clears the suggestions. Keyboard: arrows, Enter,
 * Escape (downshift combobox).
 */
export function AddressSearch({
  onResult,
  variant = 'default',
  placeholder = MESSAGES.search.addressLabel,
  countryCodes,
}: AddressSearchProps) {
  const [text, setText] = useState('');
  const delay = variant === 'fast' ? TIMING_MS.autocompleteDelayFast : TIMING_MS.autocompleteDelay;
  const query = useDebounced(text, delay);
  const { data, isError } = useAutocompleteQuery(countryCodes ? { text: query, countryCodes } : query, {
    skip: query.trim().length < 2,
  });
  const items = query.trim().length < 2 || isError ? [] : (data ?? []);
  const combobox = useCombobox<AddressResult>({
    items,
    // Downshift owns the input's value (controlling it from here lost keystrokes under fast typing);
    // the text is mirrored into state for the debounced lookup.
    itemToString: (item) => item?.label ?? '',
    onInputValueChange: ({ inputValue }) => {
      setText(inputValue);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onResult(selectedItem);
    },
  });
  return (
    <div className="place-search address-search">
      <label {...combobox.getLabelProps({ className: 'visually-hidden' })}>
        {MESSAGES.search.addressLabel}
      </label>
      <div className="place-search__field">
        <input {...combobox.getInputProps({ placeholder })} />
      </div>
      <ul
        {...combobox.getMenuProps({
          className: 'place-search__list',
          hidden: !combobox.isOpen || items.length === 0,
        })}
      >
        {combobox.isOpen &&
          items.map((item, index) => (
            <li
              key={`${item.label}-${String(index)}`}
              className={`place-search__item${combobox.highlightedIndex === index ? ' place-search__item--active' : ''}`}
              {...combobox.getItemProps({ item, index })}
            >
              {item.label}
            </li>
          ))}
      </ul>
    </div>
  );
}
