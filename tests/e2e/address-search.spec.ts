import { test, type Page } from '@playwright/test';
import { expect } from './expect.ts';

const view = (page: Page) => page.evaluate(() => window.__mapas?.mapViews['general-listing'] ?? null);

test('the address control suggests up to 5 places after a pause and is usable by keyboard alone', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/geocoder/autocomplete'))
      requests.push(new URL(r.url()).searchParams.get('q') ?? '');
  });
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByTestId('overview-map').locator('canvas.maplibregl-canvas')).toBeVisible();
  const input = page.getByRole('combobox', { name: 'Buscar dirección' });
  await input.focus();
  await page.keyboard.type('M');
  await page.clock.runFor(250 * 2); // well past the pause, on the page's clock

  await page.keyboard.type('aracai', { delay: 30 });
  const options = page.getByRole('listbox', { name: 'Buscar dirección' }).getByRole('option');
  await expect(options.first()).toContainText('Maracaibo');
  expect(await options.count()).toBeLessThanOrEqual(5);
  // Lookups wait for a pause: the settled text is asked for, and not once per key typed.
  await expect.poll(() => requests.at(-1)).toBe('Maracai');
  expect(requests.length).toBeLessThan('aracai'.length);
  expect(requests).not.toContain('M'); // one character was never asked for (≥ 2)

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await view(page))?.lng ?? 0, { timeout: 10_000 }).toBeCloseTo(-71.6, 0);
  await expect(input).toHaveValue(/^Maracaibo/);

  await input.fill('');
  await expect(options).toHaveCount(0);
});
