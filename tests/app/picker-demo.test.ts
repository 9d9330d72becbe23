import { describe, expect, it } from 'vitest';
import { demoOptions } from '../../src/app/pages/picker-demo.ts';

describe('demoOptions (picker and detail demo URLs)', () => {
  it('opens without a position, with the search box and without the detail flag by default', () => {
    expect(demoOptions('')).toEqual({
      position: null,
      description: '',
      searchVisible: true,
      searchMarker: false,
      detail: false,
    });
  });

  it('reads an initial position, a description, the search options and the detail flag', () => {
    expect(
      demoOptions('lat=10.49&lng=-66.88&desc=Oficina%20en%20Chacao&buscador=0&marcador=1&detalle=1'),
    ).toEqual({
      position: { latitud: 10.49, longitud: -66.88 },
      description: 'Oficina en Chacao',
      searchVisible: false,
      searchMarker: true,
      detail: true,
    });
  });

  it('ignores missing, blank, non-numeric or out-of-range coordinates', () => {
    for (const q of [
      'lat=10',
      'lng=-66',
      'lat=&lng=',
      'lat=abc&lng=-66',
      'lat=91&lng=-66',
      'lat=10&lng=181',
    ]) {
      expect(demoOptions(q).position, q).toBeNull();
    }
  });

  it('cuts an overlong description', () => {
    expect(demoOptions(`desc=${'a'.repeat(500)}`).description).toHaveLength(200);
  });
});
