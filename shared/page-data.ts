import type { ThemeStrings } from './i18n/strings.ts';

/**
 * The contract between the build and the browser: what each page chunk and the per-locale
 * site module carry. Plain JSON-safe data only.
 */

export interface TocItem {
  id: string;
  text: string;
  level: number;
}

export interface SidebarDoc {
  type: 'doc';
  label: string;
  href: string;
}

export interface SidebarCategory {
  type: 'category';
  label: string;
  /** Folder path, stable across locales: `api/p2p`. */
  key: string;
  collapsed: boolean;
  items: SidebarItem[];
}

export type SidebarItem = SidebarDoc | SidebarCategory;

export interface NavLink {
  label: string;
  href: string;
}

export interface Alternate {
  locale: string;
  hrefLang: string;
  href: string;
}

/** One route's data: inlined in its HTML for hydration, and served as a hashed chunk for client navigation. */
export interface PageData {
  kind: 'doc' | 'page' | 'notFound';
  locale: string;
  /** Site path with base and locale prefix. */
  href: string;
  title: string;
  description: string;
  /** Compiled Markdown; absent in the inline copy (the DOM already has it). */
  html?: string;
  toc: TocItem[];
  hideToc: boolean;
  breadcrumbs: NavLink[];
  prev?: NavLink;
  next?: NavLink;
  noindex: boolean;
  /** Same page in every locale. */
  alternates: Alternate[];
  /** Custom React page name (`landing`, `search`). */
  component?: string;
  /** Translation state of a non-default-locale doc. */
  translation?: 'missing' | 'outdated';
  /** URL of this page's Markdown source as served (`/api/x.md`). */
  markdownHref?: string;
  /** Atom feed of this page's entries (the changelog): `<link rel="alternate" type="application/atom+xml">`. */
  feed?: { href: string; title: string };
}

export interface NavbarItemData {
  type: 'link' | 'external' | 'localeDropdown';
  label?: string;
  href?: string;
  icon?: string;
  position: 'left' | 'right';
}

export interface LocaleData {
  locale: string;
  label: string;
  htmlLang: string;
  direction: 'ltr' | 'rtl';
  /** Home of the locale: `/` or `/ru/`. */
  home: string;
}

/** Everything shared by the pages of a locale: shipped once as a hashed module, cached across pages. */
export interface SiteData {
  locale: string;
  siteUrl: string;
  baseUrl: string;
  title: string;
  brand: string;
  noIndex: boolean;
  baseUrlIssueBanner: boolean;
  locales: LocaleData[];
  navbar: { hideOnScroll: boolean; logo?: string; items: NavbarItemData[] };
  copyright: string;
  announcementBar?: { id: string; content: string; dismissible: boolean };
  search: {
    suggestions: number;
    excerptLength: number;
    highlightOnTarget: boolean;
    shortcut: boolean;
    /** The sections results can be narrowed to: a top-level sidebar category's key and label. */
    contexts: { key: string; label: string }[];
  };
  /** Search files of this locale and docs version (content-hashed URLs); absent when nothing was indexed. */
  searchFiles?: { worker: string; index: string; version: string };
  version: { name: string; label: string };
  /**
   * The `docs` sidebar: the whole tree on the server. Empty in the site module: in the browser it is
   * the part the server rendered into the page (`readSidebar`, where `collapsed` says whether a
   * category was rendered closed), and the app keeps the whole tree, loaded from `sidebarModule`,
   * in its own state. Custom pages get it empty on both sides.
   */
  sidebar: SidebarItem[];
  /** URL of the module whose default export is the whole `sidebar`. */
  sidebarModule?: string;
  /**
   * Site path -> page chunk URL, for every route of this locale. Empty in the site module: the
   * browser fills it from `routesModule` once the page is interactive (it is not needed to render
   * or hydrate, and is the largest part of the data). Until then links load pages the usual way.
   */
  routes: Record<string, string>;
  /** URL of the module whose default export is `routes`. */
  routesModule?: string;
  /** The theme's interface strings in this locale (only this one ships to the browser). */
  strings: ThemeStrings;
  /** Path of the same page in each other locale: site path -> { locale: path }. Absent: same route exists. */
  favicon: string;
}

/** Inline bootstrap data in each HTML page. */
export interface BootData {
  page: PageData;
  siteModule: string;
}
