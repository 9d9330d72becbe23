/**
 * The screenshots a reviewer looks at (issues 16 and 18): the demo built and served offline, then headless
 * Chromium at a desktop and a phone size, each shot taken once the widget's test API says it has drawn.
 *   npm run screenshots [-- --out docs/screenshots --port 4197 --no-build]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { DEMO_LISTINGS_URL } from '../src/app/demo-data.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'docs/screenshots' },
    port: { type: 'string', default: '4197' },
    'no-build': { type: 'boolean', default: false },
  },
});
const port = Number(values.port);
const out = values.out;
const origin = `http://127.0.0.1:${String(port)}`;
const VITE_BIN = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));

if (
  !values['no-build'] &&
  spawnSync(process.execPath, [VITE_BIN, 'build'], { stdio: 'inherit' }).status !== 0
)
  process.exit(1);
const server = spawn(
  process.execPath,
  [VITE_BIN, 'preview', '--port', String(port), '--strictPort', '--logLevel', 'silent'],
  { stdio: 'ignore', detached: true },
);
const stop = () => {
  try {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
};

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${origin}/`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('el servidor de la demo no arrancó');
}

const settle = (page: Page, ms = 1200) => page.waitForTimeout(ms); // labels and fades finish

/** `#/` with a listing's card (desktop) or bottom panel (phone) open: zoomed until a listing stands alone. */
async function listingWithCard(page: Page) {
  await page.goto(`${origin}/?pruebas#/`);
  await page.waitForFunction(() => (window.__mapas?.clusterMaps.general?.indexed ?? 0) > 0, null, {
    timeout: 60_000,
  });
  const listings = (await (await fetch(`${origin}${DEMO_LISTINGS_URL}`)).json()) as {
    id: unknown;
    latitud: unknown;
    longitud: unknown;
  }[];
  const first = listings.find((l) => Number.isFinite(Number(l.latitud)) && Number(l.latitud) > 10.4);
  if (!first) throw new Error('no listing near Caracas');
  const [lat, lng] = [Number(first.latitud), Number(first.longitud)];
  await page.evaluate(
    ({ y, x }) => window.__mapas?.mapOf('clusterMaps', 'general')?.jumpTo({ center: [x, y], zoom: 18 }),
    { y: lat, x: lng },
  );
  await settle(page);
  const at = await page.evaluate(({ y, x }) => window.__mapas?.clusterMapPixel('general', x, y), {
    y: lat,
    x: lng,
  });
  if (!at) throw new Error('no pixel');
  await page.mouse.click(at[0], at[1]);
  await settle(page, 900);
}

async function explorer(page: Page, hash: string, ready: (p: ExplorerProbe) => boolean) {
  await page.goto(`${origin}/?pruebas#/${hash}`);
  // A string predicate would be evaluated as code, which the demo's CSP forbids: poll the probe instead.
  for (let t = 0; t < 600 && !ready((await page.evaluate(() => window.__mapas?.explorer)) ?? {}); t++)
    await page.waitForTimeout(200);
  await settle(page, 1500);
}

type ExplorerProbe = { drawnSum?: number; hexColoured?: number };
const drawn = (p: ExplorerProbe) => (p.drawnSum ?? 0) > 0;
const hexDrawn = (p: ExplorerProbe) => (p.hexColoured ?? 0) > 5;

const SHOTS: { name: string; phone: boolean; take: (page: Page) => Promise<void> }[] = [
  { name: 'listing-card', phone: false, take: listingWithCard },
  { name: 'explorer', phone: false, take: (p) => explorer(p, 'transacciones', drawn) },
  { name: 'hexagons-country', phone: false, take: (p) => explorer(p, 'transacciones?m=hex', hexDrawn) },
  {
    name: 'hexagons-city',
    phone: false,
    take: (p) => explorer(p, 'transacciones?m=hex&v=10.49000,-66.88000,12.00', hexDrawn),
  },
  { name: 'phone-listing-panel', phone: true, take: listingWithCard },
  { name: 'phone-explorer', phone: true, take: (p) => explorer(p, 'transacciones', drawn) },
  {
    name: 'phone-agencies',
    phone: true,
    take: async (p) => {
      await p.goto(`${origin}/?pruebas#/inmobiliarias`);
      await p.waitForFunction(() => (window.__mapas?.agencyMaps.inmobiliarias?.agencies ?? 0) > 0, null, {
        timeout: 60_000,
      });
      await settle(p);
    },
  },
];

try {
  await waitForServer();
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  for (const shot of SHOTS) {
    const page = await browser.newPage(
      shot.phone
        ? { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }
        : { viewport: { width: 1280, height: 800 } },
    );
    await shot.take(page);
    const path = `${out}/${shot.name}.png`;
    await page.screenshot({ path });
    console.log(path);
    await page.close();
  }
  await browser.close();
} finally {
  stop();
}
