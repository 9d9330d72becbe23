import type { Map as MapLibreMap } from 'maplibre-gl';
import type { ReactNode } from 'react';
import type { Property } from '../../core/types.ts';
import type { SearchArea } from './use-search-here.ts';

export type ClusterMapVariant = 'general' | 'search';

export interface PropertyClusterMapProps {
  mapId: string;
  /**
   * Raw property records; invalid ones are counted and skipped (records without coordinates too). `null`
   * while they load: the map waits (an empty array is data, and recentres on the country).
   */
  data: readonly unknown[] | null;
  /** The country centre (empty data recentres here at zoom 7). */
  latitud: number;
  longitud: number;
  zoom?: number;
  /**
   * ISO alpha-2 codes location searches are restricted to (spec: "location search is restricted to the given
   * country codes"): handed to `renderToolbar`, where the map's search controls live.
   */
  countryCodes?: readonly string[];
  /** [lat, lng] applied 300 ms after the data (zoom 11 on the general listing). */
  locationCenter?: readonly [number, number] | null;
  colors?: { sale?: string; rental?: string; selection?: string };
  radius?: number;
  /** 'general': the listing map; 'search': radius 30 and 'Buscar inmuebles en esta zona'. */
  variant: ClusterMapVariant;
  /** A property marked active from outside: highlighted, and its cluster drawn green with white text. */
  activePropertyId?: string | null;
  onSelect?: (property: Property | null) => void;
  onSearchArea?: (area: SearchArea) => void;
  /**
   * The valid properties (normalized once, here), how many records were rejected and how many kept with
   * impossible numbers left blank, once on the map.
   */
  onLoad?: (loaded: { properties: readonly Property[]; rejected: number; blanked: number }) => void;
  /**
   * Controls above the map (the general listing's place search), given the map once it exists and the
   * map's search restriction (`countryCodes`) for the search controls it renders. They sit in a 12-column
   * grid where a place-search box placed directly takes the last three (spec: "to the right above the map,
   * 3 of 12 columns wide"); return a fragment for several controls, each its own grid item.
   */
  renderToolbar?: (map: MapLibreMap | null, search: { countryCodes?: readonly string[] }) => ReactNode;
  twoFingers?: boolean;
  testId?: string;
}
