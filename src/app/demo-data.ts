/** The demo's generated listings: the same 3,000 (some deliberately malformed) on the listing and search maps. */
export const DEMO_LISTINGS_URL = '/api/data/listings.json?count=3000&seed=7&dirty=1';

/** The listings URL for `?n=` in the hash query (0…50,000), or the demo's default set when absent or invalid. */
export function listingsUrl(n: string | null): string {
  if (n === null || n.trim() === '') return DEMO_LISTINGS_URL;
  const count = Number(n);
  return Number.isInteger(count) && count >= 0 && count <= 50_000
    ? `/api/data/listings.json?count=${String(count)}&seed=7&dirty=1`
    : DEMO_LISTINGS_URL;
}
