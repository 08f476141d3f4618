/**
 * The server renders each closed sidebar category once per sidebar and puts that markup into every
 * page (`closedCategoryMarkup`, renderer/entry-server.tsx). The browser renders the same categories
 * itself when it hydrates: the markup must be what rendering them on each page would give, or
 * React would hydrate other elements than the page shows. test/e2e/sidebar-dom.test.ts checks the
 * same on every page of the real site.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ClosedCategoryMarkup, initialOpenKeys, Sidebar } from '../../renderer/components/Sidebar.tsx';
import { RuntimeContext, type Runtime } from '../../renderer/context.ts';
import { closedCategoryMarkup } from '../../renderer/entry-server.tsx';
import type { SidebarItem, SiteData } from '../../shared/page-data.ts';

const doc = (href: string, label = href): SidebarItem => ({ type: 'doc', label, href });
const cat = (key: string, items: SidebarItem[], collapsed = true, label = key): SidebarItem => ({ type: 'category', key, label, collapsed, items });

/** Closed and open categories at three levels, `collapsed: false` inside a closed one, an empty one, markup in labels, a page listed twice. */
const tree: SidebarItem[] = [
  doc('/', 'Intro <b>&amp;</b> "quotes"'),
  cat('empty', []),
  cat('api', [cat('api/deep', [doc('/api/deep/x', 'Платежи: «ёлки»')]), doc('/api/a'), cat('api/open', [doc('/api/open/b'), doc('/shared')], false)], true, 'API & co'),
  cat('more', [cat('more/inner', [cat('more/inner/third', [doc('/more/inner/third/y')]), doc('/more/inner/z')]), doc('/shared'), doc('/more/c')]),
  doc('/changelog'),
];
const currents = ['/', '/api/deep/x', '/api/a', '/api/open/b', '/shared', '/more/inner/third/y', '/more/inner/z', '/more/c', '/elsewhere'];

function render(current: string, markup?: ReadonlyMap<string, string>): string {
  const runtime: Runtime = { site: { strings: { 'nav.docsSidebar': 'Docs sidebar' } } as SiteData, client: false };
  const sidebar = createElement(Sidebar, { items: tree, current, open: new Set(initialOpenKeys(tree, current)), onToggle: () => undefined });
  return renderToString(createElement(RuntimeContext.Provider, { value: runtime }, createElement(ClosedCategoryMarkup.Provider, { value: markup }, sidebar)));
}

describe('renderer/entry-server: closedCategoryMarkup', () => {
  it('gives every page the sidebar markup that rendering its closed categories there gives', () => {
    const markup = closedCategoryMarkup(tree);
    // Every category, at the level of the list it is in.
    expect(markup.size).toBe(7);
    for (const current of currents) expect(render(current, markup), current).toBe(render(current));
  });

  it('is what the pages use for their closed categories, and only for those', () => {
    const markup = new Map([...closedCategoryMarkup(tree)].map(([key, html]) => [key, `<i data-memo="${key}"></i>${html}`]));
    const used = (current: string) => [...render(current, markup).matchAll(/data-memo="([^"]+)"/g)].map((m) => m[1]);
    // On /api/deep/x, `api` and `api/deep` hold the page and are open; `api/open` is open (collapsed: false).
    expect(used('/api/deep/x')).toEqual(['1 empty', '1 more']);
    // On /more/inner/third/y, the open `more` shows `more/inner` open and its own closed category none.
    expect(used('/more/inner/third/y')).toEqual(['1 empty', '1 api']);
    expect(used('/elsewhere')).toEqual(['1 empty', '1 api', '1 more']);
  });

  it('renders each sidebar once, whatever the number of pages', () => {
    expect(closedCategoryMarkup(tree)).toBe(closedCategoryMarkup(tree));
    expect(closedCategoryMarkup([...tree])).not.toBe(closedCategoryMarkup(tree));
  });
});
