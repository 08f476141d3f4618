import { useEffect, useMemo, useRef } from 'react';
import { useT } from '../context.ts';
import { useDelayedFlag } from '../hooks/use-delayed-flag.ts';
import type { SidebarItem } from '../../shared/page-data.ts';

/**
 * Page -> the keys of the categories it is in, outermost first (in the order of a depth-first walk),
 * computed once per sidebar: looking them up for each page walked the whole tree, so rendering every
 * page of a site cost pages x sidebar items (25 s of a 22 500-page build).
 */
function ancestorsOf(items: SidebarItem[]): Map<string, string[]> {
  let map = ancestorMaps.get(items);
  if (!map) {
    const found = new Map<string, string[]>();
    const walk = (list: SidebarItem[], stack: string[]) => {
      for (const i of list) {
        if (i.type === 'doc') {
          const keys = found.get(i.href) ?? [];
          for (const k of stack) if (!keys.includes(k)) keys.push(k);
          found.set(i.href, keys);
        } else walk(i.items, [...stack, i.key]);
      }
    };
    walk(items, []);
    map = found;
    ancestorMaps.set(items, map);
  }
  return map;
}
const ancestorMaps = new WeakMap<SidebarItem[], Map<string, string[]>>();

/** The first page of a category, depth first: where a closed category leads without JavaScript. */
function firstDoc(items: SidebarItem[]): SidebarItem | undefined {
  for (const i of items) {
    const hit = i.type === 'doc' ? i : firstDoc(i.items);
    if (hit) return hit;
  }
  return undefined;
}

/** Category keys that hold the page: they open when the reader comes to it. */
export function openKeysFor(items: SidebarItem[], href: string): string[] {
  return [...(ancestorsOf(items).get(href) ?? [])];
}

/** Keys of the categories written `collapsed: false` (in `_category_.yml`), at any depth; once per sidebar, as `ancestorsOf`. */
function expandedKeys(items: SidebarItem[]): string[] {
  let keys = expandedMaps.get(items);
  if (!keys) {
    const found: string[] = [];
    const walk = (list: SidebarItem[]) => {
      for (const i of list) {
        if (i.type !== 'category') continue;
        if (!i.collapsed) found.push(i.key);
        walk(i.items);
      }
    };
    walk(items);
    keys = found;
    expandedMaps.set(items, keys);
  }
  return keys;
}
const expandedMaps = new WeakMap<SidebarItem[], string[]>();

/**
 * The categories open when a page loads: those that hold it and those written `collapsed: false`.
 * Later moves open only the categories of the new page, so one the reader closed stays closed.
 */
export function initialOpenKeys(items: SidebarItem[], href: string): string[] {
  return [...new Set([...openKeysFor(items, href), ...expandedKeys(items)])];
}

/**
 * When a sidebar replaces another (the whole tree arriving after the part read from the page), the
 * `collapsed: false` categories the old one did not have: they start open as they first appear.
 */
export function newlyExpandedKeys(before: SidebarItem[], after: SidebarItem[]): string[] {
  const known = new Set<string>();
  const walk = (list: SidebarItem[]) => {
    for (const i of list) if (i.type === 'category') (known.add(i.key), walk(i.items));
  };
  walk(before);
  return expandedKeys(after).filter((k) => !known.has(k));
}

/**
 * The sidebar as the server rendered it into the page: what hydrating it needs, so the page's code
 * does not carry the whole tree (which grows with the pages: 4 of the 6 KB gzip of the Russian
 * site module). It reads what `Items` and `Peek` write: a category rendered open has all its items
 * and reads as `collapsed: false`; a closed one holds only its first page (`data-peek`) and reads
 * as `collapsed: true`, with that page as its one item. Rendered again with `initialOpenKeys` of
 * what it returns, it gives the same markup (test/e2e/sidebar-dom.test.ts). The whole tree loads on
 * the reader's first sign of interaction; another page is shown only with it, and a category opened
 * before it is in lists its first page and, after 200 ms, "Loading…".
 */
export function readSidebar(nav: Element | null): SidebarItem[] {
  const list = nav?.querySelector(':scope > ul.menu__list');
  return list ? readList(list) : [];
}

function readList(list: Element): SidebarItem[] {
  const items: SidebarItem[] = [];
  for (const li of Array.from(list.children)) {
    const el = li.firstElementChild;
    if (el?.localName === 'a') items.push({ type: 'doc', label: el.textContent ?? '', href: el.getAttribute('href') ?? '' });
    else if (el?.localName === 'details') {
      const sub = el.querySelector(':scope > ul');
      items.push({
        type: 'category',
        key: el.getAttribute('data-key') ?? '',
        label: el.querySelector(':scope > summary')?.textContent ?? '',
        // A closed category with no page at all renders no list.
        collapsed: !sub || sub.hasAttribute('data-peek'),
        items: sub ? readList(sub) : [],
      });
    }
  }
  return items;
}

interface Props {
  items: SidebarItem[];
  /**
   * `whole`: `items` is the whole tree. `partial`: the part read from the page, the whole tree on
   * its way (a closed category of it holds only its first page); `failed`: it could not be loaded.
   */
  tree?: 'whole' | 'partial' | 'failed';
  current: string;
  open: ReadonlySet<string>;
  onToggle: (key: string, open: boolean) => void;
}

function Items({ items, tree, current, open, onToggle, level, active }: Props & { level: number; active: ReadonlySet<string> }) {
  return (
    <ul className={`menu__list menu__list--l${level}`}>
      {items.map((item) => {
        if (item.type === 'doc') {
          return (
            <li key={item.href} className="menu__item">
              <a className={`menu__link${item.href === current ? ' menu__link--active' : ''}`} href={item.href} aria-current={item.href === current ? 'page' : undefined}>
                {item.label}
              </a>
            </li>
          );
        }
        return (
          <li key={item.key} className="menu__item">
            <Category item={item} tree={tree} current={current} open={open} onToggle={onToggle} level={level} active={active} />
          </li>
        );
      })}
    </ul>
  );
}

/** One category of a list at `level`: a `<details>` with its items when open, its first page when closed. */
export function Category({ item, tree, current, open, onToggle, level, active }: Omit<Props, 'items'> & { item: Extract<SidebarItem, { type: 'category' }>; level: number; active: ReadonlySet<string> }) {
  return (
    <details
      className="menu__category"
      data-key={item.key}
      open={open.has(item.key)}
      onToggle={(e) => {
        const isOpen = (e.currentTarget as HTMLDetailsElement).open;
        if (isOpen !== open.has(item.key)) onToggle(item.key, isOpen);
      }}
    >
      <summary className={`menu__caret${active.has(item.key) ? ' menu__caret--active' : ''}`}>{item.label}</summary>
      {/* Opened before the whole tree is in, a category closed in the page still has only its first page. */}
      {!open.has(item.key) || (tree && tree !== 'whole' && item.collapsed) ? (
        <Peek items={item.items} level={level + 1} loading={open.has(item.key) && tree === 'partial'} />
      ) : (
        <Items items={item.items} tree={tree} current={current} open={open} onToggle={onToggle} level={level + 1} active={active} />
      )}
    </details>
  );
}

/**
 * A closed category's items are rendered when it opens, not in every page's HTML: the whole tree in
 * each page made the HTML grow with pages x sidebar items (40 of the 55 KB of a cabinet page). Until
 * then, and for a reader without JavaScript (whose browser opens the <details> by itself), it holds a
 * link to its first page, which renders with the category open. `loading`: opened while the whole
 * tree is on its way; after 200 ms (as every lazy load) a line says so. Without the tree (offline)
 * the first page stays, its link leading to the category, open.
 */
function Peek({ items, level, loading = false }: { items: SidebarItem[]; level: number; loading?: boolean }) {
  const first = firstDoc(items);
  if (first?.type !== 'doc') return null;
  return (
    <ul className={`menu__list menu__list--l${level}`} data-peek="" aria-busy={loading || undefined}>
      <li className="menu__item">
        <a className="menu__link" href={first.href}>
          {first.label}
        </a>
      </li>
      {loading && <LoadingLine />}
    </ul>
  );
}

function LoadingLine() {
  const t = useT();
  return useDelayedFlag(true) ? <li className="menu__item menu__pending">{t('loading')}</li> : null;
}

/**
 * The `docs` sidebar: collapsible categories as `<details>` (they work without JavaScript),
 * the current page highlighted and scrolled into view inside the sidebar's own scroll box, the
 * `<nav>` itself (the sticky column on desktop, the list below the drawer's header on mobile), on
 * each page change and when `revealKey` changes (the drawer opening). Never an ancestor: scrolling
 * the drawer moved its header (the close button, the navbar items) off the screen, and the window
 * must not move either.
 */
export function Sidebar(props: Props & { revealKey?: unknown }) {
  const t = useT();
  const ref = useRef<HTMLElement>(null);
  const { current, revealKey, open, onToggle } = props;
  // The categories holding the current page: their carets are marked.
  const active = useMemo(() => new Set(openKeysFor(props.items, current)), [props.items, current]);
  // A <details> the reader opened before hydration: its toggle event came before React listened,
  // so the state still says closed (and the category holds only its first link). Adopt it once.
  useEffect(() => {
    for (const d of ref.current?.querySelectorAll<HTMLDetailsElement>('details.menu__category[data-key]') ?? []) {
      const key = d.dataset.key!;
      if (d.open !== open.has(key)) onToggle(key, d.open);
    }
    // Only at mount: later toggles arrive through onToggle.
  }, []);
  useEffect(() => {
    const scroller = ref.current;
    const active = scroller?.querySelector<HTMLElement>('.menu__link--active');
    if (!scroller || !active || scroller.scrollHeight <= scroller.clientHeight) return;
    const box = scroller.getBoundingClientRect();
    const r = active.getBoundingClientRect();
    if (r.top < box.top || r.bottom > box.bottom) scroller.scrollTop += r.top - box.top - (box.height - r.height) / 2;
  }, [current, revealKey]);
  return (
    <nav ref={ref} className="sidebar menu" aria-label={t('nav.docsSidebar')}>
      <Items {...props} level={1} active={active} />
    </nav>
  );
}
