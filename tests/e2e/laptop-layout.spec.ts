import { test, type Locator, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import { waitQuiet } from './quiet.ts';

// From 769 px (above the phone layout) to a wide desktop, the explorer's chart panel and its data toolbar sat side
// by side: between 768 and ~1200 px they overlapped and covered the chart's export buttons.
type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}

/** Whether a pointer at the control's centre reaches the control itself (not a panel drawn over it). */
async function reachable(page: Page, locator: Locator): Promise<boolean> {
  const b = await box(locator);
  const handle = await locator.elementHandle();
  return page.evaluate(
    ([x, y, el]) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (hit === el || el.contains(hit));
    },
    [b.x + b.width / 2, b.y + b.height / 2, handle] as const,
  );
}

test('laptop and tablet widths: the chart panel, the data toolbar and the filters never cover each other', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 640 });
  await page.goto('/#/transacciones?n=2000');
  await waitQuiet(page);
  const side = page
    .getByRole('complementary', { name: /./ })
    .filter({ has: page.locator('.explorer__legend') });
  const toolbar = page.locator('.explorer__data');
  const filters = page.locator('.explorer__panel').first();
  const buttons = [
    page.getByRole('button', { name: 'Gráfico (PNG)' }),
    page.getByRole('button', { name: 'Gráfico (CSV)' }),
    page.getByRole('button', { name: 'Abrir datos' }),
  ];
  for (const [width, height] of [
    [800, 700],
    [1024, 640],
    [1279, 720],
    [1280, 720],
    [1440, 900],
  ] as const) {
    await test.step(`${width}×${height}`, async () => {
      await page.setViewportSize({ width, height });
      await expect.poll(async () => (await box(side)).x + (await box(side)).width).toBeLessThanOrEqual(width);
      expect(overlap(await box(side), await box(toolbar))).toBe(false);
      expect(overlap(await box(side), await box(filters))).toBe(false);
      for (const button of buttons) expect(await reachable(page, button)).toBe(true);
    });
  }
});
