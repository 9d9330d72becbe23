import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The package carries no test instrumentation (issue 39): the demo's test API observes the maps through
 * src/map/observer.ts and computes its probes in src/app, so none of it reaches a host. The package's modules
 * are built once into a folder of this test's own (the build `npm run build:lib` runs, without its
 * declarations) and searched for the instrumentation's names.
 */

/** What the test API and its probes are made of (each name is checked to be really theirs, below). */
const TEST_API = [
  'installTestApi',
  'testApiRequested',
  '__mapas',
  'mapas:pruebas',
  'probeObserver',
  'mapViewWatcher',
  'transactionsTap',
  'ClusterMapReport',
  'agencyMapProbe',
  'pickerProbe',
  'drawingProbe',
  'viewFigures',
  'DrawClock',
  'hexFigures',
  'hexCentre',
  'biggestClusterPixel',
  'drawnSum',
  'hexUpdatedAt',
];
/** The observer's installer: defined beside its hooks (src/map/observer.ts), called by the demo alone. */
const INSTALLER = 'observeMaps';
/** The probe functions the widgets called before the observer; they must not come back under these names. */
const RETIRED = [
  'patchTransactions',
  'publishTransactions',
  'forgetTransactions',
  'publishClusterMap',
  'useClusterMapProbe',
  'publishAgencyMap',
  'useAgencyMapProbe',
  'publishDrawing',
  'forgetDrawing',
  'publishPicker',
  'publishMapView',
  'attachWidgetMap',
  'inspectSink',
  'installInspectSink',
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Which of `names` occur in each of `paths` (file → names found). */
function occurrences(paths: string[], names: readonly string[]): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    const text = readFileSync(path, 'utf8');
    const hits = names.filter((name) => text.includes(name));
    if (hits.length > 0) found[path] = hits;
  }
  return found;
}

describe('the package carries no test instrumentation', () => {
  let out = '';
  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'mapas-lib-'));
    await promisify(execFile)(
      process.execPath,
      [
        'node_modules/vite/bin/vite.js',
        'build',
        '-c',
        'vite.lib.config.ts',
        '--outDir',
        out,
        '--logLevel',
        'error',
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
  }, 240_000);
  afterAll(() => {
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it('the names searched for are the test API’s own (a renamed probe would make the search vacuous)', () => {
    const demo = Object.values(occurrences(files('src/app'), [...TEST_API, INSTALLER])).flat();
    expect([...TEST_API, INSTALLER].filter((name) => !demo.includes(name))).toEqual([]);
  });

  it('no built module of the package names any of it', () => {
    const built = files(out).filter((path) => /\.m?js$/.test(path));
    expect(built.map((path) => path.slice(out.length + 1)).sort()).toEqual(
      expect.arrayContaining(['cluster-worker.js', 'core.js', 'import-worker.js', 'index.js']),
    );
    expect(statSync(join(out, 'index.js')).size).toBeGreaterThan(100_000);
    // Not even the installer: the package never installs an observer, so its hooks stay null checks.
    expect(occurrences(built, [...TEST_API, ...RETIRED, INSTALLER])).toEqual({});
  });

  it('no source the package is built from names it either (widgets, maps, layers, state, entries)', () => {
    const sources = ['src/widgets', 'src/map', 'src/layers', 'src/state', 'src/lib', 'src/core', 'workers'];
    expect(occurrences(sources.flatMap(files), [...TEST_API, ...RETIRED])).toEqual({});
  });
});
