/** Shared steps of the browser tests: opening a page until it is hydrated, and the reader's-site helpers (shell, navigation, a11y). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, BrowserContextOptions, Page, Response } from 'playwright-core';
import { createStaticHandler } from '../../cli/serve/static-handler.ts';

export interface OpenOptions extends BrowserContextOptions {
  /** Stored colour mode, set before the page loads. */
  theme?: 'light' | 'dark';
  /** Extra local storage entries, set before the page loads. */
  storage?: Record<string, string>;
}

/**
 * React's DevTools hook, in place before the page's own scripts: React calls `onPostCommitFiberRoot`
 * once the effects of a commit have run. That is what `hydrated` waits for: entry-client.tsx sets
 * `data-hydrated` right after calling `hydrateRoot()`, which only schedules the hydration (it runs
 * some 10 to 50 ms later, longer on a busy machine), and much of the page's behaviour (tabs, copy
 * buttons, scroll boxes, the storage listeners) is installed by effects. A string, not a function:
 * the test's module transform could add helpers to a function that the page does not have.
 */
export const HYDRATION_PROBE = `(() => {
  const probe = { effects: 0 };
  Object.defineProperty(window, '__paydocsProbe', { value: probe });
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    inject: () => 1,
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() { probe.effects++; },
  };
})();`;

/** `browser.newPage`, with the hydration probe `hydrated` needs. */
export async function newPage(browser: Browser, options?: BrowserContextOptions): Promise<Page> {
  const page = await browser.newPage(options);
  await page.addInitScript(HYDRATION_PROBE);
  return page;
}

/** `browser.newContext`, with the hydration probe `hydrated` needs in each of its pages. */
export async function newContext(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(HYDRATION_PROBE);
  return context;
}

/**
 * Opens `url` in `page` and waits until it is hydrated: the page's `load` event, then `hydrated`.
 * (Not `networkidle`, which waited for 500 ms without a request on every page opened.)
 */
export async function goto(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await hydrated(page);
  return response;
}

/** A fresh context and page; console errors, warnings and page errors are collected in `problems`. */
export async function openPage(browser: Browser, url: string, options: OpenOptions = {}): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const { theme, storage, ...contextOptions } = options;
  const context = await newContext(browser, contextOptions);
  const entries = { ...(storage ?? {}), ...(theme ? { theme } : {}) };
  if (Object.keys(entries).length > 0) {
    await context.addInitScript((e) => {
      // Only once per tab, so a test can change storage and reload.
      if (sessionStorage.getItem('__seeded')) return;
      sessionStorage.setItem('__seeded', '1');
      for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v);
    }, entries);
  }
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  if (url) await goto(page, url);
  return { page, problems, close: () => context.close() };
}

/**
 * One tab for a group of tests that each open a page in it and leave nothing behind: no routes,
 * listeners, init scripts or other tabs of their own (those open a context of their own with
 * `openPage`). `open(url)` is `openPage` without a new context: a blank page first (the previous
 * test's page unloaded), no other tab and no routes (what a test that failed halfway may leave),
 * the viewport and media back to `options`, the mouse off the page, and the storage as a new
 * context has it, only what `options` seeds (cleared and seeded by an init script for that one
 * load); then `url`, until hydrated. A new context's tab is a new renderer process: about three
 * times the CPU time of a page load in a tab that is there. `close` it in `afterAll`.
 */
export function sharedPage(browser: () => Browser, options: OpenOptions = {}): { open: (url: string) => Promise<{ page: Page; problems: string[]; response: Response | null }>; close: () => Promise<void> } {
  const { theme, storage, ...contextOptions } = options;
  const entries = { ...(storage ?? {}), ...(theme ? { theme } : {}) };
  let tab: ReturnType<typeof openPage> | undefined;
  return {
    async open(url) {
      tab ??= openPage(browser(), '', contextOptions);
      const { page, problems } = await tab;
      for (const other of page.context().pages()) if (other !== page) await other.close();
      await page.unrouteAll();
      await page.goto('about:blank');
      problems.length = 0;
      await page.setViewportSize(contextOptions.viewport ?? { width: 1280, height: 720 });
      await page.emulateMedia({ media: null });
      await page.mouse.move(-1, -1);
      const seed = await page.addInitScript((e) => {
        localStorage.clear();
        sessionStorage.clear();
        for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v);
      }, entries);
      try {
        return { page, problems, response: await goto(page, url) };
      } finally {
        await seed.dispose();
      }
    },
    async close() {
      await (await tab)?.close();
    },
  };
}

/**
 * `page`'s address opened again in a second tab of its context (same storage), with the app's code
 * blocked, so that only the head script runs: what the reader sees before first paint. A tab of its
 * own, because the blocked scripts' console errors can arrive late and would reach `page`'s `problems`.
 * Close it when done.
 */
export async function openWithoutScripts(page: Page): Promise<Page> {
  const blocked = await page.context().newPage();
  await blocked.route('**/assets/**/*.js', (r) => r.abort());
  await blocked.goto(page.url());
  return blocked;
}

/**
 * Hydrated: the app has taken over the prerendered page and its effects have run (the hydration
 * probe counted them), and what the page then loads by itself is in: the filter boxes of long
 * tables (use-content-enhancements.ts). (The route map and the whole sidebar load on the first
 * interaction; a link followed before waits for them: entry-client.tsx.) The page must have been
 * opened with the probe (`openPage`, `newPage`, `newContext`, or `HYDRATION_PROBE` added by hand).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const probe = (window as unknown as { __paydocsProbe?: { effects: number } }).__paydocsProbe;
    if (!probe) throw new Error('hydrated(): this page has no hydration probe; open it with openPage, newPage or newContext (test/e2e/shell-helpers.ts)');
    return (
      document.documentElement.dataset.hydrated === 'true' &&
      probe.effects > 0 &&
      [...document.querySelectorAll('.data-table[data-filterable]')].every((t) => !t.querySelector('tbody > tr') || t.querySelector<HTMLElement>('.data-table__filter')?.hidden === false)
    );
  });
}

/**
 * Resolves once a timer of `ms` set now in the page has run and two frames have been drawn after it:
 * every timer the page had set to run by then has run, and what it changed is rendered. For checks
 * that something does NOT happen (a line that would show after 200 ms): counted on the page's own
 * clock, so a busy machine that runs the page late does not cut the window short.
 */
export async function pageTimePassed(page: Page, ms: number): Promise<void> {
  await page.evaluate((t) => new Promise<void>((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), t)), ms);
}

/**
 * Resolves once the page's scroll position has stayed the same for ten frames, then as
 * `pageTimePassed(page, 0)`: a scroll is over, and what its events set off is rendered.
 */
export async function scrollAtRest(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let [y, still] = [window.scrollY, 0];
        const frame = () => {
          [y, still] = window.scrollY === y ? [y, still + 1] : [window.scrollY, 0];
          if (still >= 10) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
  await pageTimePassed(page, 0);
}

/** Resolves when the page shows `h1` text matching `text` (a client-side navigation finished). */
export async function waitForTitle(page: Page, text: string | RegExp): Promise<void> {
  const source = typeof text === 'string' ? text : text.source;
  const isRe = typeof text !== 'string';
  await page.waitForFunction(
    ([s, re]) => {
      const h1 = document.querySelector('main h1')?.textContent ?? '';
      return re ? new RegExp(s).test(h1) : h1 === s;
    },
    [source, isRe] as const,
  );
}

/** Serves `dir` like `paydocs serve`, optionally under a path prefix (`/docs/`). */
export async function serveAt(dir: string, prefix = '/'): Promise<{ url: string; close: () => Promise<void> }> {
  const handler = createStaticHandler(dir);
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (prefix !== '/') {
      if (!url.startsWith(prefix)) {
        res.statusCode = 404;
        res.end('outside the base path');
        return;
      }
      req.url = url.slice(prefix.length - 1);
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The managed head of the current document: lang, dir, title and the `[data-ph]` tags, in order. */
export async function headSnapshot(page: Page): Promise<{ lang: string; dir: string; title: string; tags: string[] }> {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    title: document.title,
    tags: [...document.head.querySelectorAll('[data-ph]')].map((el) => el.outerHTML.replace(/ data-ph=""/, '')),
  }));
}

/** The same, parsed from the prerendered HTML of `url` (as served). */
export async function prerenderedHead(page: Page, url: string): Promise<{ lang: string; dir: string; title: string; tags: string[] }> {
  return page.evaluate(async (u) => {
    const html = await (await fetch(u)).text();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return {
      lang: doc.documentElement.lang,
      dir: doc.documentElement.dir,
      title: doc.title,
      tags: [...doc.head.querySelectorAll('[data-ph]')].map((el) => el.outerHTML.replace(/ data-ph=""/, '')),
    };
  }, url);
}
