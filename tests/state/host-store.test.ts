import { configureStore, createSlice } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { geocoderApi } from '../../src/state/geocoder-api.ts';
import { placeChosen, selectMap, shapeStored } from '../../src/state/maps-slice.ts';
import { mapasMiddleware, mapasReducers } from '../../src/state/store.ts';

/** A host's own slice, to show that ours sits beside it without touching it. */
const cart = createSlice({
  name: 'cart',
  initialState: { items: 0 },
  reducers: {
    added(state) {
      state.items += 1;
    },
  },
});

describe('a host store that mounts the widgets\u2019 reducers (docs/api.md, "State")', () => {
  const hostStore = () =>
    configureStore({
      reducer: { cart: cart.reducer, ...mapasReducers },
      middleware: (getDefault) => getDefault().concat(mapasMiddleware),
    });

  it('mounts them under the documented keys, beside the host\u2019s own state', () => {
    const store = hostStore();
    expect(Object.keys(store.getState()).sort()).toEqual(['cart', 'mapas', 'mapasGeocoder']);
    expect(Object.keys(mapasReducers).sort()).toEqual(['mapas', geocoderApi.reducerPath].sort());
  });

  it('keeps the widgets\u2019 per-map state there, readable with selectMap', () => {
    const store = hostStore();
    store.dispatch(cart.actions.added());
    store.dispatch(
      placeChosen({
        mapId: 'listado',
        latitud: 10.5,
        longitud: -66.9,
        label: 'Chacao',
        bbox: null,
        tipo: null,
      }),
    );
    store.dispatch(shapeStored({ mapId: 'dibujo', forma: [10.5, -66.9, 500] }));
    expect(store.getState().cart.items).toBe(1);
    expect(selectMap(store.getState(), 'listado').labelNuevaUbicacion).toBe('Chacao');
    expect(selectMap(store.getState(), 'dibujo').forma).toEqual([10.5, -66.9, 500]);
    // Serializable, so a host's devtools and persistence can hold it.
    expect(JSON.parse(JSON.stringify(store.getState().mapas))).toEqual(store.getState().mapas);
  });
});
