/**
 * Bursts of input (issue 8): the final screen matches the final input — no stale answer wins — and memory
 * comes back. Answers are delayed at random so that they arrive out of order.
 */
import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { collectPageErrors } from './console.ts';

const PLACES = ['Maracay', 'Maracaibo', 'Valencia', 'Barquisimeto', 'Cumaná', 'Mérida', 'Barinas', 'Coro'];

test('200 searches typed in a burst, answered out of order: the list shows the last one only', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  let inFlight = 0;
  await page.route('**/api/geocoder/search**', async (route) => {
    inFlight++;
    await new Promise((resolve) => setTimeout(resolve, random() * 600));
    await route.continue().catch(() => undefined); // aborted by a newer lookup
    inFlight--;
  });
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Buscar lugar' });
  await expect(box).toBeVisible();
  for (let i = 0; i < 200; i++) {
    const place = PLACES[i % PLACES.length] ?? 'Coro';
    // Some lookups really start (their request is sent), then get superseded. Those texts are unique: a text
    // typed before is answered from the page's cache and sends no request to wait for.
    const waits = i % 20 === 0;
    const sent = waits ? page.waitForRequest('**/api/geocoder/search**') : null;
    await box.fill(waits ? `${place} ${i}` : place);
    if (sent) await sent;
  }
  const last = PLACES[199 % PLACES.length] ?? '';
  await box.fill('Ciudad Bolívar'); // the final input
  const list = page.getByRole('listbox');
  await expect(list.getByRole('option').first()).toContainText('Ciudad Bolívar');
  // Every delayed answer has been delivered and the page has drawn after the last of them.
  await expect.poll(() => inFlight).toBe(0);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await expect(list.getByRole('option').first()).toContainText('Ciudad Bolívar');
  await expect(list).not.toContainText(last);
  await expect(box).toHaveValue('Ciudad Bolívar');
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
});
