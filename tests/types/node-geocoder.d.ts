// The few parts of node-geocoder (a standard Nominatim client) that the compatibility test uses.
declare module 'node-geocoder' {
  interface Entry {
    latitude?: number;
    longitude?: number;
    formattedAddress?: string;
    city?: string;
    state?: string;
    countryCode?: string;
  }
  interface Geocoder {
    geocode(query: string): Promise<Entry[]>;
    reverse(query: { lat: number; lon: number }): Promise<Entry[]>;
  }
  export default function NodeGeocoder(options: {
    provider: 'openstreetmap';
    osmServer: string;
    language?: string;
  }): Geocoder;
}
