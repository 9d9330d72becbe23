import { describe, expect, it } from 'vitest';
import { agenciesCentre } from '../../src/app/pages/agency-demo.ts';

describe('agenciesCentre', () => {
  it('is the middle of the agencies’ box, numeric strings read as numbers', () => {
    const franchise = {
      inmobiliarias: [
        { latitud: '10.67', longitud: '-71.61' },
        { latitud: 10.17, longitud: -68.0 },
        { latitud: '9.75', longitud: '-63.18' },
      ],
    };
    const c = agenciesCentre(franchise);
    expect(c?.lat).toBeCloseTo((9.75 + 10.67) / 2, 9);
    expect(c?.lng).toBeCloseTo((-71.61 + -63.18) / 2, 9);
  });

  it('skips agencies without a usable position, and answers null when none is left', () => {
    expect(
      agenciesCentre({
        inmobiliarias: [
          { latitud: 'norte', longitud: '' },
          { latitud: 95, longitud: 1 },
        ],
      }),
    ).toBe(null);
    expect(agenciesCentre({ inmobiliarias: [{ latitud: 'x' }, { latitud: 8, longitud: -66 }] })).toEqual({
      lat: 8,
      lng: -66,
    });
    expect(agenciesCentre(null)).toBe(null);
    expect(agenciesCentre({ inmobiliarias: 'no' })).toBe(null);
  });
});
