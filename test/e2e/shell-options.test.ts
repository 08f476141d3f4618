/**
 * The optional parts of the shell and the error states, on test/fixtures/shell-on (announcement bar
 * and hide-on-scroll navbar on; a custom page that crashes on request; a noindex page), plus the
 * baseUrl issue banner on a copy of it built for `/docs/`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/chromium.ts';
import { copyFixture, ROOT } from '../helpers/fixture.ts';
import { buildInto } from '../helpers/site.ts';
import { headSnapshot, hydrated, openPage, prerenderedHead, serveAt, waitForTitle } from './shell-helpers.ts';

const FIXTURE = path.join(ROOT, 'test/fixtures/shell-on');
let browser: Browser;
let site: { url: string; close: () => Promise<void> };
let dist: string;

beforeAll(async () => {
  browser = await launchBrowser();
  dist = (await buildInto(FIXTURE)).outDir;
  site = await serveAt(dist);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('renderer/components/AnnouncementBar', () => {
  it('shows the configured announcement in each locale, stays dismissed, and reappears when its id changes', async () => {
    const { page, problems, close } = await openPage(browser, `${site.url}/guide`);
    const bar = page.locator('.announcement-bar');
    await expect(bar.innerText()).resolves.toBe('Payouts v2 are live: read the guide.');
    expect(await bar.getAttribute('aria-label')).toBe('Announcement');
    await page.getByRole('button', { name: 'Close' }).click();
    expect(await bar.count()).toBe(0);
    expect(await page.evaluate(() => [localStorage.getItem('docusaurus.announcement.id'), localStorage.getItem('docusaurus.announcement.dismiss')])).toEqual(['launch-1', 'true']);
    // Dismissed before first paint: with the app's code blocked, only the head script runs.
    await page.route('**/assets/**/*.js', (r) => r.abort());
    await page.reload();
    expect(await bar.count()).toBe(1);
    expect(await bar.isVisible()).toBe(false);
    await page.unroute('**/assets/**/*.js');
    problems.length = 0; // the blocked requests logged errors, as they should
    await page.reload({ waitUntil: 'networkidle' });
    await hydrated(page);
    expect(await bar.count()).toBe(0);
    // Russian content on the Russian site, after a new announcement id.
    await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'launch-0'));
    await page.goto(`${site.url}/ru/`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await expect(bar.innerText()).resolves.toBe('Выплаты v2 запущены: читайте руководство.');
    expect(await bar.isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBeNull();
    expect(problems).toEqual([]);
    await close();
  });
});

describe('renderer/hooks/use-content-enhancements (tabs)', () => {
  it('syncs every tab group with the same group id on the page and on the next page, and keeps the choice', async () => {
    const { page, close } = await openPage(browser, `${site.url}/`);
    const selected = () => page.locator('.tabs[data-group=lang]').evaluateAll((gs) => gs.map((g) => g.querySelector('[role=tab][aria-selected=true]')?.getAttribute('data-value')));
    expect(await selected()).toEqual(['curl', 'curl']);
    await page.locator('.tabs[data-group=lang]').nth(1).locator('[role=tab][data-value=python]').click();
    expect(await selected()).toEqual(['python', 'python']);
    const panels = await page.locator('.tabs[data-group=lang] [role=tabpanel]:not([hidden])').evaluateAll((ps) => ps.map((p) => p.querySelector('.code-block pre')?.textContent?.trim()));
    expect(panels).toEqual(['import requests\nrequests.post("https://api.example.com/v1/x")', 'print("second")']);
    await page.locator('nav.sidebar a[href="/guide"]').click();
    await waitForTitle(page, 'Guide');
    expect(await selected()).toEqual(['python']);
    await page.reload({ waitUntil: 'networkidle' });
    await hydrated(page);
    expect(await selected()).toEqual(['python']);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.lang'))).toBe('python');
    await close();
  });
});

describe('renderer/hooks/use-hide-on-scroll', () => {
  it('hides the navbar while scrolling down and shows it when scrolling up or focusing it', async () => {
    const { page, close } = await openPage(browser, `${site.url}/`, { viewport: { width: 1280, height: 800 } });
    const navbar = page.locator('header.navbar');
    const bottom = () => navbar.evaluate((el) => Math.round(el.getBoundingClientRect().bottom));
    await page.mouse.wheel(0, 1200);
    await page.waitForFunction(() => window.scrollY > 1000);
    await expect.poll(() => navbar.getAttribute('class')).toContain('navbar--hidden');
    await expect.poll(bottom).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -200);
    await expect.poll(() => navbar.getAttribute('class')).not.toContain('navbar--hidden');
    await expect.poll(bottom).toBe(60);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => navbar.getAttribute('class')).toContain('navbar--hidden');
    await page.locator('header.navbar .navbar__brand').focus();
    await expect.poll(() => navbar.getAttribute('class')).not.toContain('navbar--hidden');
    await close();
  });
});

describe('renderer/components/ErrorBoundary', () => {
  for (const [locale, prefix, title, documentTitle] of [
    ['en', '', 'This page crashed.', 'Page Error'],
    ['ru', '/ru', 'Что-то пошло не так на странице', 'Ошибка страницы'],
  ] as const) {
    it(`shows '${title}', the error message and 'Try again' when a page throws (${locale})`, async () => {
      const { page, close } = await openPage(browser, `${site.url}${prefix}/crash`);
      const pageTitle = await page.title();
      await page.getByRole('button', { name: 'Crash' }).click();
      const alert = page.locator('main [role=alert]');
      await expect(alert.locator('h1').innerText()).resolves.toBe(title);
      await expect(alert.locator('.error-page__message').innerText()).resolves.toBe('Boom: the crash page was asked to crash');
      await expect.poll(() => page.title()).toBe(documentTitle);
      // The navbar and footer still work: only the page is replaced.
      expect(await page.locator('footer').innerText()).toBe('Copyright © 2025 Shellpay');
      await alert.getByRole('button').click();
      await expect(page.locator('main h1').innerText()).resolves.toMatch(/Crash page|Страница сбоя/);
      expect(await page.locator('main [role=alert]').count()).toBe(0);
      expect(await page.title()).toBe(pageTitle);
      await close();
    });
  }

  it('clears the error on navigation and keeps the new page title', async () => {
    const { page, close } = await openPage(browser, `${site.url}/crash`);
    await page.getByRole('button', { name: 'Crash' }).click();
    await expect.poll(() => page.title()).toBe('Page Error');
    await page.locator('.navbar a[href="/"]').first().click();
    await waitForTitle(page, 'Introduction');
    expect(await page.title()).toBe('Introduction | Shell Docs');
    await close();
  });
});

describe('renderer/components/ChunkError', () => {
  it("shows Retry with the error text when a page's code fails to load; Retry loads it, showing 'Loading…' only after 200 ms", async () => {
    const { page, close } = await openPage(browser, '');
    await page.route('**/assets/chunks/crash-*.js', (r) => r.abort());
    await page.goto(`${site.url}/crash`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const alert = page.locator('main [role=alert]');
    await expect(alert.locator('h1').innerText()).resolves.toBe('This page could not be loaded.');
    await expect(alert.locator('.error-page__message').innerText()).resolves.toMatch(/^Failed to fetch dynamically imported module: http:\/\/127\.0\.0\.1:\d+\/assets\/chunks\/crash-\w+\.js$/);
    const retry = alert.getByRole('button');
    expect(await retry.innerText()).toBe('Retry');
    // Still failing: the message stays, the button comes back.
    await retry.click();
    // The label stays 'Retry' while the first 200 ms of the attempt pass: wait for the attempt to end.
    await expect.poll(() => retry.isEnabled()).toBe(true);
    expect(await retry.innerText()).toBe('Retry');
    // Now it loads, slowly.
    await page.unroute('**/assets/chunks/crash-*.js');
    await page.route('**/assets/chunks/crash-*.js', async (r) => {
      await new Promise((resolve) => setTimeout(resolve, 900));
      await r.continue();
    });
    const labels = page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const button = document.querySelector('main [role=alert] button') as HTMLButtonElement;
          const seen: string[] = [];
          const t0 = performance.now();
          button.click();
          const tick = () => {
            const b = document.querySelector('main [role=alert] button');
            if (!b) return resolve(seen);
            seen.push(`${Math.round((performance.now() - t0) / 100) * 100}:${b.textContent}`);
            setTimeout(tick, 50);
          };
          tick();
        }),
    );
    const seen = await labels;
    const firstLoading = seen.find((s) => s.endsWith('Loading…'));
    expect(Number(firstLoading?.split(':')[0])).toBeGreaterThanOrEqual(200);
    expect(seen.filter((s) => Number(s.split(':')[0]) < 200).every((s) => s.endsWith('Retry'))).toBe(true);
    await expect(page.locator('main h1').innerText()).resolves.toBe('Crash page');
    await close();
  });
});

describe('renderer/head (noindex and prerendered tags)', () => {
  it('adds robots noindex on a noindex page and removes it on the next one, matching the prerendered head of each', async () => {
    const { page, close } = await openPage(browser, `${site.url}/`);
    const robots = page.locator('meta[name=robots]');
    expect(await robots.count()).toBe(0);
    for (const [link, href, title] of [
      ['nav.sidebar a[href="/private"]', '/private', 'Internal notes'],
      ['nav.sidebar a[href="/guide"]', '/guide', 'Guide'],
      ['nav.sidebar a[href="/"]', '/', 'Introduction'],
    ] as const) {
      await page.locator(link).click();
      await waitForTitle(page, title);
      expect(await robots.count(), href).toBe(href === '/private' ? 1 : 0);
      expect(await headSnapshot(page), href).toEqual(await prerenderedHead(page, site.url + href));
    }
    expect(await page.locator('meta[name=robots]').count()).toBe(0);
    await close();
  });
});

describe('baseUrl issue banner', () => {
  let wrong: { dist: string };
  beforeAll(async () => {
    const dir = copyFixture('shell-on');
    const cfg = path.join(dir, 'docs.config.ts');
    writeFileSync(cfg, readFileSync(cfg, 'utf8').replace("url: 'https://docs.example.com',", "url: 'https://docs.example.com',\n  baseUrl: '/docs/',"));
    wrong = { dist: (await buildInto(dir)).outDir };
  });

  it('appears on the home page when the site is served from another path than its baseUrl', async () => {
    const served = await serveAt(wrong.dist, '/');
    for (const [p, text] of [
      ['/', ['The site did not load properly: it is configured for the base URL /docs/, but served from another path. Check `baseUrl` in docs.config.ts.', 'Try baseUrl = /']],
      ['/ru/', ['Сайт загрузился неправильно: он настроен на базовый адрес /docs/, а открыт по другому пути. Проверьте `baseUrl` в docs.config.ts.', 'Попробуйте baseUrl = /']],
    ] as const) {
      const { page, close } = await openPage(browser, '');
      await page.goto(served.url + p, { waitUntil: 'networkidle' });
      const banner = page.locator('#__baseurl-banner');
      await expect(banner.locator('p').allInnerTexts()).resolves.toEqual(text);
      expect(await banner.getAttribute('role')).toBe('alert');
      // First thing in the page, styled inline (the stylesheet did not load either).
      expect(await page.evaluate(() => document.body.firstElementChild?.id)).toBe('__baseurl-banner');
      await close();
    }
    await served.close();
  });

  it('does not appear where the site is served under its baseUrl, nor on other pages', async () => {
    const right = await serveAt(wrong.dist, '/docs/');
    const { page, problems, close } = await openPage(browser, `${right.url}/docs/`);
    expect(await page.locator('main h1').innerText()).toBe('Introduction');
    expect(await page.locator('#__baseurl-banner').count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
    await right.close();
    const served = await serveAt(wrong.dist, '/');
    const other = await openPage(browser, '');
    await other.page.goto(`${served.url}/guide`, { waitUntil: 'networkidle' });
    expect(await other.page.locator('#__baseurl-banner').count()).toBe(0);
    await other.close();
    await served.close();
  });
});
