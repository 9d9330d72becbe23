import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { useMapasDispatch, useMapasSelector } from './context.ts';
import { geocoderApi } from './geocoder-api.ts';
import { mapsReducer, mapsReducerPath } from './maps-slice.ts';

/**
 * What a host with its own Redux store mounts (docs/api.md, "State"): these two reducers at these two keys
 * (RTK Query needs its reducer at the root of the state), and `mapasMiddleware` in its middleware.
 */
export const mapasReducers = {
  [mapsReducerPath]: mapsReducer,
  [geocoderApi.reducerPath]: geocoderApi.reducer,
} as const;
export const mapasMiddleware = geocoderApi.middleware;

const rootReducer = combineReducers(mapasReducers);
export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  preloadedState?: Partial<RootState>;
}

/** The widgets' own store (a host without Redux gets one from MapasProvider); tests make their own too. */
export function makeStore(options: StoreOptions = {}) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState,
    middleware: (getDefault) => getDefault().concat(geocoderApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useMapasDispatch.withTypes<AppDispatch>();
export const useAppSelector = useMapasSelector.withTypes<RootState>();
