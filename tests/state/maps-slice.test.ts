import { describe, expect, it } from 'vitest';
import {
  emptyMapState,
  locationFound,
  placeChosen,
  searchCleared,
  searchTextChanged,
  selectMap,
  zoomChanged,
} from '../../src/state/maps-slice.ts';
import { makeStore } from '../../src/state/store.ts';

describe('maps slice: per-map serializable state', () => {
  it('keeps each map id apart and starts from the empty state', () => {
    const store = makeStore();
    store.dispatch(searchTextChanged({ mapId: 'a', text: 'Cara' }));
    expect(selectMap(store.getState(), 'a').buscador).toBe('Cara');
    expect(selectMap(store.getState(), 'b')).toEqual(emptyMapState);
  });

  it('stores a chosen place, then clears everything the clear button clears', () => {
    const store = makeStore();
    store.dispatch(
      placeChosen({
        mapId: 'm',
        latitud: 10.5,
        longitud: -66.9,
        label: 'Caracas, VEN, Venezuela',
        bbox: [-67, 10.4, -66.8, 10.6],
        tipo: 'residential',
      }),
    );
    store.dispatch(zoomChanged({ mapId: 'm', zoom: 13 }));
    store.dispatch(locationFound({ mapId: 'm', latitud: 10.49, longitud: -66.88 }));
    expect(selectMap(store.getState(), 'm')).toEqual({
      ...emptyMapState,
      zoom: 13,
      ubicacion: { latitud: 10.49, longitud: -66.88 },
      ubicacionNueva: { latitud: 10.5, longitud: -66.9 },
      labelNuevaUbicacion: 'Caracas, VEN, Venezuela',
      buscador: 'Caracas, VEN, Venezuela',
      bbox: [-67, 10.4, -66.8, 10.6],
      tipoBusqueda: { tipo: 'residential' },
    });
    store.dispatch(searchCleared({ mapId: 'm' }));
    const cleared = selectMap(store.getState(), 'm');
    expect([cleared.buscador, cleared.ubicacionNueva, cleared.labelNuevaUbicacion, cleared.bbox]).toEqual([
      '',
      null,
      '',
      null,
    ]);
    expect(cleared.ubicacion).toEqual({ latitud: 10.49, longitud: -66.88 }); // the device location is not the search
  });

  it('holds only serializable values', () => {
    const store = makeStore();
    store.dispatch(placeChosen({ mapId: 'm', latitud: 1, longitud: 2, label: 'x', bbox: null, tipo: null }));
    expect(JSON.parse(JSON.stringify(store.getState().maps))).toEqual(store.getState().maps);
  });
});
