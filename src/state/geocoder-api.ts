import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { COUNTRY_CODE } from '../core/constants.ts';
import { MESSAGES } from '../core/messages.ts';
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

/** Which Nominatim-compatible service the lookups go to: the host's configuration, passed to makeStore. */
export interface GeocoderSetup {
  /** Base URL (`/search`, `/reverse`), absolute or relative to the page. */
  url: string;
  /** Sent as `key` when set. */
  key: string | null;
}

/** What RTK Query hands every lookup as `extra` (the store's thunk argument). */
export interface GeocoderExtra {
  geocoder: GeocoderSetup;
}

export const EMBEDDED_GEOCODER: GeocoderSetup = { url: '/api/geocoder', key: null };

const setupOf = (extra: unknown): GeocoderSetup =>
  (extra as Partial<GeocoderExtra> | undefined)?.geocoder ?? EMBEDDED_GEOCODER;

/** `countryCodes`: a widget's own restriction (the place search's); the configured country when none. */
const geocoderOptions = (extra: unknown, countryCodes?: readonly string[]): GeocoderOptions => {
  const setup = setupOf(extra);
  return {
    baseUrl: new URL(setup.url, window.location.origin).href,
    key: setup.key,
    countryCodes: countryCodes?.length ? countryCodes : [COUNTRY],
  };
};

/**
 * The spec's helpers log 'Error en forward geocoding:' / 'Error en reverse geocoding:' and re-throw. Here the
 * failure goes on as a value (RTK Query's `error`, which the widgets handle as the catalogue says) and the log
 * line is written at the same place. A lookup cancelled because a newer one replaced it is no failure.
 */
function logFailure(prefix: string, failure: { error: string; kind: string }): void {
  if (failure.kind !== 'aborted') console.error(prefix, failure.error);
}

/** A forward lookup: the text, and the map's bounds outside which results are dropped (spec, validation rules). */
export interface ForwardArgs {
  text: string;
  bounds?: [number, number, number, number] | null;
  /** ISO alpha-2 codes the results are restricted to; the configured country when absent. */
  countryCodes?: readonly string[];
}

/** An autocomplete lookup: the bare text, or the text and the widget's country codes. */
export type AutocompleteArgs = string | { text: string; countryCodes?: readonly string[] };

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
      queryFn: async ({ text, bounds, countryCodes }, { signal, extra }) => {
        const options = { ...geocoderOptions(extra, countryCodes), bounds: bounds ?? null };
        const answer = await forwardGeocode(text, options, signal);
        if (!answer.ok) logFailure(MESSAGES.errors.forwardGeocoding, answer);
        return answer.ok ? { data: answer.value } : { error: { message: answer.error } };
      },
    }),
    autocomplete: build.query<AddressResult[], AutocompleteArgs>({
      queryFn: async (args, { signal, extra }) => {
        const { text, countryCodes } =
          typeof args === 'string' ? { text: args, countryCodes: undefined } : args;
        const answer = await autocompleteAddress(text, geocoderOptions(extra, countryCodes), signal);
        return answer.ok ? { data: answer.value } : { error: { message: answer.error } };
      },
    }),
    reverse: build.query<ReverseAnswer | null, { lat: number; lon: number }>({
      queryFn: async ({ lat, lon }, { signal, extra }) => {
        const answer = await reverseGeocode(lat, lon, geocoderOptions(extra), signal);
        if (!answer.ok) logFailure(MESSAGES.errors.reverseGeocoding, answer);
        return answer.ok ? { data: answer.value } : { error: { message: answer.error } };
      },
    }),
  }),
});

export const { useLazyForwardQuery, useForwardQuery, useLazyReverseQuery, useAutocompleteQuery } =
  geocoderApi;
