import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
/** [west, south, east, north], mutable for Immer drafts. */
type BBox = [west: number, south: number, east: number, north: number];

/** spec, entities "Map state", serializable only: the map object itself never enters the store. */
export interface MapState {
  zoom: number | null;
  ubicacion: { latitud: number; longitud: number } | null;
  ubicacionNueva: { latitud: number; longitud: number } | null;
  labelNuevaUbicacion: string;
  /** Typed search text. */
  buscador: string;
  bbox: BBox | null;
  tipoBusqueda: { tipo: 'residential' } | null;
  locationCentre: [number, number] | null;
  /** The drawing map's area (spec, entities "Drawn shapes"): closed [lat, lng] list, [lat, lng, radius] or []. */
  forma: number[][] | number[];
}

export const emptyMapState: MapState = {
  zoom: null,
  ubicacion: null,
  ubicacionNueva: null,
  labelNuevaUbicacion: '',
  buscador: '',
  bbox: null,
  tipoBusqueda: null,
  locationCentre: null,
  forma: [],
};

type ById<T> = { mapId: string } & T;

const initialMaps: Record<string, MapState> = {};

const mapsSlice = createSlice({
  name: 'maps',
  // The key a host mounts this reducer under (src/state/store.ts, docs/api.md): named for us, not for 'maps'.
  reducerPath: 'mapas',
  initialState: initialMaps,
  reducers: {
    searchTextChanged(state, action: PayloadAction<ById<{ text: string }>>) {
      const map = (state[action.payload.mapId] ??= { ...emptyMapState });
      map.buscador = action.payload.text;
    },
    placeChosen(
      state,
      action: PayloadAction<
        ById<{ latitud: number; longitud: number; label: string; bbox: BBox | null; tipo: string | null }>
      >,
    ) {
      const { mapId, latitud, longitud, label, bbox, tipo } = action.payload;
      const map = (state[mapId] ??= { ...emptyMapState });
      map.ubicacionNueva = { latitud, longitud };
      map.labelNuevaUbicacion = label;
      map.buscador = label;
      map.bbox = bbox;
      map.tipoBusqueda = tipo === 'residential' ? { tipo: 'residential' } : null;
    },
    searchCleared(state, action: PayloadAction<ById<object>>) {
      const map = (state[action.payload.mapId] ??= { ...emptyMapState });
      map.buscador = '';
      map.ubicacionNueva = null;
      map.labelNuevaUbicacion = '';
      map.bbox = null;
      map.tipoBusqueda = null;
    },
    zoomChanged(state, action: PayloadAction<ById<{ zoom: number }>>) {
      const map = (state[action.payload.mapId] ??= { ...emptyMapState });
      map.zoom = action.payload.zoom;
    },
    /** The location picker's chosen property location (a click, a drag, or the initial position). */
    propertyPlaced(state, action: PayloadAction<ById<{ latitud: number; longitud: number; label: string }>>) {
      const { mapId, latitud, longitud, label } = action.payload;
      const map = (state[mapId] ??= { ...emptyMapState });
      map.ubicacionNueva = { latitud, longitud };
      map.labelNuevaUbicacion = label;
    },
    /** The drawing map's stored shape changed (closed, edited, resized, loaded or removed). */
    shapeStored(
      state,
      action: PayloadAction<ById<{ forma: readonly (readonly number[])[] | readonly number[] }>>,
    ) {
      const map = (state[action.payload.mapId] ??= { ...emptyMapState });
      const { forma } = action.payload;
      map.forma = forma.map((item) =>
        Array.isArray(item) ? [...(item as number[])] : item,
      ) as MapState['forma'];
    },
    /** The cluster map's location centre ([lat, lng]) once applied; null when it has none. */
    locationCentreSet(state, action: PayloadAction<ById<{ centre: [number, number] | null }>>) {
      const map = (state[action.payload.mapId] ??= { ...emptyMapState });
      map.locationCentre = action.payload.centre;
    },
    locationFound(state, action: PayloadAction<ById<{ latitud: number; longitud: number }>>) {
      const { mapId, latitud, longitud } = action.payload;
      const map = (state[mapId] ??= { ...emptyMapState });
      map.ubicacion = { latitud, longitud };
    },
  },
  selectors: {
    selectMap: (state, mapId: string): MapState => state[mapId] ?? emptyMapState,
  },
});

export const {
  searchTextChanged,
  placeChosen,
  searchCleared,
  zoomChanged,
  locationFound,
  locationCentreSet,
  propertyPlaced,
  shapeStored,
} = mapsSlice.actions;
export const { selectMap } = mapsSlice.selectors;
export const mapsReducer = mapsSlice.reducer;
export const mapsReducerPath = mapsSlice.reducerPath;
