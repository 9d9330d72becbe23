/**
 * The hostile record corpus (tests/fixtures/hostile) through the widgets that draw records (issue 8): nothing
 * executes, nothing crashes, valid records render, rejected ones are counted. HOSTILE_BYTES sizes the huge
 * strings (npm test: 200 kB; the stress run: 10 MB).
 */
import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { hostileCorpus } from '../fixtures/hostile/corpus.ts';
import { collectPageErrors } from './console.ts';
import { waitQuiet } from './quiet.ts';

const corpus = hostileCorpus(Number(process.env.HOSTILE_BYTES ?? 200_000));
const records = corpus.map((c) => c.record);
const valid = corpus.filter((c) => c.valid).length;

declare global {
  interface Window {
    __pwned?: number;
  }
}

test('the general listing map draws the valid hostile records, counts the rest, and runs none of their markup', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.route('**/api/data/listings.json**', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify(records) }),
  );
  await page.goto('/#/');
  await expect.poll(() => page.evaluate(() => window.__mapas?.clusterMaps.general?.indexed ?? 0)).toBe(valid);
  expect(await page.evaluate(() => window.__mapas?.clusterMaps.general?.rejected)).toBe(
    corpus.length - valid,
  );
  await expect(page.getByRole('status').filter({ hasText: 'rechazados' })).toContainText(
    `${String(corpus.length - valid)} registros rechazados`,
  );
  // Markup that did get into the page would fetch 'x' or run now: once the network is quiet it has had its turn.
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  expect(await page.locator('img[src="x"], script:not([src])').count()).toBe(0);
  expect(await page.evaluate(() => (Object.prototype as { polluted?: unknown }).polluted)).toBeUndefined();
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
});

test('the agency map shows hostile agency text as text and draws the valid listings', async ({ page }) => {
  const errors = collectPageErrors(page);
  const agency = {
    id: 'h-agency',
    nombre: '<img src=x onerror="window.__pwned=1">Agencia',
    direccion: '<script>window.__pwned=1</script>Dirección',
    telefonoMovil: 'javascript:alert(1)',
    telfonoFIjo: '<b>0212</b>',
    latitud: '10.4900',
    longitud: '-66.8800',
    url: 'javascript:window.__pwned=1',
    circulos: [
      { radio: 1000, color: '<svg onload=alert(1)>' },
      { radio: 'x', color: 'red' },
    ],
    inmuebles: records,
  };
  await page.route('**/api/data/franchise.json**', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ isFranquicia: 1, inmobiliarias: [agency], inmuebles: [] }),
    }),
  );
  await page.goto('/#/inmobiliarias?modo=inmobiliaria');
  await expect
    .poll(() => page.evaluate(() => window.__mapas?.agencyMaps.inmobiliarias?.properties ?? -1))
    .toBe(valid);
  // The map may still be moving to the data: the agency's pixel is read once it is still.
  await waitQuiet(page);
  const at = await page.evaluate(
    () => window.__mapas?.agencyMapPixel('inmobiliarias', -66.88, 10.49) ?? null,
  );
  if (!at) throw new Error('no agency pixel');
  await page.mouse.move(at[0], at[1]);
  const card = page.getByTestId('agency-hover');
  await expect(card).toContainText('<img src=x onerror="window.__pwned=1">Agencia');
  // Its url is javascript: — the click is handled (counted on the map's container) and nothing opens or runs.
  const mapBox = page.locator('.agency-map__canvas');
  await expect(mapBox).not.toHaveAttribute('data-url-clicks');
  let popups = 0;
  page.on('popup', () => popups++);
  await page.mouse.click(at[0], at[1]);
  await expect(mapBox).toHaveAttribute('data-url-clicks', '1');
  await expect(mapBox).toHaveAttribute('data-url-opened', 'no');
  expect(popups).toBe(0);
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  await expect(page.getByRole('status').filter({ hasText: 'omitidos' })).toBeVisible();
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
});
