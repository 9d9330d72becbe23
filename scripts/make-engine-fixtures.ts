/**
 * Golden fixtures for the cluster engine, made by supercluster 9.1.0 itself (the reference semantics):
 *   npx tsx scripts/make-engine-fixtures.ts
 * Writes tests/fixtures/engine/points.json (a fixed, seeded dataset: 3,000 points, 80% around a few
 * Venezuelan city centres, 20% uniform, with duplicates) and golden.json: per zoom 0..19, every cluster as
 * [count, lng, lat] (sorted, positions rounded to 1e-6°), the number of single points, and a digest of all
 * features, so a failing test names the zoom and the cluster that differ.
 */
import { writeFileSync } from 'node:fs';
import Supercluster from 'supercluster';
import { featureDigest } from '../tests/fixtures/engine/digest.ts';
import { seededRandom as rng } from './lib/seeded-random.ts';

const FIXTURE_OPTIONS = { radius: 40, extent: 512, minZoom: 0, maxZoom: 18, minPoints: 2 };
const COUNT = 3000;
const CENTRES = [
  [-66.88, 10.49, 0.08], // Caracas
  [-71.64, 10.65, 0.06], // Maracaibo
  [-68.0, 10.16, 0.05], // Valencia
  [-62.65, 8.35, 0.05], // Ciudad Guayana
] as const;

const random = rng(42);
const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
const points: [number, number][] = [];
for (let i = 0; i < COUNT; i++) {
  const previous = points[Math.floor(random() * points.length)];
  if (previous && random() < 0.02) {
    points.push([previous[0], previous[1]]); // same building: identical coordinates
    continue;
  }
  const centre = CENTRES[Math.floor(random() * CENTRES.length)] ?? CENTRES[0];
  points.push(
    random() < 0.8
      ? [round6(centre[0] + gauss() * centre[2]), round6(centre[1] + gauss() * centre[2])]
      : [round6(-73 + random() * 13), round6(1 + random() * 11)],
  );
}

const index = new Supercluster(FIXTURE_OPTIONS).load(
  points.map(([lng, lat], i) => ({
    type: 'Feature' as const,
    properties: { i },
    geometry: { type: 'Point' as const, coordinates: [lng, lat] },
  })),
);
const zooms = [];
for (let z = 0; z <= FIXTURE_OPTIONS.maxZoom + 1; z++) {
  const items = index.getClusters([-180, -85, 180, 85], z).map((f) => {
    const props = f.properties as { point_count?: number };
    const [lng = 0, lat = 0] = f.geometry.coordinates;
    return [props.point_count ?? 1, lng, lat] as [number, number, number];
  });
  const clusters = items
    .filter(([count]) => count > 1)
    .map(([count, lng, lat]) => [count, round6(lng), round6(lat)])
    .sort((a, b) => (b[0] ?? 0) - (a[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0) || (a[2] ?? 0) - (b[2] ?? 0));
  zooms.push({
    zoom: z,
    clusters,
    singlePoints: items.filter(([count]) => count === 1).length,
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
