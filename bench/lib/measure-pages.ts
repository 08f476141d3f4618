import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { resolveRequestPath } from '../../cli/serve/static-handler.ts';

export interface Bytes {
  raw: number;
  gzip: number;
}

export interface PageWeight {
  path: string;
  html: Bytes;
  css: Bytes;
  /**
   * Every script the page loaded by itself until the network was idle: what its HTML references, what
   * that imports, and what it loads after hydration without being asked. Not counted: prefetches of
   * other pages (`<link rel="prefetch">` in Docusaurus, page-data chunks `assets/p/` in paydocs), which
   * both tools start for links in view.
   */
  js: Bytes & { files: number; list: Array<{ path: string } & Bytes> };
  /** Milliseconds from navigation start to hydration. */
  hydratedMs: number;
}

export const gzipSize = (data: Uint8Array | string): number => gzipSync(data, { level: 6 }).length;

function fileBytes(dir: string, urlPath: string): Bytes | undefined {
  const file = resolveRequestPath(dir, urlPath);
  if (!file) return undefined;
  const data = readFileSync(file);
  return { raw: data.length, gzip: gzipSize(data) };
}

function sum(list: Array<Bytes | undefined>): Bytes {
  return list.reduce<Bytes>((a, b) => ({ raw: a.raw + (b?.raw ?? 0), gzip: a.gzip + (b?.gzip ?? 0) }), { raw: 0, gzip: 0 });
}

/**
 * Marks the moment a page became interactive: paydocs sets `data-hydrated` on <html> after
 * hydrateRoot, Docusaurus sets `data-has-hydrated` in an effect after hydration.
 */
const HYDRATION_PROBE = `(() => {
  const seen = () => { if (window.__benchHydratedAt === undefined) window.__benchHydratedAt = performance.now(); };
  new MutationObserver(() => {
    const h = document.documentElement;
    if (h.hasAttribute('data-hydrated') || h.hasAttribute('data-has-hydrated')) seen();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated', 'data-has-hydrated'] });
})();`;

/**
 * Loads each page in a fresh Chromium context (no cache, 1280x800), waits for hydration and network
 * idle, and counts the bytes (from the files on disk, gzip level 6) of the HTML, its stylesheets and
 * its scripts (see `PageWeight.js`).
 */
export async function measurePages(browser: Browser, input: { baseUrl: string; dir: string; paths: string[] }): Promise<PageWeight[]> {
  const out: PageWeight[] = [];
  for (const p of input.paths) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(HYDRATION_PROBE);
    const page = await context.newPage();
    const response = await page.goto(input.baseUrl + p, { waitUntil: 'load' });
    if (!response || response.status() !== 200) throw new Error(`${input.baseUrl + p} answered ${response?.status()}`);
    await page.waitForFunction(() => (window as unknown as { __benchHydratedAt?: number }).__benchHydratedAt !== undefined, undefined, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const { hydratedAt, scripts, styles } = await page.evaluate(() => {
      const at = (window as unknown as { __benchHydratedAt: number }).__benchHydratedAt;
      const prefetched = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((l) => new URL(l.href).pathname));
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const local = entries.filter((e) => new URL(e.name).origin === location.origin);
      return {
        hydratedAt: at,
        // A prefetch is the request a <link rel="prefetch"> made (initiator `link`); the same URL
        // loaded by a script tag or an import (the current route's chunks, which Docusaurus also
        // lists as prefetches once it has rendered the sidebar) counts.
        scripts: local
          .filter((e) => !(e.initiatorType === 'link' && prefetched.has(new URL(e.name).pathname)))
          .map((e) => new URL(e.name).pathname)
          .filter((p) => p.endsWith('.js') && !p.includes('/assets/p/')),
        styles: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => new URL(l.href).pathname),
      };
    });
    await context.close();
    const uniqueScripts = [...new Set(scripts)];
    out.push({
      path: p,
      html: fileBytes(input.dir, p)!,
      css: sum([...new Set(styles)].map((s) => fileBytes(input.dir, s))),
      js: { ...sum(uniqueScripts.map((s) => fileBytes(input.dir, s))), files: uniqueScripts.length, list: uniqueScripts.map((s) => ({ path: s, ...(fileBytes(input.dir, s) ?? { raw: 0, gzip: 0 }) })) },
      hydratedMs: hydratedAt,
    });
  }
  return out;
}

/**
 * Client-side navigation as a reader does it: on a hydrated page the mouse first moves over the page
 * (both tools load what link-following needs on interaction or in view) and the network settles;
 * then the mouse goes to a sidebar link to `to` and clicks. Counted: the scripts requested from that
 * hover until the new page's URL and title are shown, except the new page's own prefetches.
 */
export async function measureNavigation(browser: Browser, input: { baseUrl: string; dir: string; from: string; to: string }): Promise<Bytes & { files: number; paths: string[]; fullReload: boolean }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(HYDRATION_PROBE);
  const page = await context.newPage();
  await page.goto(input.baseUrl + input.from, { waitUntil: 'load' });
  await page.waitForFunction(() => (window as unknown as { __benchHydratedAt?: number }).__benchHydratedAt !== undefined);
  await page.mouse.move(640, 400);
  await page.mouse.move(660, 420);
  const target = page.locator(`a[href="${input.to}"], a[href="${input.to}/"]`).first();
  await target.scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const requested: string[] = [];
  let documents = 0;
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents++;
    const u = new URL(r.url());
    if (u.pathname.endsWith('.js')) requested.push(u.pathname);
  });
  const before = await page.title();
  await target.hover();
  await target.click();
  await page.waitForFunction(([to, title]) => location.pathname.replace(/\/$/, '') === to.replace(/\/$/, '') && document.title !== title, [input.to, before] as const, { timeout: 30_000 });
  // The new page prefetches the links it shows as soon as it is rendered: of the page-data chunks
  // (paydocs `assets/p/`), only the first one requested, the target's, belongs to this navigation.
  const unique = [...new Set(requested)];
  const firstPageChunk = unique.find((f) => f.includes('/assets/p/'));
  const files = unique.filter((f) => !f.includes('/assets/p/') || f === firstPageChunk);
  await context.close();
  return { ...sum(files.map((f) => fileBytes(input.dir, f))), files: files.length, paths: files, fullReload: documents > 0 };
}
