import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The test instrumentation's names (issue 39), searched for in the package's sources
 * (tests/lib/no-instrumentation.test.ts) and in the package as a host installs it (tests/package/, run by the
 * consumer step on the packed tarball).
 */

/** What the test API and its probes are made of (each name is checked to be really theirs, below). */
export const TEST_API = [
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
export const INSTALLER = 'observeMaps';
/** The probe functions the widgets called before the observer; they must not come back under these names. */
export const RETIRED = [
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

export function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Which of `names` occur in each of `paths` (file → names found). */
export function occurrences(paths: string[], names: readonly string[]): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    const text = readFileSync(path, 'utf8');
    const hits = names.filter((name) => text.includes(name));
    if (hits.length > 0) found[path] = hits;
  }
  return found;
}
