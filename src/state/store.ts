import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { geocoderApi } from './geocoder-api.ts';
import { mapsReducer } from './maps-slice.ts';

const rootReducer = combineReducers({ maps: mapsReducer, [geocoderApi.reducerPath]: geocoderApi.reducer });
export type RootState = ReturnType<typeof rootReducer>;

/** A store; tests make their own with a preloaded state. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(geocoderApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
