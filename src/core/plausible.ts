/**
 * Bounds past which a number in a record cannot be true: a data answer with a price of -1e308 or 1,000,000,000
 * rooms printed "-1e+302M" and "1000000000 hab" on the map (issue 21 §3). Such values are left blank (0, which
 * every display reads as "not given") and counted, never shown. Generous on purpose: a real outlier (a
 * 50,000-hectare hato, a 2,000 m² penthouse) passes.
 */
export const PLAUSIBLE = {
  /** Dollars: above any Venezuelan sale (and far above rents). */
  price: 1e10,
  /** Rooms, bathrooms, parking places. */
  count: 500,
  /** Built area, m² (a large shopping centre). */
  builtArea: 2e6,
  /** Land area, m² (100,000 ha). */
  landArea: 1e9,
} as const;

/** A finite number in [0, max]. */
export function isPlausible(value: number, max: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= max;
}
