/**
 * Screenshots of the reader's site for review by eye (not a test): light and dark, 390 px and
 * 1280 px wide, English and Russian, plus the open mobile drawer and the not-found page.
 *
 *   node --import tsx test/e2e/screenshots.ts            # builds the real site first
 *   node --import tsx test/e2e/screenshots.ts --dist DIR # uses an existing build
 *   node --import tsx test/e2e/screenshots.ts --only api  # only shots whose name contains `api`
 *
 * Writes PNGs to .cache/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/chromium.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStaticHandler } from '../../cli/serve/static-handler.ts';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(PROJECT_ROOT, '.cache/screenshots');

interface Shot {
  name: string;
  path: string;
  /** Full page instead of the viewport. */
  full?: boolean;
  /** Something to do before the shot. */
  before?: (page: Page) => Promise<void>;
}

const SHOTS: Shot[] = [
  { name: 'home', path: '/' },
  { name: 'api', path: '/api/transaction_create' },
  { name: 'api-full', path: '/api/transaction_create', full: true },
  { name: 'reference', path: '/reference/test_cards' },
  { name: 'reference-table', path: '/reference/currency_codes', before: (p) => p.locator('.markdown table').first().scrollIntoViewIfNeeded() },
  { name: 'changelog', path: '/changelog' },
  { name: 'search', path: '/search?q=refund' },
  { name: 'landing', path: '/landing' },
  { name: 'not-found', path: '/no/such/page' },
  {
    name: 'drawer',
    path: '/api/transaction_create',
    before: async (p) => {
      if ((p.viewportSize()?.width ?? 0) > 996) return;
      await p.locator('.navbar__menu').click();
      await p.locator('.drawer--open').waitFor();
    },
  },
];

async function shoot(browser: Browser, base: string, only: string | undefined): Promise<void> {
  for (const width of [1280, 390]) {
    for (const theme of ['light', 'dark'] as const) {
      for (const locale of ['en', 'ru']) {
        const context = await browser.newContext({ viewport: { width, height: width > 996 ? 860 : 844 }, deviceScaleFactor: 1 });
        await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
        const page = await context.newPage();
        for (const shot of SHOTS) {
          const name = `${shot.name}-${locale}-${theme}-${width}`;
          if (only && !name.includes(only)) continue;
          if (shot.name === 'drawer' && width > 996) continue;
          const prefix = locale === 'en' ? '' : `/${locale}`;
          await page.goto(base + prefix + shot.path, { waitUntil: 'networkidle' });
          await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 5000 }).catch(() => undefined);
          await shot.before?.(page);
          await page.waitForTimeout(150);
          await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: shot.full ?? false });
          console.log(`${name}.png`);
        }
        await context.close();
      }
    }
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { dist: { type: 'string' }, only: { type: 'string' } } });
  mkdirSync(OUT, { recursive: true });
  // The build is imported only when needed: `--dist` works even while the theme is mid-edit.
  const dist = values.dist ?? (await (await import('../helpers/site.ts')).buildInto(PROJECT_ROOT)).outDir;
  const server = createServer(createStaticHandler(dist));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const served = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
  const browser = await launchBrowser();
  try {
    await shoot(browser, served.url, values.only);
  } finally {
    await browser.close();
    await served.close();
  }
}

await main();
