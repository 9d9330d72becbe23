/**
 * A shareable starting view from the page's query string: `?lat=10.49&lng=-66.88&zoom=12`. Anything missing or
 * invalid is ignored and the map fits Venezuela instead.
 */
export function initialViewFromQuery(search: string): { center: [number, number]; zoom: number } | null {
  const params = new URLSearchParams(search);
  const lat = Number(params.get('lat'));
  const lng = Number(params.get('lng'));
  const zoom = Number(params.get('zoom'));
  const valid =
    params.has('lat') &&
    params.has('lng') &&
    params.has('zoom') &&
    Number.isFinite(lat) &&
    Math.abs(lat) <= 85 &&
    Number.isFinite(lng) &&
    Math.abs(lng) <= 180 &&
    Number.isFinite(zoom) &&
    zoom >= 1 &&
    zoom <= 18;
  return valid ? { center: [lng, lat], zoom } : null;
}
