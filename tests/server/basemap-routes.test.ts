import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_LAYERS } from '../../server/basemap-routes.ts';
import { startServices } from './serve.ts';

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

describe('the base map in one file (base.geojson)', () => {
  it('holds every feature of each layer the style draws, tagged with its layer, properties kept', async () => {
    const base = await collection('base');
    expect(base.type).toBe('FeatureCollection');
    for (const capa of BASE_LAYERS) {
      const own = await collection(capa);
      const tagged = base.features.filter((f) => f.properties.capa === capa);
      expect(tagged.length, capa).toBe(own.features.length);
      expect(tagged.length, capa).toBeGreaterThan(0);
      // Same geometry and properties as the layer's own file, plus the tag.
      expect(tagged, capa).toEqual(
        own.features.map((f) => ({ ...f, properties: { ...f.properties, capa } })),
      );
    }
    expect(base.features.every((f) => (BASE_LAYERS as readonly unknown[]).includes(f.properties.capa))).toBe(
      true,
    );
  });

  it('is the same bytes on every request (built once)', async () => {
    const one = await (await fetch(`${services.base}/api/basemap/base.geojson`)).arrayBuffer();
    const two = await (await fetch(`${services.base}/api/basemap/base.geojson`)).arrayBuffer();
    expect(Buffer.from(one).equals(Buffer.from(two))).toBe(true);
  });
});
