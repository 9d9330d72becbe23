import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { EMBEDDED_GEOCODER, geocoderApi, type GeocoderExtra, type GeocoderSetup } from './geocoder-api.ts';
import { mapsReducer } from './maps-slice.ts';

const rootReducer = combineReducers({ maps: mapsReducer, [geocoderApi.reducerPath]: geocoderApi.reducer });
export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  preloadedState?: Partial<RootState>;
  /** The geocoder the widgets' lookups go to; the embedded one when absent. */
  geocoder?: GeocoderSetup;
}

/** A store; tests make their own with a preloaded state. */
export function makeStore(options: StoreOptions = {}) {
  const extra: GeocoderExtra = { geocoder: options.geocoder ?? EMBEDDED_GEOCODER };
  return configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } }).concat(geocoderApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
