import type { PaydocsConfig } from '../../../config/index.ts';
import type { Alternate, NavLink, SidebarCategory, SidebarItem } from '../../../shared/page-data.ts';
import type { CompiledPage } from '../compile/compile-markdown.ts';
import type { CategoryEntry } from '../load/load-content.ts';
import { sitePath } from './site-paths.ts';

export interface DocRoute {
  kind: 'doc';
  locale: string;
  href: string;
  page: CompiledPage;
  breadcrumbs: NavLink[];
  prev?: NavLink;
  next?: NavLink;
  alternates: Alternate[];
}

export interface CustomRoute {
  kind: 'page';
  locale: string;
  href: string;
  /** File name without `.tsx` in `content/pages/`. */
  component: string;
  alternates: Alternate[];
}

export type Route = DocRoute | CustomRoute;

export interface LocaleRoutes {
  locale: string;
  sidebar: SidebarItem[];
  routes: Route[];
}

function prettify(segment: string): string {
  const s = segment.replace(/[_-]+/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

interface Node {
  key: string;
  category?: CategoryEntry;
  docs: CompiledPage[];
  children: Map<string, Node>;
}

function order(pos: number | undefined, name: string): [number, string] {
  return [pos ?? Number.POSITIVE_INFINITY, name];
}

/** The `docs` sidebar from the folder tree: categories from `_category_.yml`, order from positions then names. */
export function buildSidebar(pages: CompiledPage[], categories: Map<string, CategoryEntry>): SidebarItem[] {
  const root: Node = { key: '', docs: [], children: new Map() };
  for (const page of pages) {
    const parts = page.doc.relPath.split('/');
    parts.pop();
    let node = root;
    let key = '';
    for (const part of parts) {
      key = key ? `${key}/${part}` : part;
      let child = node.children.get(part);
      if (!child) {
        child = { key, category: categories.get(key), docs: [], children: new Map() };
        node.children.set(part, child);
      }
      node = child;
    }
    node.docs.push(page);
  }
  const build = (node: Node): SidebarItem[] => {
    const entries: Array<{ sort: [number, string]; item: SidebarItem }> = [];
    for (const page of node.docs) {
      const fm = page.doc.frontmatter;
      const name = page.doc.relPath.split('/').pop()!;
      // A folder's own page (index.md, README.md) opens its folder, unless it says where it goes.
      const folderPage = /^(?:index|readme)\.md$/i.test(name);
      entries.push({ sort: folderPage && fm.sidebar_position === undefined ? [Number.NEGATIVE_INFINITY, name] : order(fm.sidebar_position, name), item: { type: 'doc', label: fm.sidebar_label ?? fm.title, href: page.href } });
    }
    for (const [name, child] of node.children) {
      const cat: SidebarCategory = { type: 'category', key: child.key, label: child.category?.label ?? prettify(name), collapsed: child.category?.collapsed ?? true, items: build(child) };
      entries.push({ sort: order(child.category?.position, name), item: cat });
    }
    entries.sort((a, b) => a.sort[0] - b.sort[0] || a.sort[1].localeCompare(b.sort[1]));
    return entries.map((e) => e.item);
  };
  return build(root);
}

/** Doc hrefs in reading order, with the category trail of each. */
function flatten(items: SidebarItem[], trail: NavLink[] = [], out: Array<{ link: NavLink; trail: NavLink[] }> = []) {
  for (const item of items) {
    if (item.type === 'doc') out.push({ link: { label: item.label, href: item.href }, trail });
    else {
      const first = firstDoc(item.items);
      flatten(item.items, [...trail, { label: item.label, href: first ?? '' }], out);
    }
  }
  return out;
}

function firstDoc(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    if (item.type === 'doc') return item.href;
    const inner = firstDoc(item.items);
    if (inner) return inner;
  }
  return undefined;
}

export interface BuildRoutesInput {
  config: PaydocsConfig;
  pages: Map<string, CompiledPage[]>;
  categories: Map<string, Map<string, CategoryEntry>>;
  /** Custom page names from `content/pages/`. */
  customPages: string[];
}

/** One route per doc and locale, custom pages in every locale, the sidebar, breadcrumbs and prev/next. */
export function buildRoutes({ config, pages, categories, customPages }: BuildRoutesInput): LocaleRoutes[] {
  const locales = config.i18n.locales;
  const hrefLang = (l: string) => config.i18n.localeConfigs[l]?.htmlLang ?? l;
  const alternatesOf = (route: string): Alternate[] => locales.map((l) => ({ locale: l, hrefLang: hrefLang(l), href: sitePath(config, l, route) }));
  return locales.map((locale) => {
    const list = pages.get(locale) ?? [];
    const sidebar = buildSidebar(list, categories.get(locale) ?? new Map());
    const flat = flatten(sidebar);
    const index = new Map(flat.map((f, i) => [f.link.href, i]));
    const byId = new Map(list.map((p) => [p.doc.id, p]));
    const titleOf = new Map(list.map((p) => [p.href, p.doc.frontmatter.title]));
    // Previous/next are labelled with the target's title, not its sidebar label: a sidebar label is
    // short because the categories around it give the context ("Payout" under "PicPay"), and it
    // repeats across providers, so both buttons of a page could read "Pay-in (payment page)". The
    // title (the target's h1 and <title>) stands on its own.
    const pageLink = (href: string): NavLink => ({ label: titleOf.get(href) ?? href, href });
    const linkTo = (id: string | null | undefined, fallback: string | undefined): NavLink | undefined => {
      if (id === null) return undefined;
      const p = id === undefined ? undefined : byId.get(id);
      const href = p ? p.href : fallback;
      return href === undefined ? undefined : pageLink(href);
    };
    const routes: Route[] = list.map((page) => {
      const i = index.get(page.href);
      const entry = i === undefined ? undefined : flat[i];
      const homeCrumb = { label: '', href: sitePath(config, locale, '/') };
      return {
        kind: 'doc',
        locale,
        href: page.href,
        page,
        breadcrumbs: page.doc.route === '/' ? [] : [homeCrumb, ...(entry?.trail ?? []), { label: page.doc.frontmatter.sidebar_label ?? page.doc.frontmatter.title, href: page.href }],
        prev: linkTo(page.doc.frontmatter.pagination_prev, i !== undefined && i > 0 ? flat[i - 1]!.link.href : undefined),
        next: linkTo(page.doc.frontmatter.pagination_next, i !== undefined && i < flat.length - 1 ? flat[i + 1]!.link.href : undefined),
        alternates: alternatesOf(page.doc.route),
      } satisfies DocRoute;
    });
    for (const name of customPages) {
      routes.push({ kind: 'page', locale, href: sitePath(config, locale, `/${name}`), component: name, alternates: alternatesOf(`/${name}`) });
    }
    return { locale, sidebar, routes };
  });
}
