/**
 * The spec's delays, measured on the page's own clock (Playwright's fake timers, paused and stepped), so each
 * is checked to its millisecond edge: nothing yet just before it, done just after — on any machine load.
 * The phone panel's fade and outside-click arm are checked the same way in cluster-map.spec.ts.
 */
import { test, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import { MESSAGES } from '../../src/core/messages.ts';
import { pauseClock } from './clock.ts';
import { sharedPage } from './shared-page.ts';

/**
 * Lets the page finish the work a key left queued (React runs an input's effects, where the lookup timer is
 * set, as a message task, which the paused clock does not hold back): a few message round trips.
 */
async function settle(page: Page) {
  await page.evaluate(async () => {
    for (let k = 0; k < 5; k++)
      await new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          resolve(null);
        };
        channel.port2.postMessage(0);
      });
  });
}

/** Counts the autocomplete requests the page sends. */
function countLookups(page: Page, path: string) {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(path)) asked.push(new URL(r.url()).searchParams.get('q') ?? '');
  });
  return asked;
}

interface LookupCase {
  name: string;
  delay: number;
  text: string;
}

/** The lookup timer: typing goes on before the pause ends (nothing asked), then one lookup just after it. */
async function asksAfterThePause(page: Page, c: LookupCase, asked: readonly string[]) {
  const input = page.getByRole('combobox', { name: MESSAGES.search.addressLabel });
  await expect(input).toBeVisible();
  await pauseClock(page);
  await input.focus();
  await page.keyboard.type(c.text.slice(0, -1));
  await settle(page);
  await page.clock.runFor(c.delay - 20); // typing goes on before the pause ends: nothing asked
  await page.keyboard.type(c.text.slice(-1));
  await settle(page);
  await page.clock.runFor(c.delay - 10);
  expect(asked).toEqual([]);
  await page.clock.runFor(20);
  await expect.poll(() => asked).toEqual([c.text]);
  // The answer is shown once the page's timers are let run again.
  await page.clock.resume();
  await expect(page.getByRole('listbox', { name: MESSAGES.search.addressLabel })).toBeVisible();
}

/** The listing map's two boxes on one page, its clock installed before it loads. */
test.describe.serial('the listing map on the page clock, one page', () => {
  let asked: string[] = [];
  const shared = sharedPage(async (page) => {
    await page.clock.install();
    asked = countLookups(page, '/api/geocoder/autocomplete');
    await page.goto('/');
  });

  test('the place search list closes 200 ms after the box loses focus', async () => {
    const page = shared();
    const box = page.getByRole('combobox', { name: MESSAGES.search.label });
    await box.fill('Barquisimeto');
    const list = page.getByRole('listbox');
    await expect(list.getByRole('option').first()).toBeVisible();
    await pauseClock(page);
    await page.getByRole('heading', { name: 'Mapas inmobiliarios de Venezuela' }).click();
    await page.clock.runFor(200 - 10);
    await expect(list).toBeVisible();
    await page.clock.runFor(20);
    await expect(list).toBeHidden();
  });

  const address = { name: 'the address control', delay: 250, text: 'Maracaibo' };
  test(`${address.name} asks for suggestions ${String(address.delay)} ms after the last key`, async () => {
    await asksAfterThePause(shared(), address, asked);
  });
});

const pickerV2 = { name: 'picker v2', delay: 100, text: 'Barquisim' };
test(`${pickerV2.name} asks for suggestions ${String(pickerV2.delay)} ms after the last key`, async ({
  page,
}) => {
  await page.clock.install();
  const asked = countLookups(page, '/api/geocoder/autocomplete');
  await page.goto('/#/ubicacion-v2');
  await asksAfterThePause(page, pickerV2, asked);
});

test.describe('the listing map with no listings recentres on the country at zoom 7 300 ms after the data', () => {
  /** Opens the search map with an empty list held back until `release`, the page's clock installed. */
  async function openEmpty(page: Page) {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/data/listings.json**', async (route) => {
      await held;
      await route.fulfill({ contentType: 'application/json', body: '[]' });
    });
    await page.clock.install();
    await page.goto('/#/busqueda');
    await expect.poll(() => page.evaluate(() => window.__mapas?.mapViews.cluster ?? null)).not.toBeNull();
    await pauseClock(page);
    release();
    // The empty table is indexed and its (empty) view answered: the recentre's timer is set with that answer.
    await expect
      .poll(() => page.evaluate(() => window.__mapas?.clusterMaps.busqueda?.views ?? 0))
      .toBeGreaterThan(0);
    await settle(page);
  }
  const view = (page: Page) => page.evaluate(() => window.__mapas?.mapViews.cluster ?? null);

  test('not before 300 ms, then on Venezuela’s centre', async ({ page }) => {
    await openEmpty(page);
    const before = await view(page);
    await page.clock.runFor(290);
    expect(await view(page)).toEqual(before);
    await page.clock.runFor(20);
    await expect.poll(() => view(page)).toMatchObject({ zoom: 7 });
    const after = await view(page);
    expect(after?.lng).toBeCloseTo(-66.2, 1);
    expect(after?.lat).toBeCloseTo(7.1, 1);
  });

  test('a move by the user in those 300 ms wins: the map stays where the user took it', async ({ page }) => {
    await openEmpty(page);
    await page.evaluate(() =>
      window.__mapas?.mapOf('clusterMaps', 'busqueda')?.jumpTo({ center: [-71.6, 10.6], zoom: 9 }),
    );
    await page.clock.runFor(1000);
    const after = await view(page);
    expect(after?.zoom).toBeCloseTo(9, 5);
    expect(after?.lng).toBeCloseTo(-71.6, 3);
  });
});

test('the picker’s search takes the map to the place in 1 s, the place’s box fitted 50 px inside the map', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/#/ubicacion');
  const box = page.getByRole('combobox', { name: MESSAGES.search.label });
  await box.fill('Valencia, Carabobo');
  const option = page.getByRole('listbox').getByRole('option').first();
  await expect(option).toHaveText('Valencia, Carabobo, VEN, Venezuela');
  await pauseClock(page);
  await page.evaluate(() => {
    const map = window.__mapas?.mapOf('pickers', 'ubicacion-v1');
    const w = window as unknown as { moves: [string, number][] };
    w.moves = [];
    map?.on('movestart', () => w.moves.push(['start', performance.now()]));
    map?.on('moveend', () => w.moves.push(['end', performance.now()]));
  });
  await option.click();
  await settle(page);
  const moving = () =>
    page.evaluate(() => window.__mapas?.mapOf('pickers', 'ubicacion-v1')?.isMoving() ?? null);
  await page.clock.runFor(980);
  expect(await moving()).toBe(true);
  await page.clock.runFor(60);
  expect(await moving()).toBe(false);
  const moves = await page.evaluate(() => (window as unknown as { moves: [string, number][] }).moves);
  expect(moves.map((m) => m[0])).toEqual(['start', 'end']);
  const took = (moves[1]?.[1] ?? 0) - (moves[0]?.[1] ?? 0);
  expect(took).toBeGreaterThanOrEqual(1000);
  expect(took).toBeLessThan(1040);
  // The box fills the map but for 50 px on its tighter sides (the rule's zoom, 14, is not reached here).
  const margins = await page.evaluate(() => {
    const map = window.__mapas?.mapOf('pickers', 'ubicacion-v1');
    const bbox = document.querySelector('[data-search-bbox]')?.getAttribute('data-search-bbox');
    if (!map || !bbox) return null;
    const [w = 0, s = 0, e = 0, n = 0] = bbox.split(',').map(Number);
    const { width, height } = map.getContainer().getBoundingClientRect();
    const sw = map.project([w, s]);
    const ne = map.project([e, n]);
    return { zoom: map.getZoom(), x: Math.min(sw.x, width - ne.x), y: Math.min(ne.y, height - sw.y) };
  });
  expect(margins?.zoom).toBeLessThan(14);
  expect(Math.round(Math.min(margins?.x ?? 0, margins?.y ?? 0))).toBe(50);
});
