/**
 * A page hydrates with the part of the sidebar the server rendered into it (`readSidebar`), not with
 * the whole tree: that part, read by Chromium from each page of the real site and rendered again,
 * must give the same markup, or React would hydrate a different sidebar than the one shown. The
 * whole tree loads on the reader's first interaction (test/e2e/shell.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { initialOpenKeys, Sidebar } from '../../renderer/components/Sidebar.tsx';
import { RuntimeContext, type Runtime } from '../../renderer/context.ts';
import type { SidebarItem, SiteData } from '../../shared/page-data.ts';
import { launchBrowser } from '../helpers/chromium.ts';
import { ROOT } from '../helpers/fixture.ts';

const dist = inject('distDir');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
  // readSidebar exactly as the client entry bundles it, run on Chromium's own DOM.
  const out = await build({
    stdin: { contents: "import { readSidebar } from './renderer/components/Sidebar.tsx'; window.readSidebar = readSidebar;", resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    format: 'iife',
    jsx: 'automatic',
    write: false,
    logLevel: 'silent',
  });
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: out.outputFiles[0]!.text });
});
afterAll(async () => {
  await browser?.close();
});

/** What Chromium's `readSidebar` makes of each sidebar markup. */
function readInBrowser(navs: string[]): Promise<SidebarItem[][]> {
  return page.evaluate((htmls) => {
    const read = (window as unknown as { readSidebar: (nav: Element | null) => SidebarItem[] }).readSidebar;
    return htmls.map((html) => read(new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').querySelector('nav.sidebar')));
  }, navs);
}

/** The sidebar as the server renders it on page `current` with `items`. */
function renderSidebar(items: SidebarItem[], current: string, strings: SiteData['strings']): string {
  const runtime: Runtime = { site: { strings } as SiteData, client: false };
  const sidebar = createElement(Sidebar, { items, current, open: new Set(initialOpenKeys(items, current)), onToggle: () => undefined });
  return renderToString(createElement(RuntimeContext.Provider, { value: runtime }, sidebar));
}

/** The definition of what a page carries: open categories whole, a closed one only its first page. */
function rendered(items: SidebarItem[], open: ReadonlySet<string>): SidebarItem[] {
  const first = (list: SidebarItem[]): SidebarItem[] => {
    for (const i of list) {
      const hit = i.type === 'doc' ? [i] : first(i.items);
      if (hit.length) return hit;
    }
    return [];
  };
  return items.map((i) =>
    i.type === 'doc' ? i : { ...i, collapsed: !open.has(i.key), items: open.has(i.key) ? rendered(i.items, open) : first(i.items) },
  );
}

const moduleData = <T,>(file: string): T => JSON.parse(readFileSync(path.join(dist, 'assets', file), 'utf8').replace(/^export default /, '').replace(/;\s*$/, '')) as T;

function htmlFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) {
      if (e.name !== 'assets') htmlFiles(path.join(dir, e.name), out);
    } else if (e.name === 'index.html') out.push(path.join(dir, e.name));
  }
  return out;
}

describe('renderer/components/Sidebar: readSidebar', () => {
  it('reads from every page of the real site the sidebar that renders to the same markup, and no more than the page shows', async () => {
    const assets = readdirSync(path.join(dist, 'assets'));
    const pages: { file: string; href: string; locale: string; nav: string }[] = [];
    for (const file of htmlFiles(dist)) {
      const html = readFileSync(file, 'utf8');
      const start = html.indexOf('<nav class="sidebar menu"');
      if (start < 0) continue;
      const nav = html.slice(start, html.indexOf('</nav>', start) + '</nav>'.length);
      const boot = JSON.parse(/<script id="__boot" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!) as { page: { href: string; locale: string } };
      pages.push({ file, href: boot.page.href, locale: boot.page.locale, nav });
    }
    expect(pages.length).toBeGreaterThan(440);
    const read = await readInBrowser(pages.map((p) => p.nav));
    for (const locale of ['en', 'ru']) {
      const site = moduleData<SiteData>(assets.find((f) => f.startsWith(`site-${locale}-`))!);
      // The site module carries no tree; its own module does.
      expect(site.sidebar).toEqual([]);
      const whole = moduleData<SidebarItem[]>(path.basename(site.sidebarModule!));
      expect(whole.length).toBeGreaterThan(5);
      pages.forEach((p, i) => {
        if (p.locale !== locale) return;
        const ours = read[i]!;
        expect(renderSidebar(ours, p.href, site.strings), p.href).toBe(p.nav);
        expect(ours, p.href).toEqual(rendered(whole, new Set(initialOpenKeys(whole, p.href))));
      });
    }
  });

  it('reads back what it rendered for awkward trees: markup in labels, empty categories, collapsed: false at any depth, a page listed twice', async () => {
    const doc = (href: string, label = href): SidebarItem => ({ type: 'doc', label, href });
    const cat = (key: string, items: SidebarItem[], collapsed = true, label = key): SidebarItem => ({ type: 'category', key, label, collapsed, items });
    const tree: SidebarItem[] = [
      doc('/', 'Intro <b>&amp;</b> "quotes" & \'apostrophes\''),
      cat('empty', []),
      cat('empty-open', [], false),
      cat('api', [cat('api/deep', [doc('/api/deep/x', 'Платежи: «ёлки»')]), doc('/api/a'), cat('api/open', [doc('/api/open/b'), doc('/shared')], false)], true, 'API & co'),
      cat('more', [cat('more/only-cats', [cat('more/only-cats/empty', [])]), doc('/shared'), doc('/more/c?x=1#h')]),
      doc('/changelog', '  spaced  '),
    ];
    const currents = ['/', '/api/deep/x', '/api/a', '/api/open/b', '/shared', '/more/c?x=1#h', '/changelog', '/elsewhere'];
    const navs = currents.map((c) => renderSidebar(tree, c, { 'nav.docsSidebar': 'Docs sidebar' } as SiteData['strings']));
    const read = await readInBrowser(navs);
    currents.forEach((c, i) => {
      expect(renderSidebar(read[i]!, c, { 'nav.docsSidebar': 'Docs sidebar' } as SiteData['strings']), c).toBe(navs[i]);
      expect(read[i], c).toEqual(rendered(tree, new Set(initialOpenKeys(tree, c))));
    });
    // collapsed: false opens a category on every page, nested in a closed one too (once it is shown).
    expect(initialOpenKeys(tree, '/')).toEqual(['empty-open', 'api/open']);
    expect(initialOpenKeys(tree, '/api/deep/x')).toEqual(['api', 'api/deep', 'empty-open', 'api/open']);
  });
});
