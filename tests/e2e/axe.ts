import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/**
 * axe-core inside the page (issue 8): the serious and critical violations of the page as it is now, one line
 * each. The script is evaluated through the test driver, which the page's Content-Security-Policy does not
 * govern, so the check runs on pages under the real policy too.
 */
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

export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    if (!window.axe) throw new Error('axe did not load');
    const result = await window.axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where} ${String(v.impact)} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}
