import { describe, expect, it } from 'vitest';
import { normalizeProperties } from '../../src/core/normalize.ts';
import { isPlausible, PLAUSIBLE } from '../../src/core/plausible.ts';
import { allocateTable } from '../../src/core/table.ts';
import { validRows } from '../../src/core/table-check.ts';
import { ClusterEngine } from '../../workers/engine/engine.ts';

const at = { latitud: 10.5, longitud: -66.9 };

describe('impossible numbers', () => {
  it('isPlausible takes finite numbers in [0, max] only', () => {
    expect([0, 1, 1e10].map((v) => isPlausible(v, PLAUSIBLE.price))).toEqual([true, true, true]);
    expect([-1, 1e10 + 1, Number.NaN, Infinity, -1e308].some((v) => isPlausible(v, PLAUSIBLE.price))).toBe(
      false,
    );
  });

  it('normalization keeps the record, blanks each impossible field and names it', () => {
    const { properties, rejected, blanked } = normalizeProperties([
      { id: 'a', ...at, precio: 250_000, nroHabitaciones: 4, areaTerreno: 40_000_000 },
      { id: 'b', ...at, precio: -1e308, nroHabitaciones: 1e9, nroBanios: 2, areaConstruccion: '3000000' },
      { id: 'c', ...at, precioFinal: 2e10, nroEstacionamientos: -1 },
    ]);
    expect(rejected).toEqual([]);
    expect(properties.map((p) => [p.precio, p.nroHabitaciones, p.nroBanios, p.areaConstruccion])).toEqual([
      [250_000, 4, 0, 0],
      [0, 0, 2, 0],
      [0, 0, 0, 0],
    ]);
    expect(properties[0]?.areaTerreno).toBe(40_000_000); // a 4,000-ha hato is real
    expect(blanked).toEqual([
      { index: 1, reason: 'cifras imposibles en blanco: precio, nroHabitaciones, areaConstruccion' },
      { index: 2, reason: 'cifras imposibles en blanco: precioFinal, nroEstacionamientos' },
    ]);
  });

  it('the engine keeps rows with an impossible price, counts them and draws their price blank', () => {
    const table = allocateTable(5, ['q'], ['c']);
    table.lng.set([-66.9, -66.0, -65.0, -64.0, -63.0]);
    table.lat.fill(10.5);
    table.price.set([0, 100, -5, Number.NaN, 1e12]);
    expect([...validRows(table)]).toEqual([0, 1, 2, 3, 4]);
    const engine = new ClusterEngine();
    const loaded = engine.load(table);
    if (!loaded.ok) throw new Error(loaded.error);
    expect(loaded.value).toMatchObject({ indexed: 5, rejected: 0, impossiblePrices: 3 });
    const view = engine.getClusters([-70, 9, -60, 12], 19);
    if (!view.ok) throw new Error(view.error);
    const byLng = new Map([...view.value.prices].map((p, i) => [view.value.positions[2 * i], p]));
    expect([-66.9, -66.0, -65.0, -64.0, -63.0].map((lng) => byLng.get(lng))).toEqual([0, 100, NaN, NaN, NaN]);
  });

  it('a rejected row (bad coordinates) is not also counted as an impossible price', () => {
    const table = allocateTable(3, ['q'], ['c']);
    table.lng.set([-66.9, Number.NaN, 500]);
    table.lat.fill(10.5);
    table.price.set([-1, -2, -3]);
    const loaded = new ClusterEngine().load(table);
    expect(loaded.ok && loaded.value).toMatchObject({ indexed: 1, rejected: 2, impossiblePrices: 1 });
  });
});
