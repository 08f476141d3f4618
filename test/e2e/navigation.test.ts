/**
 * Navigation behaviour of the real site (spec section 2): scrolling after a route change, smooth
 * in-page anchors, `.html` paths, head tags, the progress bar, a route that fails to load, prefetch.
 * Test links are added to the page where the content may not have one; the click handling is
 * delegated, so they behave like any link in the Markdown.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.ts';
import { launchBrowser } from '../helpers/chromium.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { goto, headSnapshot, hydrated, openPage, pageTimePassed, prerenderedHead, waitForTitle } from './shell-helpers.ts';

const site = inject('siteUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Appends a link to the page's content and clicks it where it is (no scrolling to it first). */
async function clickLink(page: Page, href: string): Promise<void> {
  await page.evaluate((h) => {
    const a = document.createElement('a');
    a.href = h;
    a.textContent = 'test link';
    document.getElementById('__content')!.append(a);
    a.click();
    a.remove();
  }, href);
}

/** The route map of the page's locale: site module -> `routesModule` (imported outside the test file's module transform). */
async function siteRoutes(page: Page): Promise<Record<string, string>> {
  const routes = await page.evaluate(async () => {
    const boot = JSON.parse(document.getElementById('__boot')!.textContent!) as { siteModule: string };
    const load = new Function('u', 'return import(u)') as (u: string) => Promise<{ default: Record<string, unknown> }>;
    const siteData = (await load(boot.siteModule)).default as { routesModule: string };
    return (await load(siteData.routesModule)).default as Record<string, string>;
  });
  expect(Object.keys(routes).length).toBeGreaterThan(100);
  return routes;
}

/** Records the document requests the page makes from now on (a full load or reload). */
function documentRequests(page: Page): string[] {
  const list: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') list.push(new URL(r.url()).pathname);
  });
  return list;
}

describe('scroll after a route change (renderer/app, renderer/client/links)', () => {
  it('scrolls to the fragment target, to the top without a fragment, and not at all when only the query changes', async () => {
    const { page, problems, close } = await openPage(browser, `${site}/request_format`, { viewport: { width: 1280, height: 800 } });
    const documents = documentRequests(page);
    await page.evaluate(() => window.scrollTo(0, 900));
    await clickLink(page, '/callbacks#payload');
    await waitForTitle(page, /allback/);
    await expect.poll(() => page.evaluate(() => Math.round(document.getElementById('payload')!.getBoundingClientRect().top))).toBe(72); // navbar 60 + 12 scroll padding
    expect(new URL(page.url()).hash).toBe('#payload');

    await clickLink(page, '/request_format');
    await waitForTitle(page, /equest/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.evaluate(() => window.scrollTo(0, 500));
    await clickLink(page, '/request_format?view=print');
    await expect.poll(() => new URL(page.url()).search).toBe('?view=print');
    // Nothing scrolls, in a window after the move counted on the page's clock (and drawn).
    await pageTimePassed(page, 300);
    expect(await page.evaluate(() => window.scrollY)).toBe(500);
    expect(documents).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it('scrolls in-page anchors smoothly (each frame covers 15 % of the remaining distance) and updates the URL', async () => {
    const { page, close } = await openPage(browser, `${site}/request_format`, { viewport: { width: 1280, height: 800 } });
    // Click the table-of-contents link and record the scroll position at every frame until it rests.
    const positions = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const ys: number[] = [window.scrollY];
          const frame = () => {
            ys.push(window.scrollY);
            // At rest: the same position for 30 frames (the last pixels take a few frames each).
            const still = ys.length > 30 && ys.slice(-30).every((y) => y === ys.at(-1));
            if (still && ys.at(-1) !== ys[0]) resolve(ys);
            else if (ys.length > 400) resolve(ys);
            else requestAnimationFrame(frame);
          };
          (document.querySelector('.toc a[href="#idempotency-and-amounts"]') as HTMLElement).click();
          requestAnimationFrame(frame);
        }),
    );
    const ys = positions.filter((y, i, all) => i === 0 || y !== all[i - 1]);
    const target = ys.at(-1)!;
    expect(ys.length).toBeGreaterThan(8);
    // Remaining distance shrinks by the easing factor each frame.
    const ratios = ys.slice(1, 6).map((y, i) => (target - y) / (target - ys[i]!));
    for (const r of ratios) expect(r).toBeCloseTo(0.85, 1);
    // It rests with the heading below the navbar (or at the end of the page, if it cannot go further).
    const rest = await page.evaluate(() => ({
      top: Math.round(document.getElementById('idempotency-and-amounts')!.getBoundingClientRect().top),
      atEnd: Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight,
    }));
    expect(rest.top === 72 || (rest.atEnd && rest.top > 72)).toBe(true);
    expect(new URL(page.url()).hash).toBe('#idempotency-and-amounts');
    // The heading took focus, so keyboard reading continues from there.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('idempotency-and-amounts');
    await close();
  });
});

describe('`.html` and `index.html` paths', () => {
  it('are served as the clean path by `paydocs serve`', async () => {
    const { page, close } = await openPage(browser, '');
    for (const [p, h1] of [
      ['/request_format.html', /equest/],
      ['/request_format/index.html', /equest/],
      ['/index.html', /Corvopay/],
      ['/ru/index.html', /Corvopay/],
      ['/ru/callbacks.html', /олбэк|allback/i],
    ] as const) {
      const res = await goto(page, site + p);
      expect(res?.status(), p).toBe(200);
      expect(await page.locator('main h1').innerText(), p).toMatch(h1);
    }
    await close();
  });

  it('are treated as the clean path by the client router: no reload, the clean page is shown', async () => {
    const { page, problems, close } = await openPage(browser, `${site}/request_format.html`);
    const documents = documentRequests(page);
    // The page loaded under `.html` is the same route: its sidebar entry is current.
    expect(await page.locator('nav.sidebar a[aria-current=page]').getAttribute('href')).toBe('/request_format');
    await clickLink(page, '/callbacks.html');
    await waitForTitle(page, /allback/);
    await clickLink(page, '/request_format/index.html');
    await waitForTitle(page, /equest/);
    expect(documents).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it('are served as the clean path by `paydocs dev`', async () => {
    const root = copyFixture('shell-on');
    const dev: DevServer = await startDevServer({ root, port: 0, host: '127.0.0.1', log: () => undefined });
    try {
      const { page, close } = await openPage(browser, '');
      for (const p of ['/guide.html', '/guide/index.html', '/index.html', '/ru/index.html']) {
        const res = await page.goto(dev.url + p);
        expect(res?.status(), p).toBe(200);
        expect(await page.locator('main h1').innerText(), p).toBe(p.includes('guide') ? 'Guide' : p.startsWith('/ru') ? 'Введение' : 'Introduction');
      }
      await close();
    } finally {
      await dev.close();
    }
  });
});

describe('head tags on client navigation (shared/head)', () => {
  for (const [locale, start, steps] of [
    ['en', '/', ['/request_format', '/api/transaction_create', '/reference/test_cards', '/']],
    ['ru', '/ru/', ['/ru/callbacks', '/ru/api/transaction_create', '/ru/']],
  ] as const) {
    it(`sets lang, dir, title, description, canonical, hreflang and og/twitter tags like the prerendered page (${locale})`, async () => {
      const { page, close } = await openPage(browser, site + start);
      const documents = documentRequests(page);
      expect(await headSnapshot(page)).toEqual(await prerenderedHead(page, site + start));
      for (const href of steps) {
        await clickLink(page, href);
        await page.waitForFunction((h) => location.pathname === h && document.querySelector('link[rel=canonical]')?.getAttribute('href')?.endsWith(h), href);
        const head = await headSnapshot(page);
        expect(head, href).toEqual(await prerenderedHead(page, site + href));
        expect(head.lang).toBe(locale);
        expect(head.dir).toBe('ltr');
        expect(head.tags).toContain(`<link rel="canonical" href="https://docs.corvopay.com${href}">`);
        expect(head.tags.filter((t) => t.includes('hreflang')).length).toBe(3);
        expect(head.tags.some((t) => t.startsWith('<meta property="og:title"'))).toBe(true);
        expect(head.tags.some((t) => t.startsWith('<meta name="twitter:description"'))).toBe(true);
        expect(head.tags.some((t) => t.includes('robots'))).toBe(false);
      }
      expect(documents).toEqual([]);
      await close();
    });
  }
});

describe('route loading (renderer/app, renderer/components/ProgressBar)', () => {
  it('shows the progress bar only after 200 ms, keeps the old page until the new one is loaded, then finishes the bar', async () => {
    const { page, close } = await openPage(browser, `${site}/request_format`);
    // The route map arrives on the first interaction: have it there, so the clock below is the page's alone.
    await page.locator('.skip-link').focus();
    await page.waitForFunction(() => document.documentElement.dataset.routes === 'loaded');
    await page.route('**/assets/p/*.js', async (r) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await r.continue();
    });
    const timeline = page.evaluate(
      () =>
        new Promise<{ t: number; bar: boolean; h1: string }[]>((resolve) => {
          const out: { t: number; bar: boolean; h1: string }[] = [];
          const t0 = performance.now();
          const tick = () => {
            const h1 = document.querySelector('main h1')?.textContent ?? '';
            out.push({ t: performance.now() - t0, bar: document.querySelector('.progress-bar:not(.progress-bar--done)') !== null, h1 });
            if (performance.now() - t0 > 1800) resolve(out);
            else setTimeout(tick, 25);
          };
          (document.querySelector('nav.sidebar a[href="/callbacks"]') as HTMLElement).click();
          tick();
        }),
    );
    const samples = await timeline;
    const before = samples.filter((s) => s.t < 190);
    expect(before.every((s) => !s.bar)).toBe(true);
    const firstBar = samples.find((s) => s.bar)!;
    expect(firstBar.t).toBeGreaterThanOrEqual(200);
    // Shortly after 200 ms, well before the page (its timer and this sampler slip on a loaded machine).
    expect(firstBar.t).toBeLessThan(700);
    // The old page stays until the new one is loaded.
    const shown = samples.find((s) => /allback/.test(s.h1))!;
    expect(shown.t).toBeGreaterThan(950);
    expect(samples.filter((s) => s.t < shown.t - 30).every((s) => /equest/.test(s.h1))).toBe(true);
    expect(samples.filter((s) => s.t > firstBar.t && s.t < shown.t - 30).every((s) => s.bar)).toBe(true);
    // Finishing (the bar runs to the end and fades) starts as soon as the page is shown.
    expect(samples.filter((s) => s.t > shown.t + 150).every((s) => !s.bar)).toBe(true);
    await expect.poll(() => page.locator('.progress-bar').count()).toBe(0);
    await close();
  });

  it('never shows the progress bar for a navigation that ends before its 200 ms delay', async () => {
    const { page, close } = await openPage(browser, `${site}/request_format`);
    // Chunks fetched, seen from here: the page's resource timing is the clock's (empty) once it is installed.
    const fetched = new Set<string>();
    page.on('requestfinished', (r) => fetched.add(new URL(r.url()).pathname));
    const routes = await siteRoutes(page);
    await page.evaluate(() => {
      (window as unknown as { __bar: boolean }).__bar = false;
      new MutationObserver(() => {
        if (document.querySelector('.progress-bar')) (window as unknown as { __bar: boolean }).__bar = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.clock.install();
    for (const href of ['/callbacks', '/callbacks_get', '/payment_page']) {
      // Fast for certain: the chunk is already fetched (hover prefetch) when the link is clicked.
      const link = page.locator(`nav.sidebar a[href="${href}"]`);
      await link.hover();
      await expect.poll(() => fetched.has(routes[href]!)).toBe(true);
      // The page's timers on a paused clock: the bar's delay cannot run out however slow the machine,
      // only when the clock runs below, after the navigation has ended.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000);
      await link.click();
      for (;;) {
        const done = await page.evaluate((h) => location.pathname === h && Boolean(document.querySelector('link[rel=canonical]')?.getAttribute('href')?.endsWith(h)), href);
        if (done) break;
      }
      await page.clock.runFor(1000);
      await page.clock.resume();
    }
    expect(await page.evaluate(() => (window as unknown as { __bar: boolean }).__bar)).toBe(false);
    await close();
  });

  it('reloads the page fully when the next route fails to load, and the reloaded page works', async () => {
    const { page, close } = await openPage(browser, `${site}/request_format`);
    const chunk = (await siteRoutes(page))['/callbacks']!;
    await page.route(`**${chunk}`, (r) => r.abort());
    const documents = documentRequests(page);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    // The address changes first (client navigation), then the failed chunk reloads the page: wait for the new document.
    const reloaded = page.waitForEvent('domcontentloaded');
    await page.locator('nav.sidebar a[href="/callbacks"]').click();
    await reloaded;
    await page.waitForFunction(() => location.pathname === '/callbacks');
    await hydrated(page);
    expect(documents).toEqual(['/callbacks']);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
    expect(await page.locator('main h1').innerText()).toMatch(/allback/);
    // Client navigation works again from the reloaded page.
    await page.unroute(`**${chunk}`);
    await page.locator('nav.sidebar a[href="/request_format"]').click();
    await waitForTitle(page, /equest/);
    expect(documents).toEqual(['/callbacks']);
    await close();
  });
});

describe('prefetch (renderer/client/prefetch)', () => {
  /**
   * Past the point where prefetching would have started: the route map is in (the first interaction
   * loads it), the prefetch module that follows it has run (imported again here: that import settles
   * after the app's own, whose callback installs prefetching), then the idle callback that observes
   * the links and the intersection callbacks of the next two frames.
   */
  const prefetchSettled = async (page: Page) => {
    await page.waitForFunction(() => document.documentElement.dataset.routes === 'loaded');
    const module = await page.waitForFunction(() => performance.getEntriesByType('resource').find((e) => /\/prefetch-[\w-]+\.js$/.test(new URL(e.name).pathname))?.name);
    await page.evaluate(async (u) => {
      await (new Function('u', 'return import(u)') as (u: string) => Promise<unknown>)(u);
      await new Promise<void>((done) => requestIdleCallback(() => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
    }, (await module.jsonValue())!);
  };
  const chunkRequests = (page: Page) => {
    const list: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/assets/p/')) list.push(new URL(r.url()).pathname);
    });
    return list;
  };

  it('prefetches the page chunk of a link when it is hovered or scrolled into view', async () => {
    const { page, close } = await openPage(browser, '', { viewport: { width: 1280, height: 800 } });
    const requests = chunkRequests(page);
    await goto(page, `${site}/request_format`);
    const routes = await siteRoutes(page);
    // Hover: a sidebar link (the sidebar is not watched for visibility).
    const before = requests.length;
    await page.locator('nav.sidebar a[href="/changelog"]').hover();
    await expect.poll(() => requests.slice(before)).toContain(routes['/changelog']);
    // Into view: the next-page link at the bottom.
    const next = (await page.locator('.pagination__link--next').getAttribute('href'))!;
    expect(requests).not.toContain(routes[next]);
    await page.locator('.pagination__link--next').scrollIntoViewIfNeeded();
    await expect.poll(() => requests).toContain(routes[next]);
    await close();
  });

  for (const [name, connection] of [
    ['data saver', { saveData: true, effectiveType: '4g' }],
    ['2G', { saveData: false, effectiveType: '2g' }],
    ['slow 2G', { saveData: false, effectiveType: 'slow-2g' }],
  ] as const) {
    it(`prefetches nothing with ${name} on`, async () => {
      const { page, close } = await openPage(browser, '', { viewport: { width: 1280, height: 800 } });
      await page.addInitScript((c) => Object.defineProperty(navigator, 'connection', { value: c, configurable: true }), connection);
      const requests = chunkRequests(page);
      await goto(page, `${site}/request_format`);
      await page.locator('nav.sidebar a[href="/changelog"]').hover();
      await page.locator('.pagination__link--next').scrollIntoViewIfNeeded();
      await prefetchSettled(page);
      expect(requests).toEqual([]);
      // Navigation itself still loads the chunk it needs.
      await page.locator('nav.sidebar a[href="/changelog"]').click();
      await waitForTitle(page, /hangelog|зменени/);
      expect(requests.length).toBe(1);
      await close();
    });
  }
});
