import { createContext } from 'react';
import {
  createDispatchHook,
  createSelectorHook,
  createStoreHook,
  type ReactReduxContextValue,
} from 'react-redux';

/**
 * The widgets' own React-Redux context: a host's `<Provider>` (its own store, maybe its own react-redux copy)
 * never meets ours, and ours never answers the host's `useSelector`. MapasProvider fills it with the widgets'
 * store, or with the host's store when the host mounted our reducers in it.
 */
export const MapasReduxContext = createContext<ReactReduxContextValue | null>(null);

export const useMapasDispatch = createDispatchHook(MapasReduxContext);
export const useMapasSelector = createSelectorHook(MapasReduxContext);
export const useMapasStore = createStoreHook(MapasReduxContext);
