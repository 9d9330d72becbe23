/**
 * Every control is reachable by keyboard with a Spanish accessible name and a visible focus (issue 8).
 * Tab walks each route; the controls each route must offer are named.
 */
import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { MESSAGES } from '../../src/core/messages.ts';
import { waitQuiet } from './quiet.ts';
import { sharedPage } from './shared-page.ts';

const EXPECTED: Record<string, string[]> = {
  '#/': ['Buscar lugar', 'Buscar dirección', MESSAGES.locate.title, 'Acercar', 'Alejar'],
  '#/busqueda': ['Acercar', 'Alejar'],
  '#/transacciones?n=20000': [
    'Trimestres',
    'Línea de tiempo',
    'Reproducir',
    'Color',
    'Operación',
    // A radio group is one Tab stop (the checked radio); the arrows switch to Hexágonos.
    MESSAGES.explorer.modeClusters,
    MESSAGES.explorer.trendCaption,
    'Acercar',
  ],
  '#/inmobiliarias?modo=inmobiliaria&inmuebles=20': [MESSAGES.agencyMap.mode, MESSAGES.map.reset, 'Acercar'],
  '#/ubicacion': [MESSAGES.locate.title, MESSAGES.picker.locationLabel, 'Acercar'],
  '#/ubicacion-v2': ['Buscar dirección', MESSAGES.picker.locationLabel],
  '#/detalle': ['Buscar lugar'],
  '#/dibujo': [
    MESSAGES.locate.title,
    MESSAGES.drawing.canvas,
    MESSAGES.drawing.polygon,
    MESSAGES.drawing.circle,
    'Acercar',
    MESSAGES.drawingDemo.remove,
  ],
};

// One page walks every route in turn (a route change remounts the page's maps; a boot costs ~6 CPU-seconds):
// each walk starts with nothing focused, as on a fresh page.
test.describe.serial('the keyboard on every route, one page', () => {
  const shared = sharedPage(() => Promise.resolve());
  for (const [hash, names] of Object.entries(EXPECTED)) {
    test(`keyboard reaches every control on ${hash.split('?')[0] ?? hash}`, async () => {
      const page = shared();
      await page.goto(`/${hash}`);
      await expect(page.locator('canvas.maplibregl-canvas').first()).toBeVisible();
      await waitQuiet(page);
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
      });
      const seen: { name: string; visible: boolean }[] = [];
      for (let i = 0; i < 45; i++) {
        await page.keyboard.press('Tab');
        const info = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const labelled = el.getAttribute('aria-labelledby');
          const byId = labelled ? document.getElementById(labelled)?.textContent : null;
          const label = (el as HTMLInputElement).labels?.[0]?.textContent;
          const name = (
            el.getAttribute('aria-label') ??
            byId ??
            label ??
            el.getAttribute('title') ??
            el.textContent
          ).trim();
          // The ring may be on the control or on the field that wraps it (:focus-within), up to two levels up.
          const ringed = (node: Element) => {
            const style = getComputedStyle(node);
            return (
              (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
              style.boxShadow !== 'none'
            );
          };
          const visible = [el, el.parentElement, el.parentElement?.parentElement].some(
            (n) => n != null && ringed(n),
          );
          return { name, visible };
        });
        if (info) seen.push(info);
      }
      for (const s of seen) {
        expect(s.name, 'every focused control has a name').not.toBe('');
        expect(s.visible, `visible focus on «${s.name}»`).toBe(true);
      }
      const all = seen.map((s) => s.name).join(' | ');
      for (const name of names) expect(all, `reaches «${name}»`).toContain(name);
    });
  }
});
