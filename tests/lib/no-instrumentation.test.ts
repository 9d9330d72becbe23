import { describe, expect, it } from 'vitest';
import { files, INSTALLER, occurrences, RETIRED, TEST_API } from './instrumentation-names.ts';

/**
 * The package's sources carry no test instrumentation (issue 39): the demo's test API observes the maps through
 * src/map/observer.ts and computes its probes in src/app. The built package itself is searched by
 * tests/package/contents.test.ts, on the tarball the consumer step packs and installs.
 */
describe('the package’s sources carry no test instrumentation', () => {
  it('the names searched for are the test API’s own (a renamed probe would make the search vacuous)', () => {
    const demo = Object.values(occurrences(files('src/app'), [...TEST_API, INSTALLER])).flat();
    expect([...TEST_API, INSTALLER].filter((name) => !demo.includes(name))).toEqual([]);
  });

  it('no source the package is built from names it (widgets, maps, layers, state, entries)', () => {
    const sources = ['src/widgets', 'src/map', 'src/layers', 'src/state', 'src/lib', 'src/core', 'workers'];
    expect(occurrences(sources.flatMap(files), [...TEST_API, ...RETIRED])).toEqual({});
  });
});
