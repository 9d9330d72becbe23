/**
 * axe-core over every demo route (issue 8): zero serious or critical violations, on a desktop and a phone
 * viewport. axe runs inside the page; the page's CSP is bypassed only to inject the axe script.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { ROUTES } from '../../src/app/router.ts';
import { waitQuiet } from './quiet.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

declare global {
  interface Window {
    axe?: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
  }
}

test.use({ bypassCSP: true });

for (const viewport of [
  { name: 'escritorio', width: 1280, height: 800 },
  { name: 'móvil', width: 375, height: 740 },
]) {
  test(`every route has no serious or critical accessibility violation (${viewport.name})`, async ({
    page,
  }) => {
    test.setTimeout(30_000 + ROUTES.length * 10_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const found: string[] = [];
    for (const { hash } of ROUTES) {
      await page.goto(`/${hash}`);
      await expect(page.locator('.app__main')).not.toBeEmpty();
      await waitQuiet(page); // maps, controls and data settle
      await page.evaluate(AXE_SOURCE);
      const violations = await page.evaluate(async () => {
        if (!window.axe) throw new Error('axe did not load');
        const result = await window.axe.run(document, {
          resultTypes: ['violations'],
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        });
        return result.violations;
      });
      for (const v of violations) {
        if (v.impact === 'serious' || v.impact === 'critical') {
          found.push(
            `${hash} ${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          );
        }
      }
    }
    expect(found).toEqual([]);
  });
}
