import type { StyleSpecification } from 'maplibre-gl';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { readConfig, type AppConfig } from '../config/read-config.ts';
import { maxBoundsFor, resolveMapStyle } from '../map/style-source.ts';

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

/** Gives the widgets below it their configuration (style, geocoder); read at run time, not build time. */
export function MapConfigProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
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
