import type { StyleSpecification } from 'maplibre-gl';
import { createContext, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Store } from '@reduxjs/toolkit';
import { mergeConfig, readConfig, type AppConfig, type MapasConfig } from '../config/read-config.ts';
import { maxBoundsFor, resolveMapStyle } from '../map/style-source.ts';
import { MapasReduxContext } from '../state/context.ts';
import { GeocoderSetupProvider, type GeocoderSetup } from '../state/geocoder-api.ts';
import { makeStore } from '../state/store.ts';

/** What every widget map is made with, from the one configuration the host passes down. */
export interface MapSetup {
  config: AppConfig;
  style: string | StyleSpecification;
  /** The offline map keeps the view inside its data; a production style may roam. */
  maxBounds: [number, number, number, number] | undefined;
}

/** Without a provider: the embedded services (no network, no keys). */
const EMBEDDED = readConfig({});
const ConfigContext = createContext<AppConfig>(EMBEDDED);

export interface MapasProviderProps {
  /** The values to change for the widgets below; the rest comes from an outer provider, else the defaults. */
  config?: MapasConfig | undefined;
  /**
   * A host's Redux store that mounts `mapasReducers` and `mapasMiddleware` (docs/api.md, "State"). Without
   * one the widgets use the store of an outer MapasProvider, else one of their own.
   */
  store?: Store | undefined;
  children?: ReactNode;
}

/**
 * Gives the widgets below it their configuration (style, geocoder, countries, language) and their Redux store,
 * at run time. Providers nest: an inner one changes only what its `config` names, and shares the outer store.
 */
export function MapasProvider({ config, store, children }: MapasProviderProps) {
  const outer = useContext(ConfigContext);
  const outerStore = useContext(MapasReduxContext)?.store;
  // A host may pass a new object literal each render: its content, not its identity, decides.
  const key = JSON.stringify(config ?? {});
  const merged = useMemo(() => mergeConfig(outer, JSON.parse(key) as MapasConfig), [outer, key]);
  const geocoder = useMemo<GeocoderSetup>(
    () => ({
      url: merged.geocoderUrl,
      key: merged.geocoderKey,
      countryCodes: merged.countryCodes,
      language: merged.language,
    }),
    [merged],
  );
  const [own] = useState(() => ((store ?? outerStore) ? null : makeStore()));
  const inForce = store ?? outerStore ?? own;
  const body = (
    <ConfigContext.Provider value={merged}>
      <GeocoderSetupProvider value={geocoder}>{children}</GeocoderSetupProvider>
    </ConfigContext.Provider>
  );
  if (!inForce || (inForce === outerStore && !store)) return body;
  return (
    <Provider context={MapasReduxContext} store={inForce}>
      {body}
    </Provider>
  );
}

/** The configuration in force for this component (after every provider and `config` prop above it). */
export function useMapasConfig(): AppConfig {
  return useContext(ConfigContext);
}

/** The map style and bounds of the configuration in force, resolved against this page's origin. */
export function useMapSetup(): MapSetup {
  const config = useContext(ConfigContext);
  return useMemo(
    () => ({
      config,
      style: resolveMapStyle(config, window.location.origin),
      maxBounds: maxBoundsFor(config),
    }),
    [config],
  );
}

/** Every public widget's extra prop: its own configuration, over the provider's. */
export interface WidgetConfigProp {
  /** This widget's configuration; values it leaves out come from MapasProvider (or the defaults). */
  config?: MapasConfig | undefined;
}

/** A widget that takes a `config` prop and works with or without a MapasProvider above it. */
export function withMapasConfig<P extends object>(
  Widget: ComponentType<P>,
  name: string,
): ComponentType<P & WidgetConfigProp> {
  function Configured(props: P & WidgetConfigProp) {
    const { config, ...rest } = props;
    return (
      <MapasProvider config={config}>
        <Widget {...(rest as P)} />
      </MapasProvider>
    );
  }
  Configured.displayName = name;
  return Configured;
}
