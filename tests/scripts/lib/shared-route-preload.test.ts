import { describe, expect, it } from 'vitest';
import { sharedRouteChunks, type ChunkLinks } from '../../../scripts/lib/shared-route-preload.ts';

const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = []): ChunkLinks => ({
  fileName,
  imports,
  dynamicImports,
});
const graph = (...chunks: ChunkLinks[]) => new Map(chunks.map((c) => [c.fileName, c]));

describe('sharedRouteChunks', () => {
  it("is what every lazily loaded page imports, directly or not, less the entry's own imports", () => {
    const entry = chunk('index.js', ['react.js'], ['a.js', 'b.js']);
    const chunks = graph(
      entry,
      chunk('react.js'),
      chunk('a.js', ['map.js', 'react.js', 'deck.js']),
      chunk('b.js', ['widget.js']),
      chunk('widget.js', ['map.js']),
      chunk('map.js', ['map-util.js']),
      chunk('map-util.js'),
      chunk('deck.js'),
    );
    expect(sharedRouteChunks(entry, chunks)).toEqual(['map.js', 'map-util.js']);
  });

  it('is nothing when the entry loads no page lazily, or the pages share nothing', () => {
    expect(sharedRouteChunks(chunk('index.js', ['x.js']), graph(chunk('x.js')))).toEqual([]);
    const entry = chunk('index.js', [], ['a.js', 'b.js']);
    expect(
      sharedRouteChunks(entry, graph(entry, chunk('a.js', ['x.js']), chunk('b.js'), chunk('x.js'))),
    ).toEqual([]);
  });
});
