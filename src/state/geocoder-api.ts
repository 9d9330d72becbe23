import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { config } from '../config/index.ts';
import { COUNTRY_CODE } from '../core/constants.ts';
import {
  autocompleteAddress,
  forwardGeocode,
  reverseGeocode,
  type AddressResult,
  type GeocoderOptions,
  type ReverseAnswer,
} from '../geocoding/client.ts';
import type { SearchSuggestion } from '../geocoding/conversions.ts';

/** Nominatim's ISO alpha-2 for the product's country code (VEN). */
const ALPHA2: Readonly<Record<string, string>> = { VEN: 've' };
const COUNTRY = ALPHA2[COUNTRY_CODE] ?? 've';

const geocoderOptions = (): GeocoderOptions => ({
  baseUrl: new URL(config.geocoderUrl, window.location.origin).href,
  key: config.geocoderKey,
  countryCodes: [COUNTRY],
});

/** A forward lookup: the text, and the map's bounds outside which results are dropped (spec §5). */
export interface ForwardArgs {
  text: string;
  bounds?: [number, number, number, number] | null;
}

/**
 * Geocoding through RTK Query: identical lookups are de-duplicated and cached, and a lookup no component waits
 * for any more is aborted (the signal reaches fetch). Errors are values with the spec's catalogue message.
 */
export const geocoderApi = createApi({
  reducerPath: 'geocoder',
  baseQuery: fakeBaseQuery<{ message: string }>(),
  keepUnusedDataFor: 300,
  endpoints: (build) => ({
    forward: build.query<SearchSuggestion[], ForwardArgs>({
      queryFn: async ({ text, bounds }, { signal }) => {
        const answer = await forwardGeocode(text, { ...geocoderOptions(), bounds: bounds ?? null }, signal);
        return answer.ok ? { data: answer.value } : { error: { message: answer.error } };
      },
    }),
    autocomplete: build.query<AddressResult[], string>({
      queryFn: async (text, { signal }) => {
        const answer = await autocompleteAddress(text, geocoderOptions(), signal);
        return answer.ok ? { data: answer.value } : { error: { message: answer.error } };
      },
    }),
    reverse: build.query<ReverseAnswer | null, { lat: number; lon: number }>({
      queryFn: async ({ lat, lon }, { signal }) => {
        const answer = await reverseGeocode(lat, lon, geocoderOptions(), signal);
        return answer.ok ? { data: answer.value } : { error: { message: answer.error } };
      },
    }),
  }),
});

export const { useLazyForwardQuery, useForwardQuery, useLazyReverseQuery, useAutocompleteQuery } =
  geocoderApi;
