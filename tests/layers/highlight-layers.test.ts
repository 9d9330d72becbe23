import { describe, expect, it } from 'vitest';
import { highlightLayers } from '../../src/layers/highlight-layers.ts';
import type { ClusterResult } from '../../workers/contract.ts';

/** An engine answer: [lng, lat, count, id] per item (id: a table row for singles, a cluster id otherwise). */
function answer(items: [number, number, number, number][]): ClusterResult {
  const n = items.length;
  const view: ClusterResult = {
    length: n,
    positions: new Float64Array(items.flatMap(([lng, lat]) => [lng, lat])),
    counts: new Uint32Array(items.map((i) => i[2])),
    saleCounts: new Uint32Array(n),
    rentalCounts: new Uint32Array(n),
    ids: new Uint32Array(items.map((i) => i[3])),
    prices: new Float64Array(n),
    zoom: 12,
    truncated: false,
  };
  return view;
}

type Marked = { position: [number, number]; count: number }[];
const dataOf = (layers: ReturnType<typeof highlightLayers>, suffix: string) =>
  layers.find((l) => l.id.endsWith(suffix))?.props.data as Marked;

const view = answer([
  [-66.9, 10.5, 1, 7], // row 7 on its own
  [-66.8, 10.4, 5, 7], // cluster 7: the same number as row 7, a different thing
  [-68, 10.16, 1, 3], // row 3 on its own
  [-64.6, 10.2, 3, 11], // cluster 11
]);
const base = { color: [255, 255, 0, 255] as [number, number, number, number], radius: 7 };

describe('highlight layers from the engine answer (no record objects)', () => {
  it.each([
    { rows: [7], active: null, singles: [[-66.9, 10.5]], clusters: [] },
    {
      rows: [3, 7],
      active: null,
      singles: [
        [-66.9, 10.5],
        [-68, 10.16],
      ],
      clusters: [],
    },
    { rows: [42], active: null, singles: [], clusters: [] }, // row 42 is inside a cluster in this view
    { rows: [], active: 11, singles: [], clusters: [[-64.6, 10.2, 3]] },
    { rows: [], active: 7, singles: [], clusters: [[-66.8, 10.4, 5]] }, // cluster ids and rows never mix
    { rows: [], active: -1, singles: [], clusters: [] },
  ])('rows $rows, active cluster $active', ({ rows, active, singles, clusters }) => {
    const layers = highlightLayers('m', view, { ...base, rows, activeCluster: active });
    expect(layers.map((l) => l.id)).toEqual(['m-highlight', 'm-active-cluster', 'm-active-cluster-label']);
    expect(dataOf(layers, '-highlight').map((d) => d.position)).toEqual(singles);
    expect(dataOf(layers, '-active-cluster').map((d) => [...d.position, d.count])).toEqual(clusters);
    expect(dataOf(layers, '-active-cluster-label')).toEqual(dataOf(layers, '-active-cluster'));
  });

  it('rings the marker one pixel wider than the marker, in the selection colour', () => {
    const [ring] = highlightLayers('m', view, { ...base, rows: [3], activeCluster: null });
    expect(ring?.props).toMatchObject({ getRadius: 8, getFillColor: base.color, radiusUnits: 'pixels' });
  });
});
