import { describe, expect, it } from 'vitest';
import {
  emptyMapState,
  locationCentreSet,
  locationFound,
  placeChosen,
  propertyPlaced,
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
    expect(JSON.parse(JSON.stringify(store.getState().mapas))).toEqual(store.getState().mapas);
  });
});

// Location picker (issue 7): the property's location and the picker's search live under different ids.
describe('maps slice: the picker’s property location', () => {
  it('stores each placement as ubicacionNueva / labelNuevaUbicacion, the last one winning', () => {
    const store = makeStore();
    store.dispatch(propertyPlaced({ mapId: 'p', latitud: 10.49, longitud: -66.88, label: '' }));
    store.dispatch(
      propertyPlaced({ mapId: 'p', latitud: 10.49, longitud: -66.88, label: 'Chacao, VEN, Venezuela' }),
    );
    const map = selectMap(store.getState(), 'p');
    expect(map.ubicacionNueva).toEqual({ latitud: 10.49, longitud: -66.88 });
    expect(map.labelNuevaUbicacion).toBe('Chacao, VEN, Venezuela');
  });

  it('a search under the picker’s search id leaves the property’s location alone', () => {
    const store = makeStore();
    store.dispatch(propertyPlaced({ mapId: 'p', latitud: 10.49, longitud: -66.88, label: 'Casa' }));
    store.dispatch(
      placeChosen({
        mapId: 'p:busqueda',
        latitud: 10.16,
        longitud: -68.0,
        label: 'Valencia',
        bbox: null,
        tipo: null,
      }),
    );
    expect(selectMap(store.getState(), 'p').labelNuevaUbicacion).toBe('Casa');
    expect(selectMap(store.getState(), 'p:busqueda').labelNuevaUbicacion).toBe('Valencia');
  });

  it('stores the location centre and the zoom a map reports', () => {
    const store = makeStore();
    store.dispatch(locationCentreSet({ mapId: 'general', centre: [10.49, -66.88] }));
    store.dispatch(zoomChanged({ mapId: 'general', zoom: 11 }));
    expect(selectMap(store.getState(), 'general')).toMatchObject({
      locationCentre: [10.49, -66.88],
      zoom: 11,
    });
    store.dispatch(locationCentreSet({ mapId: 'general', centre: null }));
    expect(selectMap(store.getState(), 'general').locationCentre).toBeNull();
  });
});
