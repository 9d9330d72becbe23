import { configureStore, createSlice } from '@reduxjs/toolkit';
import { useState, useSyncExternalStore } from 'react';
import {
  DrawingMap,
  MapasProvider,
  mapasMiddleware,
  mapasReducers,
  selectMap,
  type StoredShape,
} from 'inmuebles-mapas-ve';

/** A host that keeps its own Redux store: its slice, and the widgets' reducers mounted beside it. */
const visits = createSlice({
  name: 'visitas',
  initialState: { count: 0 },
  reducers: {
    visited(state) {
      state.count += 1;
    },
  },
});

export const hostStore = configureStore({
  reducer: { visitas: visits.reducer, ...mapasReducers },
  middleware: (getDefault) => getDefault().concat(mapasMiddleware),
});

const CIRCLE: StoredShape = [10.48, -66.87, 800];

/** A drawing map on the host's store: the host reads the widget's shape from its own state. */
export function HostStorePanel() {
  const [load, setLoad] = useState<StoredShape | undefined>(undefined);
  const forma = useSyncExternalStore(
    hostStore.subscribe,
    () => selectMap(hostStore.getState(), 'zona').forma,
  );
  return (
    <section className="panel" aria-label="Redux del anfitrión">
      <h2>Redux del anfitrión</h2>
      <MapasProvider store={hostStore}>
        <div className="map">
          <DrawingMap mapId="zona" latitud={10.48} longitud={-66.87} zoom={11} cargarForma={load} />
        </div>
      </MapasProvider>
      <button
        type="button"
        onClick={() => {
          hostStore.dispatch(visits.actions.visited());
          setLoad(CIRCLE);
        }}
      >
        Cargar el círculo guardado
      </button>
      <p data-testid="host-store-shape">{JSON.stringify(forma)}</p>
    </section>
  );
}
