import { buildCreateApi, coreModule, fakeBaseQuery, reactHooksModule } from '@reduxjs/toolkit/query/react';
import { createContext, useCallback, useContext } from 'react';
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
import { localGazetteer } from '../geocoding/local-gazetteer.ts';
import { useMapasDispatch, useMapasSelector, useMapasStore } from './context.ts';

/** Nominatim's ISO alpha-2 for the product's country code (VEN). */
const ALPHA2: Readonly<Record<string, string>> = { VEN: 've' };
const COUNTRY = ALPHA2[COUNTRY_CODE] ?? 've';

/** Which Nominatim-compatible service a widget's lookups go to: its configuration (MapasProvider, props). */
export interface GeocoderSetup {
  /** Base URL (`/search`, `/reverse`), absolute or relative to the page. */
  url: string;
  /** Sent as `key` when set. */
  key: string | null;
  /** ISO alpha-2 codes results are restricted to when the widget names none. @default ['ve'] */
  countryCodes?: readonly string[];
  /** `accept-language` of the lookups. @default 'es' */
  language?: string;
}

export const EMBEDDED_GEOCODER: GeocoderSetup = { url: '/api/geocoder', key: null };

/**
 * The geocoder of the widget being rendered. Every lookup carries it in its arguments (not in the store), so
 * two widgets under one store can ask two services, and their answers are cached apart.
 */
const GeocoderContext = createContext<GeocoderSetup>(EMBEDDED_GEOCODER);
export const GeocoderSetupProvider = GeocoderContext.Provider;
export const useGeocoderSetup = (): GeocoderSetup => useContext(GeocoderContext);

/** `countryCodes`: a widget's own restriction (the place search's); the configured countries when none. */
const geocoderOptions = (setup: GeocoderSetup, countryCodes?: readonly string[]): GeocoderOptions => ({
  baseUrl: new URL(setup.url, window.location.origin).href,
  key: setup.key,
  countryCodes: countryCodes?.length
    ? countryCodes
    : setup.countryCodes?.length
      ? setup.countryCodes
      : [COUNTRY],
  language: setup.language ?? 'es',
  // Every widget's search, autocomplete and reverse lookup go through here: each gets the local gazetteer's
  // places first.
  local: localGazetteer,
});

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
  /** ISO alpha-2 codes the results are restricted to; the configured countries when absent. */
  countryCodes?: readonly string[];
}

/** An autocomplete lookup: the bare text, or the text and the widget's country codes. */
export type AutocompleteArgs = string | { text: string; countryCodes?: readonly string[] };

export interface ReverseArgs {
  lat: number;
  lon: number;
}

/**
 * A lookup's arguments as cached: the geocoder, and the local gazetteer's revision, so a place added to it
 * is found by a search typed before (the cached answer was keyed by the older revision).
 */
type WithGeocoder<T> = T & { geocoder: GeocoderSetup; local?: number };

/** RTK Query bound to the widgets' own React-Redux context (context.ts), not the host's. */
const createMapasApi = buildCreateApi(
  coreModule(),
  reactHooksModule({
    hooks: { useDispatch: useMapasDispatch, useSelector: useMapasSelector, useStore: useMapasStore },
  }),
);

/**
 * Geocoding through RTK Query: identical lookups are de-duplicated and cached, and a lookup no component waits
 * for any more is aborted (the signal reaches fetch). Errors are values with the spec's catalogue message.
 */
export const geocoderApi = createMapasApi({
  reducerPath: 'mapasGeocoder',
  baseQuery: fakeBaseQuery<{ message: string }>(),
  keepUnusedDataFor: 300,
  endpoints: (build) => ({
    forward: build.query<SearchSuggestion[], WithGeocoder<ForwardArgs>>({
      queryFn: async ({ text, bounds, countryCodes, geocoder }, { signal }) => {
        const options = { ...geocoderOptions(geocoder, countryCodes), bounds: bounds ?? null };
        const answer = await forwardGeocode(text, options, signal);
        if (!answer.ok) logFailure(MESSAGES.errors.forwardGeocoding, answer);
        return answer.ok ? { data: answer.value } : { error: { message: answer.error } };
      },
    }),
    autocomplete: build.query<
      AddressResult[],
      WithGeocoder<{ text: string; countryCodes?: readonly string[] | undefined }>
    >({
      queryFn: async ({ text, countryCodes, geocoder }, { signal }) => {
        const answer = await autocompleteAddress(text, geocoderOptions(geocoder, countryCodes), signal);
        return answer.ok ? { data: answer.value } : { error: { message: answer.error } };
      },
    }),
    reverse: build.query<ReverseAnswer | null, WithGeocoder<ReverseArgs>>({
      queryFn: async ({ lat, lon, geocoder }, { signal }) => {
        const answer = await reverseGeocode(lat, lon, geocoderOptions(geocoder), signal);
        if (!answer.ok) logFailure(MESSAGES.errors.reverseGeocoding, answer);
        return answer.ok ? { data: answer.value } : { error: { message: answer.error } };
      },
    }),
  }),
});

/** A forward lookup on demand, to the geocoder in force (the widgets call it as RTK's lazy hook). */
export function useLazyForwardQuery() {
  const geocoder = useGeocoderSetup();
  const [trigger, result, info] = geocoderApi.useLazyForwardQuery();
  const run = useCallback(
    (args: ForwardArgs, preferCacheValue?: boolean) =>
      trigger({ ...args, geocoder, local: localGazetteer.current().revision }, preferCacheValue),
    [trigger, geocoder],
  );
  return [run, result, info] as const;
}

/** A reverse lookup on demand, to the geocoder in force (a point a newly learned place holds is asked again). */
export function useLazyReverseQuery() {
  const geocoder = useGeocoderSetup();
  const [trigger, result, info] = geocoderApi.useLazyReverseQuery();
  const run = useCallback(
    (args: ReverseArgs, preferCacheValue?: boolean) =>
      trigger({ ...args, geocoder, local: localGazetteer.current().revision }, preferCacheValue),
    [trigger, geocoder],
  );
  return [run, result, info] as const;
}

/** Address suggestions for `args`, from the geocoder in force; `skip` as RTK's. */
export function useAutocompleteQuery(args: AutocompleteArgs, options?: { skip?: boolean }) {
  const geocoder = useGeocoderSetup();
  const { text, countryCodes } = typeof args === 'string' ? { text: args, countryCodes: undefined } : args;
  const local = localGazetteer.current().revision;
  return geocoderApi.useAutocompleteQuery({ text, countryCodes, geocoder, local }, options);
}
