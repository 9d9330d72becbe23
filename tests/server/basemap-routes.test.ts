import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_FILES } from '../../server/basemap-routes.ts';
import { rawGet, startServices } from './serve.ts';

interface Collection {
  type: string;
  features: { type: string; geometry: unknown; properties: Record<string, unknown> }[];
}

let services: Awaited<ReturnType<typeof startServices>>;
beforeAll(async () => {
  services = await startServices();
});
afterAll(() => services.close());
const collection = async (name: string) => {
  const answer = await fetch(`${services.base}/api/basemap/${name}.geojson`);
  expect(answer.status, name).toBe(200);
  expect(answer.headers.get('content-type')).toContain('application/geo+json');
  return (await answer.json()) as Collection;
};

describe('the base map in two files (outlines.geojson, labels.geojson)', () => {
  it.each(Object.entries(BASE_FILES))(
    '%s holds every feature of its layers, tagged with the layer, properties kept',
    async (file, layers) => {
      const combined = await collection(file);
      expect(combined.type).toBe('FeatureCollection');
      for (const capa of layers) {
        const own = await collection(capa);
        const tagged = combined.features.filter((f) => f.properties.capa === capa);
        expect(tagged.length, capa).toBeGreaterThan(0);
        // Same geometry and properties as the layer's own file, plus the tag.
        expect(tagged, capa).toEqual(
          own.features.map((f) => ({ ...f, properties: { ...f.properties, capa } })),
        );
      }
      expect(combined.features.every((f) => (layers as readonly unknown[]).includes(f.properties.capa))).toBe(
        true,
      );
    },
  );

  it('is the same bytes on every request (built once), compressed when the client takes it', async () => {
    const one = await (await fetch(`${services.base}/api/basemap/outlines.geojson`)).arrayBuffer();
    const two = await (await fetch(`${services.base}/api/basemap/outlines.geojson`)).arrayBuffer();
    expect(Buffer.from(one).equals(Buffer.from(two))).toBe(true);
    for (const encoding of ['br', 'gzip'] as const) {
      const raw = await rawGet(`${services.base}/api/basemap/outlines.geojson`, encoding);
      expect(raw.headers['content-encoding']).toBe(encoding);
      expect(raw.headers.vary).toContain('Accept-Encoding');
      expect(raw.body.length).toBeLessThan(one.byteLength / 2);
    }
    const plain = await rawGet(`${services.base}/api/basemap/outlines.geojson`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBe(one.byteLength);
  });
});
