import { describe, expect, it } from 'vitest';
import { LEARN, median, PlaceLearner } from '../../../src/core/gazetteer/learn.ts';

describe('names learned from a file', () => {
  it('proposes the per-coordinate median of a tight group of three rows, with its count and spread', () => {
    const learner = new PlaceLearner();
    learner.add('Urb. Los Mangos', 'Guacara', 'Carabobo', 10.2, -67.9);
    learner.add('urb. los  MANGOS ', 'guacara', 'Carabobo', 10.201, -67.9);
    learner.add('Urb. Los Mangos', 'Guácara', 'Carabobo', 10.2, -67.901);
    const { proposals, rejected, rows } = learner.result();
    expect(rows).toBe(3);
    expect(rejected).toEqual({});
    expect(proposals).toEqual([
      {
        name: 'Urb. Los Mangos',
        municipio: 'Guacara',
        estado: 'Carabobo',
        lat: 10.2,
        lng: -67.9,
        count: 3,
        // Distances 0, ~109.6 m (0.001° of longitude at 10.2°N, WGS84) and ~110.6 m (0.001° of latitude).
        spreadM: 110,
      },
    ]);
  });

  it('keeps homonyms in two municipios apart, and leaves out groups of fewer than 3 rows', () => {
    const learner = new PlaceLearner();
    for (const lat of [10.49, 10.491, 10.492]) learner.add('Valle Arriba', 'Baruta', 'Miranda', lat, -66.85);
    for (const lat of [10.47, 10.471, 10.472]) learner.add('Valle Arriba', 'Zamora', 'Miranda', lat, -66.54);
    learner.add('La Pastora', 'Libertador', '', 10.51, -66.92);
    learner.add('La Pastora', 'Libertador', '', 10.511, -66.92);
    const { proposals, rejected } = learner.result();
    expect(proposals.map((p) => [p.name, p.municipio, p.lat, p.lng])).toEqual([
      ['Valle Arriba', 'Baruta', 10.491, -66.85],
      ['Valle Arriba', 'Zamora', 10.471, -66.54],
    ]);
    expect(rejected).toEqual({ pocasFilas: 2 });
  });

  it('refuses a spread wider than 1,500 m, and one far row cannot drag the median', () => {
    expect(LEARN.maxSpreadM).toBe(1500);
    const wide = new PlaceLearner();
    // 0.02° of latitude apart: ~2,212 m from the middle row each.
    for (const lat of [10.5, 10.52, 10.54]) wide.add('Sector Centro', '', '', lat, -66.9);
    expect(wide.result()).toMatchObject({ proposals: [], rejected: { muyDisperso: 3 } });

    const outlier = new PlaceLearner();
    for (const lat of [10.5, 10.5, 10.501, 10.501, 11.5])
      outlier.add('El Paraíso', 'Libertador', '', lat, -66.93);
    const [proposal] = outlier.result().proposals;
    expect(proposal?.lat).toBe(10.501);
    expect(proposal?.count).toBe(5);
    expect(proposal?.spreadM).toBe(111); // distances 0, 0, 111, 111 and ~110 km: the middle one
  });

  it('counts hostile names and points outside Venezuela by reason; rows without a name are not rows', () => {
    const learner = new PlaceLearner();
    learner.add('<img src=x onerror=alert(1)>', 'Chacao', '', 10.5, -66.85);
    learner.add('Los Palos Grandes &amp; más', 'Chacao', '', 10.5, -66.85);
    learner.add('__proto__', '', '', 10.5, -66.85);
    learner.add('Altamira', '<b>Chacao</b>', '', 10.5, -66.85);
    learner.add('x'.repeat(121), '', '', 10.5, -66.85);
    learner.add('Altamira', 'Chacao', '', 40.4, -3.7); // Madrid
    learner.add('Altamira', 'Chacao', '', Number.NaN, -66.85);
    learner.add('   ', 'Chacao', '', 10.5, -66.85);
    const { proposals, rejected, rows } = learner.result();
    expect(proposals).toEqual([]);
    expect(rows).toBe(7);
    expect(rejected).toEqual({ marcado: 3, claveReservada: 1, sinNombre: 1, fueraDeVenezuela: 2 });
  });

  it('median: the middle value, the mean of the two middle ones, NaN for none', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
