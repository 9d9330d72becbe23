import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { checkMapInput } from '../../src/core/map-input.ts';
import { requireMapInput } from '../../src/widgets/map-input.tsx';

describe('a map requires position and map id (spec §5), at run time', () => {
  it.each([
    [{ latitud: 10.5, longitud: -66.9 }, 'El mapa necesita un identificador (mapId).'],
    [{ mapId: '  ', latitud: 10.5, longitud: -66.9 }, 'El mapa necesita un identificador (mapId).'],
    [{ mapId: 'm', longitud: -66.9 }, 'El mapa necesita una posición (latitud y longitud).'],
    [
      { mapId: 'm', latitud: 'norte', longitud: -66.9 },
      'El mapa necesita una posición (latitud y longitud).',
    ],
    [{ mapId: 'm', latitud: 10.5, longitud: 200 }, 'El mapa necesita una posición (latitud y longitud).'],
    [
      { mapId: 'm', latitud: Number.NaN, longitud: -66.9 },
      'El mapa necesita una posición (latitud y longitud).',
    ],
  ])('%j is refused: %s', (input, error) => {
    expect(checkMapInput(input)).toEqual({ ok: false, error });
  });

  it('numbers and numeric strings are read as the position', () => {
    expect(checkMapInput({ mapId: 'm', latitud: '10.5', longitud: -66.9 })).toEqual({
      ok: true,
      value: { mapId: 'm', latitud: 10.5, longitud: -66.9 },
    });
  });

  it('a checked widget shows the Spanish reason instead of its map, and renders its view when the inputs are there', () => {
    const View = (props: { mapId: string; latitud: number; longitud: number }) =>
      createElement('div', { 'data-map': props.mapId });
    const Checked = requireMapInput(View, 'Prueba');
    const refused = renderToStaticMarkup(
      createElement(Checked, { mapId: '', latitud: 10.5, longitud: -66.9 }),
    );
    expect(refused).toBe(
      '<p class="map-input-error" role="alert">El mapa necesita un identificador (mapId).</p>',
    );
    expect(renderToStaticMarkup(createElement(Checked, { mapId: 'm', latitud: 10.5, longitud: -66.9 }))).toBe(
      '<div data-map="m"></div>',
    );
  });
});

describe('every map widget with a position checks it', () => {
  it('the cluster, drawing, detail and picker maps refuse a missing map id with the Spanish alert', async () => {
    const { PropertyClusterMap, DrawingMap, DetailMap, LocationPicker } =
      await import('../../src/lib/index.ts');
    const position = { latitud: 10.5, longitud: -66.9 };
    const widgets = [
      createElement(PropertyClusterMap, { ...position, mapId: '', data: [], variant: 'general' }),
      createElement(DrawingMap, { ...position, mapId: '' }),
      createElement(DetailMap, { ...position, mapId: '' }),
      createElement(LocationPicker, { ...position, mapId: '', version: 1 }),
    ];
    for (const widget of widgets)
      expect(renderToStaticMarkup(widget)).toBe(
        '<p class="map-input-error" role="alert">El mapa necesita un identificador (mapId).</p>',
      );
  });
});
