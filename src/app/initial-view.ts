/**
 * The general listing map's location centre from the URL: `#/?lat=10.49&lng=-66.88`, in the hash query like
 * every other route's options. A query before the '#' (`/?lat=…&lng=…#/`, the older form) is still read
 * when the hash has none. Both coordinates are needed; `zoom` is not read, since the spec applies a location
 * centre at zoom 11. Anything missing or invalid gives null, and the map fits its listings instead.
 */
export function locationCentreFromUrl(
  search: string,
  hashQuery: string,
): { lat: number; lng: number } | null {
  return centreOf(hashQuery) ?? centreOf(search);
}

function centreOf(query: string): { lat: number; lng: number } | null {
  const params = new URLSearchParams(query);
  const text = (name: string) => params.get(name)?.trim() ?? '';
  if (text('lat') === '' || text('lng') === '') return null;
  const lat = Number(text('lat'));
  const lng = Number(text('lng'));
  const valid = Number.isFinite(lat) && Math.abs(lat) <= 85 && Number.isFinite(lng) && Math.abs(lng) <= 180;
  return valid ? { lat, lng } : null;
}

/**
 * The demo's country restriction for the general map's searches: `#/?paises=ve,co` (ISO alpha-2 codes,
 * at most 5); Venezuela when absent or invalid.
 */
export function countryCodesFromHash(hashQuery: string): string[] {
  const codes = (new URLSearchParams(hashQuery).get('paises') ?? '')
    .split(',')
    .map((code) => code.trim().toLowerCase())
    .filter((code) => /^[a-z]{2}$/.test(code));
  return codes.length > 0 ? [...new Set(codes)].slice(0, 5) : ['ve'];
}
