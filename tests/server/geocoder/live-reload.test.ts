import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ENTRIES } from '../../../server/geocoder/gazetteer.ts';
import { storeChecked, useStoreFile } from '../../../server/geocoder/live.ts';
import { searchHits, type SearchOptions } from '../../../server/geocoder/search.ts';
import { writeStore } from '../../../server/geocoder/store/store-file.ts';
import type { StoredPlace } from '../../../server/geocoder/store/types.ts';

const dir = mkdtempSync(join(tmpdir(), 'gazetteer-reload-'));
const path = join(dir, 'places.json');
afterAll(() => {
  // The shared worker's other geocoder tests must see the built-in gazetteer only.
  useStoreFile(null);
  rmSync(dir, { recursive: true, force: true });
});

const towns = ENTRIES.filter((e) => e.cls === 'place' && e.type === 'city');

/** A store big enough that its build takes many time slices: urbanizaciones and streets around cities. */
function store(marker: string, count: number): void {
  const places: StoredPlace[] = Array.from({ length: count }, (_, i) => {
    const town = towns[i % towns.length] ?? towns[0];
    if (!town) throw new Error('sin ciudades');
    const street = i % 3 !== 0;
    return {
      name: street ? `Calle ${i % 50}` : i === 0 ? marker : `Urbanizacion ${marker} ${i}`,
      kind: street ? 'calle' : 'urbanizacion',
      lat: town.lat + ((i % 97) - 48) * 0.0005,
      lon: town.lon + ((i % 89) - 44) * 0.0005,
      alt: [],
      municipio: town.address.county ?? '',
      estado: town.address.state ?? '',
      source: 'osm',
      ciudad: town.name,
    };
  });
  writeStore(path, { version: 1, imports: [], places });
}

const OPTIONS: SearchOptions = { limit: 5, viewbox: null, bounded: false, prefix: false };
const finds = (name: string) => searchHits(name, OPTIONS).some((h) => h.entry.name === name);
const isRunning = (build: { running: boolean }) => build.running;
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('issue 38: a changed store is built off the request path and swapped in whole', () => {
  it('answers from the old gazetteer while the new one builds, promptly, then from the new one', async () => {
    store('Alfaville', 8000);
    useStoreFile(path);
    expect(finds('Alfaville')).toBe(true);
    store('Betaville', 8000);
    const build: { running: boolean } = { running: true };
    const done = storeChecked().then(() => {
      build.running = false;
    });
    let answered = 0;
    let slowest = 0;
    while (build.running) {
      const asked = performance.now();
      await tick();
      // A request arriving now waits for at most one slice of the build (or the file's JSON.parse).
      slowest = Math.max(slowest, performance.now() - asked);
      // The build may have ended during the wait (its swap is then checked below).
      if (!isRunning(build)) break;
      expect(finds('Alfaville')).toBe(true);
      expect(finds('Betaville')).toBe(false);
      answered++;
    }
    await done;
    console.info(
      `recarga: ${answered} consultas respondidas durante la construcción, espera máxima ${slowest.toFixed(0)} ms`,
    );
    expect(finds('Betaville')).toBe(true);
    expect(finds('Alfaville')).toBe(false);
    // Dozens of requests answered during the build; the longest wait generous for a shared 2-core box.
    expect(answered).toBeGreaterThan(10);
    expect(slowest).toBeLessThan(400);
  }, 60_000);

  it('builds a large first store in the background: the built-in places answer at once, the store once built', async () => {
    store('Gammaville', 2000);
    // Past the size a first load reads at once (4 MiB in service; 0 here, so a small file stands for it).
    useStoreFile(path, 0);
    const asked = performance.now();
    expect(finds('Gammaville')).toBe(false);
    expect(finds('Caracas')).toBe(true);
    // The first request did not wait for the store's build (a few ms for the built-in index, not the store).
    expect(performance.now() - asked).toBeLessThan(2000);
    await storeChecked();
    expect(finds('Gammaville')).toBe(true);
    expect(finds('Caracas')).toBe(true);
  }, 60_000);

  it('keeps serving the old gazetteer when the new store is damaged, and says so in the log', async () => {
    store('Gammaville', 300);
    useStoreFile(path);
    expect(finds('Gammaville')).toBe(true);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    writeFileSync(path, '{"version": 1, "places": [ {"name": "Del');
    await storeChecked();
    expect(finds('Gammaville')).toBe(true);
    expect(String(logged.mock.calls[0]?.[0])).toContain('se siguen sirviendo los lugares cargados antes');
    // The same damaged file is not rebuilt on every check.
    await storeChecked();
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });
});
