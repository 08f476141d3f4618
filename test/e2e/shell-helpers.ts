/** Shared steps of the reader's-site browser tests (shell, navigation, a11y). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { createStaticHandler } from '../../cli/serve/static-handler.ts';

export interface OpenOptions extends BrowserContextOptions {
  /** Stored colour mode, set before the page loads. */
  theme?: 'light' | 'dark';
  /** Extra local storage entries, set before the page loads. */
  storage?: Record<string, string>;
}

/** A fresh context and page; console errors, warnings and page errors are collected in `problems`. */
export async function openPage(browser: Browser, url: string, options: OpenOptions = {}): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const { theme, storage, ...contextOptions } = options;
  const context = await browser.newContext(contextOptions);
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
  if (url) {
    await page.goto(url, { waitUntil: 'networkidle' });
    await hydrated(page);
  }
  return { page, problems, close: () => context.close() };
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

/** Hydrated. (The route map loads on the first interaction; a link followed before waits for it: entry-client.tsx.) */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
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
