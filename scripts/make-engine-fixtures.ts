/**
 * Golden fixtures for the cluster engine, made by supercluster 9.1.0 itself (the reference semantics):
 *   npx tsx scripts/make-engine-fixtures.ts
 * Writes tests/fixtures/engine/points.json (a fixed dataset, independent of the generator's future changes)
 * and golden.json (per zoom: the sorted cluster sizes, the number of single points, and a digest of every
 * feature's count and position rounded to 1e-6°).
 */
import { writeFileSync } from 'node:fs';
import Supercluster from 'supercluster';
import { generateTransactionsTable } from '../src/datagen/index.ts';
import { featureDigest } from '../tests/fixtures/engine/digest.ts';

const FIXTURE_OPTIONS = { radius: 40, extent: 512, minZoom: 0, maxZoom: 18, minPoints: 2 };
const COUNT = 3000;
const SEED = 42;

const table = generateTransactionsTable({ count: COUNT, seed: SEED });
const points = Array.from({ length: COUNT }, (_, i) => [table.lng[i] ?? 0, table.lat[i] ?? 0]);
const index = new Supercluster(FIXTURE_OPTIONS).load(
  points.map(([lng = 0, lat = 0], i) => ({
    type: 'Feature',
    properties: { i },
    geometry: { type: 'Point', coordinates: [lng, lat] },
  })),
);
const zooms = [];
for (let z = 0; z <= FIXTURE_OPTIONS.maxZoom + 1; z++) {
  const features = index.getClusters([-180, -85, 180, 85], z);
  const items = features.map((f) => {
    const props = f.properties as { point_count?: number };
    const [lng = 0, lat = 0] = f.geometry.coordinates;
    return [props.point_count ?? 1, lng, lat] as const;
  });
  zooms.push({
    zoom: z,
    clusterSizes: items
      .filter(([c]) => c > 1)
      .map(([c]) => c)
      .sort((a, b) => b - a),
    singlePoints: items.filter(([c]) => c === 1).length,
    digest: featureDigest(items),
  });
}
const dir = new URL('../tests/fixtures/engine/', import.meta.url);
writeFileSync(new URL('points.json', dir), `${JSON.stringify(points)}\n`);
writeFileSync(
  new URL('golden.json', dir),
  `${JSON.stringify({ source: 'supercluster@9.1.0', options: FIXTURE_OPTIONS, zooms })}\n`,
);
console.log(`fixtures: ${COUNT} puntos, ${zooms.length} zooms`);
