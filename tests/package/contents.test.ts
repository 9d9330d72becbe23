import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { files, INSTALLER, occurrences, RETIRED, TEST_API } from '../lib/instrumentation-names.ts';

/**
 * The package as a host installs it (run by scripts/consumer-test.mjs after it packs the tarball and installs it
 * into examples/consumer; `vitest.package.config.ts`). Without that install this fails: it never passes empty.
 */
const INSTALLED = 'examples/consumer/node_modules/inmuebles-mapas-ve/dist-lib';

describe('the installed package carries no test instrumentation', () => {
  it('holds the package’s modules', () => {
    const built = files(INSTALLED).map((path) => path.slice(INSTALLED.length + 1));
    expect(built).toEqual(
      expect.arrayContaining(['cluster-worker.js', 'core.js', 'import-worker.js', 'index.js']),
    );
    expect(statSync(join(INSTALLED, 'index.js')).size).toBeGreaterThan(100_000);
  });

  it('no module names the test API, its probes, the retired probe functions or the observer’s installer', () => {
    const built = files(INSTALLED).filter((path) => /\.m?js$/.test(path));
    // Not even the installer: the package never installs an observer, so its hooks stay null checks.
    expect(occurrences(built, [...TEST_API, ...RETIRED, INSTALLER])).toEqual({});
  });
});
