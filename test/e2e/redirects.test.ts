import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../helpers/chromium.ts';
import { hydrated, newPage } from './shell-helpers.ts';

const site = inject('siteUrl');
const dist = inject('distDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** `_redirects` of the real build: `from to 301`, both locales. */
function table(): Array<{ from: string; to: string }> {
  return readFileSync(path.join(dist, '_redirects'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('/'))
    .map((l) => {
      const [from, to] = l.split(' ');
      return { from: from!, to: to! };
    });
}

describe('cli/pipeline/emit/write-redirects (real site, static host)', () => {
  it('has every entry of content/redirects.yaml in both locales', () => {
    const list = table();
    expect(list).toHaveLength(38);
    expect(list).toContainEqual({ from: '/services/card_credit', to: '/services/card_payout' });
    expect(list).toContainEqual({ from: '/ru/services/card_credit', to: '/ru/services/card_payout' });
    const nginx = readFileSync(path.join(dist, 'nginx-redirects.conf'), 'utf8');
    for (const { from, to } of list) expect(nginx).toContain(`"~^${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:/|\\.html|/index\\.html)?$" "${to}";`);
  });

  it('sends the reader to the new page, keeping query and fragment, in both locales', async () => {
    const page = await newPage(browser);
    await page.goto(`${site}/services/card_credit?utm=mail#top`);
    await page.waitForURL(`${site}/services/card_payout?utm=mail#top`);
    await hydrated(page);
    expect(await page.locator('h1').innerText()).not.toBe('');
    await page.goto(`${site}/ru/services/turkey/papara`);
    await page.waitForURL(`${site}/ru/services/turkey/papara/payin_hpp`);
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    await page.close();
  });

  it('works without JavaScript through the meta refresh', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site}/services/pix/pix_payout`);
    await page.waitForURL(`${site}/services/pix/payout`);
    await context.close();
  });

  it('a redirect page tells search engines where the page lives and stays out of the index', async () => {
    const res = await fetch(`${site}/ru/services/mach/mach`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<link rel="canonical" href="https://docs.corvopay.com/ru/services/mach/payin_hpp">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/ru/services/mach/payin_hpp">');
    // Nothing of the old path is in the sitemap.
    expect(readFileSync(path.join(dist, 'sitemap.xml'), 'utf8')).not.toContain('/services/mach/mach<');
  });

  it('every redirect target is a page that answers 200', async () => {
    for (const { from, to } of table()) {
      const res = await fetch(`${site}${to}`);
      expect(res.status, `${from} -> ${to}`).toBe(200);
      expect(await res.text(), to).toContain('id="__boot"');
    }
  });
});
