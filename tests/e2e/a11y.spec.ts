/**
 * axe-core over every demo route (issue 8): zero serious or critical violations on a phone viewport. The
 * desktop walk is security.spec.ts's, which runs the same check at each route under the real CSP.
 */
import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { WALK } from './routes.ts';
import { seriousViolations } from './axe.ts';
import { waitQuiet } from './quiet.ts';

test.use({ viewport: { width: 375, height: 740 } });

test('every route has no serious or critical accessibility violation (móvil)', async ({ page }) => {
  test.setTimeout(30_000 + WALK.length * 10_000);
  const found: string[] = [];
  for (const hash of WALK) {
    await page.goto(`/${hash}`);
    await expect(page.locator('.app__main')).not.toBeEmpty();
    await waitQuiet(page); // maps, controls and data settle
    found.push(...(await seriousViolations(page, hash)));
  }
  expect(found).toEqual([]);
});
