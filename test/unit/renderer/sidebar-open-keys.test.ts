import { describe, expect, it } from 'vitest';
import { initialOpenKeys, newlyExpandedKeys, openKeysFor } from '../../../renderer/components/Sidebar.tsx';
import type { SidebarItem } from '../../../shared/page-data.ts';

const doc = (href: string): SidebarItem => ({ type: 'doc', label: href, href });
const cat = (key: string, items: SidebarItem[]): SidebarItem => ({ type: 'category', label: key, key, collapsed: true, items });

/** The definition: every category that holds the page, outermost first, in a depth-first walk (the old tree walk). */
function reference(items: SidebarItem[], href: string, out: string[] = []): string[] {
  const contains = (list: SidebarItem[]): boolean => list.some((i) => (i.type === 'doc' ? i.href === href : contains(i.items)));
  for (const i of items) {
    if (i.type === 'category' && contains(i.items)) {
      out.push(i.key);
      reference(i.items, href, out);
    }
  }
  return out;
}

const SIDEBAR: SidebarItem[] = [
  doc('/'),
  cat('api', [doc('/api/a'), cat('api/p2p', [doc('/api/p2p/x'), cat('api/p2p/deep', [doc('/api/p2p/deep/y'), doc('/shared')])])]),
  cat('services', [cat('services/br', [doc('/services/br/pix')]), doc('/shared'), cat('services/in', [doc('/services/in/upi'), doc('/shared')])]),
  doc('/changelog'),
];

describe('renderer/components/Sidebar: openKeysFor', () => {
  it('gives the categories that hold a page, outermost first, as the depth-first walk does (a page listed in several places too)', () => {
    expect(openKeysFor(SIDEBAR, '/api/p2p/deep/y')).toEqual(['api', 'api/p2p', 'api/p2p/deep']);
    expect(openKeysFor(SIDEBAR, '/shared')).toEqual(['api', 'api/p2p', 'api/p2p/deep', 'services', 'services/in']);
    expect(openKeysFor(SIDEBAR, '/')).toEqual([]);
    expect(openKeysFor(SIDEBAR, '/nowhere')).toEqual([]);
    const hrefs = ['/', '/api/a', '/api/p2p/x', '/api/p2p/deep/y', '/shared', '/services/br/pix', '/services/in/upi', '/changelog', '/nowhere'];
    for (const href of hrefs) expect(openKeysFor(SIDEBAR, href), href).toEqual(reference(SIDEBAR, href));
  });

  it('hands out a copy: changing what it returned does not change the next answer', () => {
    openKeysFor(SIDEBAR, '/api/a').push('changed');
    expect(openKeysFor(SIDEBAR, '/api/a')).toEqual(['api']);
  });

  it('answers for every page of a 20 000-page sidebar (the case it is built for: one walk per sidebar, not one per page)', () => {
    const big: SidebarItem[] = Array.from({ length: 200 }, (_, c) => cat(`c${c}`, Array.from({ length: 100 }, (_, d) => doc(`/c${c}/d${d}`))));
    let found = 0;
    for (let c = 0; c < 200; c++) for (let d = 0; d < 100; d++) found += openKeysFor(big, `/c${c}/d${d}`).length;
    expect(found).toBe(20_000);
    expect(openKeysFor(big, '/c199/d99')).toEqual(['c199']);
  });
});

describe('renderer/components/Sidebar: initialOpenKeys and newlyExpandedKeys (`collapsed: false`)', () => {
  const open = (key: string, items: SidebarItem[]): SidebarItem => ({ type: 'category', label: key, key, collapsed: false, items });
  const TREE: SidebarItem[] = [doc('/'), cat('api', [doc('/api/a'), open('api/refunds', [doc('/api/refunds/r')])]), open('guides', [doc('/guides/g')])];

  it('opens, on a page, the categories that hold it and every one written collapsed: false, at any depth', () => {
    expect(initialOpenKeys(TREE, '/')).toEqual(['api/refunds', 'guides']);
    expect(initialOpenKeys(TREE, '/api/a')).toEqual(['api', 'api/refunds', 'guides']);
    expect(initialOpenKeys(TREE, '/api/refunds/r')).toEqual(['api', 'api/refunds', 'guides']);
    // A move to another page opens only what holds it: what the reader closed stays closed.
    expect(openKeysFor(TREE, '/guides/g')).toEqual(['guides']);
  });

  it('gives the collapsed: false categories a new tree brings that the old one did not have', () => {
    const read: SidebarItem[] = [doc('/'), cat('api', [doc('/api/a')]), { ...open('guides', [doc('/guides/g')]) }];
    expect(newlyExpandedKeys(read, TREE)).toEqual(['api/refunds']);
    expect(newlyExpandedKeys([], TREE)).toEqual(['api/refunds', 'guides']);
    expect(newlyExpandedKeys(TREE, TREE)).toEqual([]);
  });
});
