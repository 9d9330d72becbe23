import { test, type Page } from '@playwright/test';
import { expect } from './expect.ts';

/** Dismisses every alert and keeps its message. */
function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  return alerts;
}

const view = (page: Page) => page.evaluate(() => window.__mapas?.mapViews['general-listing'] ?? null);
const PLAZA_VENEZUELA = { latitude: 10.4969, longitude: -66.8831 };

test.describe('with the location allowed', () => {
  test.use({ geolocation: PLAZA_VENEZUELA, permissions: ['geolocation'] });

  test('the button centres the map on the location at zoom 15 and drops a marker titled with the address', async ({
    page,
  }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Ubicación actual' });
    await expect(button).toBeVisible();
    // Once the listings are in, so that this reads the located view (pressed before, it is kept as well:
    // tests/e2e/listing-load-view.spec.ts).
    await expect(page.getByText('Cargando inmuebles…')).toHaveCount(0, { timeout: 20_000 });
    await button.click();
    await expect.poll(async () => (await view(page))?.zoom ?? 0, { timeout: 10_000 }).toBeCloseTo(15, 1);
    const v = await view(page);
    expect(v?.lng).toBeCloseTo(PLAZA_VENEZUELA.longitude, 3);
    expect(v?.lat).toBeCloseTo(PLAZA_VENEZUELA.latitude, 3);
    const marker = page.locator('[data-testid="location-marker"]');
    await expect(marker).toHaveAttribute('title', /Distrito Capital, VEN, Venezuela$/);
    await expect(button).toHaveAttribute('data-state', 'following');
    // No heading from this device: a plain dot, no compass arrow.
    await expect(page.locator('.locate-control__dot')).toHaveCount(1);
    await expect(page.locator('.locate-control__dot--heading')).toHaveCount(0);

    // A user pan stops following; a click with the location still in view stops locating.
    await page.mouse.move(640, 400);
    await page.mouse.down();
    await page.mouse.move(600, 380, { steps: 5 });
    await page.mouse.up();
    await expect(button).toHaveAttribute('data-state', 'active');
    await button.click();
    await expect(button).toHaveAttribute('data-state', 'idle');
  });
});

test('a device that reports a heading gets the compass arrow, turned to it', async ({ page }) => {
  await page.addInitScript(() => {
    const at = (ok: (p: unknown) => void) => {
      setTimeout(() => {
        ok({
          coords: { latitude: 10.4969, longitude: -66.8831, accuracy: 10, heading: 90, speed: 1 },
          timestamp: Date.now(),
        });
      }, 10);
      return 1;
    };
    Object.defineProperty(navigator, 'geolocation', {
      value: { watchPosition: at, getCurrentPosition: at, clearWatch: () => undefined },
    });
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Ubicación actual' }).click();
  const arrow = page.locator('.locate-control__dot.locate-control__dot--heading');
  await expect(arrow).toHaveCount(1);
  // Turned by the heading (MapLibre's marker rotation, aligned to the map, which is not rotated here).
  await expect(arrow).toHaveAttribute('style', /rotate(Z)?\(90deg\)/);
});

test('a denied location alerts the Spanish message and returns to idle', async ({ page }) => {
  // Headless Chromium has no permission prompt to answer: emulate the user's refusal (PERMISSION_DENIED).
  await page.addInitScript(() => {
    const deny = (_ok: unknown, fail?: (e: { code: number; message: string }) => void) => {
      setTimeout(() => fail?.({ code: 1, message: 'User denied Geolocation' }), 10);
      return 1;
    };
    Object.defineProperty(navigator, 'geolocation', {
      value: { watchPosition: deny, getCurrentPosition: deny, clearWatch: () => undefined },
    });
  });
  const alerts = collectAlerts(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Ubicación actual' }).click();
  await expect.poll(() => alerts).toEqual(['No se permitió acceder a su ubicación.']);
  await expect(page.getByRole('button', { name: 'Ubicación actual' })).toHaveAttribute('data-state', 'idle');
});

test.describe('with a location outside the map', () => {
  test.use({ geolocation: { latitude: 40.4168, longitude: -3.7038 }, permissions: ['geolocation'] });

  test('refuses it with the Spanish out-of-bounds message', async ({ page }) => {
    const alerts = collectAlerts(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Ubicación actual' }).click();
    await expect.poll(() => alerts).toEqual(['Parece que está fuera de los límites del mapa']);
    await expect(page.getByRole('button', { name: 'Ubicación actual' })).toHaveAttribute(
      'data-state',
      'idle',
    );
  });
});
