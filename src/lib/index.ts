/**
 * The package's root entry: every widget (each also takes a `config` prop over MapasProvider's), its props
 * type, the provider and hooks, the Redux pieces a host with its own store mounts, and the pure helpers of
 * `./core`. Importing it also brings the widgets' CSS into the host's bundle (`style.css` beside it).
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import '../widgets/widgets.css';
import { AddressSearch as AddressSearchBase } from '../widgets/address-search/AddressSearch.tsx';
import { AgencyMap as AgencyMapBase } from '../widgets/agency-map/AgencyMap.tsx';
import { DetailMap as DetailMapBase } from '../widgets/detail-map/DetailMap.tsx';
import { DrawingMap as DrawingMapBase } from '../widgets/drawing-map/DrawingMap.tsx';
import { LocationPicker as LocationPickerBase } from '../widgets/location-picker/LocationPicker.tsx';
import { withMapasConfig } from '../widgets/map-config.tsx';
import { PlaceSearchBox as PlaceSearchBoxBase } from '../widgets/place-search/PlaceSearchBox.tsx';
import { PropertyCard as PropertyCardBase } from '../widgets/property-card/PropertyCard.tsx';
import { PropertyClusterMap as PropertyClusterMapBase } from '../widgets/property-cluster-map/PropertyClusterMap.tsx';
import { TransactionFilters as TransactionFiltersBase } from '../widgets/transactions-map/TransactionFilters.tsx';
import { TransactionsMap as TransactionsMapBase } from '../widgets/transactions-map/TransactionsMap.tsx';
import { TransactionsSide as TransactionsSideBase } from '../widgets/transactions-map/TransactionsSide.tsx';

export * from './core.ts';

// Widgets: the maps, the search controls, and the explorer's side parts.
export const PropertyClusterMap = withMapasConfig(PropertyClusterMapBase, 'PropertyClusterMap');
export const TransactionsMap = withMapasConfig(TransactionsMapBase, 'TransactionsMap');
export const TransactionFilters = withMapasConfig(TransactionFiltersBase, 'TransactionFilters');
export const TransactionsSide = withMapasConfig(TransactionsSideBase, 'TransactionsSide');
export const AgencyMap = withMapasConfig(AgencyMapBase, 'AgencyMap');
export const LocationPicker = withMapasConfig(LocationPickerBase, 'LocationPicker');
export const DetailMap = withMapasConfig(DetailMapBase, 'DetailMap');
export const DrawingMap = withMapasConfig(DrawingMapBase, 'DrawingMap');
export const PlaceSearchBox = withMapasConfig(PlaceSearchBoxBase, 'PlaceSearchBox');
export const AddressSearch = withMapasConfig(AddressSearchBase, 'AddressSearch');
export const PropertyCard = withMapasConfig(PropertyCardBase, 'PropertyCard');

export type { AddressSearchProps } from '../widgets/address-search/AddressSearch.tsx';
export type { AgencyMapProps } from '../widgets/agency-map/AgencyMap.tsx';
export type { DetailMapProps } from '../widgets/detail-map/DetailMap.tsx';
export type { DrawingMapProps } from '../widgets/drawing-map/DrawingMap.tsx';
export type { LocationPickerProps, PickedLocation } from '../widgets/location-picker/LocationPicker.tsx';
export type { PlaceSearchBoxProps } from '../widgets/place-search/PlaceSearchBox.tsx';
export type {
  ClusterMapVariant,
  PropertyClusterMapProps,
  SearchArea,
} from '../widgets/property-cluster-map/PropertyClusterMap.tsx';
export type { TransactionFiltersProps } from '../widgets/transactions-map/TransactionFilters.tsx';
export type { TransactionsMapProps, TransactionsView } from '../widgets/transactions-map/TransactionsMap.tsx';
export { trendPoints, type TrendPoint } from '../widgets/transactions-map/trend-chart.ts';
export { loadStatusText } from '../widgets/transactions-map/load-status.ts';
export type { ExportFormat, PropertyRow } from '../../workers/contract.ts';
export type { PriceLegendProps } from '../widgets/transactions-map/PriceLegend.tsx';
export type { QuarterPrices } from '../../workers/contract.ts';
export type { ClusterSizing } from '../layers/cluster-layers.ts';
export type { AddressResult } from '../geocoding/client.ts';

// Configuration and hooks.
export {
  MapasProvider,
  useMapasConfig,
  useMapSetup,
  withMapasConfig,
  type MapasProviderProps,
  type MapSetup,
  type WidgetConfigProp,
} from '../widgets/map-config.tsx';
export { mergeConfig, readConfig, type AppConfig, type MapasConfig } from '../config/read-config.ts';
export { useMapState } from './use-map-state.ts';
// A host calls it as its page starts: the base map's label fonts then download beside the map's code.
export { preloadBaseFonts } from '../map/base-fonts.ts';

// State, for a host that keeps its own Redux store (docs/api.md, "State").
export {
  mapasMiddleware,
  mapasReducers,
  makeStore as makeMapasStore,
  type RootState as MapasState,
} from '../state/store.ts';
export { emptyMapState, selectMap, type MapState } from '../state/maps-slice.ts';
export type { GeocoderSetup } from '../state/geocoder-api.ts';
