/**
 * Synthetic Venezuelan-like transactions for the engine benchmark and tests (independent of src/datagen so
 * the numbers stay comparable while the generator evolves): 80% gaussian around 11 city centres, 20% uniform
 * over lat 1..12, lng -73..-60; 16 quarters, 5 colours, 70% sales. Seeded and deterministic.
 */
import type { PropertyTable } from '../../src/core/types.ts';
import { seededRandom } from '../../scripts/lib/seeded-random.ts';

/** [lat, lng, weight, sigma in degrees] of the city centres the clustered 80% gather around. */
const CITIES: readonly (readonly [number, number, number, number])[] = [
  [10.49, -66.88, 30, 0.08], // Caracas
  [10.65, -71.64, 16, 0.07], // Maracaibo
  [10.16, -68.0, 12, 0.06], // Valencia
  [10.07, -69.32, 10, 0.05], // Barquisimeto
  [10.25, -67.6, 9, 0.05], // Maracay
  [8.35, -62.65, 7, 0.06], // Ciudad Guayana
  [10.13, -64.69, 5, 0.04], // Barcelona
  [9.75, -63.18, 4, 0.04], // Maturín
  [10.45, -64.17, 3, 0.03], // Cumaná
  [8.59, -71.14, 2, 0.03], // Mérida
  [7.77, -72.22, 2, 0.03], // San Cristóbal
];

export const SYNTHETIC_QUARTERS: readonly string[] = Array.from(
  { length: 16 },
  (_, i) => `${2021 + Math.floor(i / 4)}-T${(i % 4) + 1}`,
);
export const SYNTHETIC_COLORS: readonly string[] = ['amarillo', 'azul', 'naranja', 'rojo', 'verde'];

/** mulberry32 (scripts/lib/seeded-random.ts): the same seed, the same data. */
export const rng = seededRandom;

/** A table of `n` synthetic transactions (positions rounded to 1e-6°, as the backend stores them). */
export function syntheticTable(n: number, seed = 7): PropertyTable {
  const random = rng(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const totalWeight = CITIES.reduce((a, c) => a + c[2], 0);
  const lng = new Float64Array(n);
  const lat = new Float64Array(n);
  const price = new Float64Array(n);
  const operation = new Uint8Array(n);
  const quarter = new Uint16Array(n);
  const color = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    let y: number;
    let x: number;
    if (random() < 0.8) {
      let pick = random() * totalWeight;
      let city = CITIES[0] ?? [10.49, -66.88, 1, 0.08];
      for (const c of CITIES) {
        city = c;
        if ((pick -= c[2]) < 0) break;
      }
      y = city[0] + gauss() * city[3];
      x = city[1] + gauss() * city[3];
    } else {
      y = 1 + random() * 11;
      x = -73 + random() * 13;
    }
    lat[i] = Math.round(y * 1e6) / 1e6;
    lng[i] = Math.round(x * 1e6) / 1e6;
    operation[i] = random() < 0.7 ? 0 : 1;
    quarter[i] = Math.floor(random() * 16);
    color[i] = Math.floor(random() * 5);
    price[i] = Math.round((operation[i] === 0 ? 20_000 : 150) * Math.exp(gauss() * 0.6 + 1.5));
  }
  return {
    length: n,
    lng,
    lat,
    price,
    operation,
    quarter,
    color,
    quarters: SYNTHETIC_QUARTERS,
    colors: SYNTHETIC_COLORS,
  };
}
