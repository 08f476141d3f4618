import { createHash, type Hash } from 'node:crypto';
import { localizedText, type PaydocsConfig } from '../../../config/index.ts';
import { headScript, renderPage, type PageAssets } from '../../../renderer/entry-server.tsx';
import { contentSecurityPolicy, inlineScripts, scriptHash } from './content-security-policy.ts';
import { stringsFor, type ThemeStrings } from '../../../shared/i18n/strings.ts';
import type { LocaleData, NavbarItemData, PageData, SidebarItem, SiteData } from '../../../shared/page-data.ts';
import type { LocaleRoutes, Route } from '../routes/build-routes.ts';
import { errorText, PaydocsError } from '../../diagnostics.ts';
import type { CustomPageModule } from '../load/custom-pages.ts';
import { localePrefix, outputFileOf, sitePath } from '../routes/site-paths.ts';
import { markdownPathOf } from '../emit/write-llms.ts';
import { BUILD_ONLY_STRINGS } from '../compile/directives.ts';

export function contentHash(data: string | Uint8Array, length = 10): string {
  return shortDigest(createHash('sha256').update(data), length);
}

function shortDigest(hash: Hash, length = 10): string {
  return hash.digest('base64url').replace(/[-_]/g, '').slice(0, length);
}

export interface ClientAssets {
  entry: string;
  preload: string[];
  css: string[];
  pageChunks: Record<string, string>;
}

export interface RenderedSite {
  /**
   * Every emitted file except HTML: page chunks and site modules. Without a `chunkCache` (a build) a page
   * chunk is a function that serializes it as it is written: held as text until the emit, every page's
   * data was in memory twice (about 9 % of a 4,500-page build's peak).
   */
  files: Map<string, string | (() => string)>;
  /** `dist/`-relative HTML file -> renders it (lazy, so the dev server renders only what is asked). */
  html: Map<string, () => string>;
  /** Per locale, site path -> page data (with html), for other stages (search, llms.txt, sitemap). */
  pages: Map<string, Map<string, PageData>>;
  /** Site path -> URL of its page chunk. */
  chunkOf: Map<string, string>;
  /** The CSP hash of every inline script the pages carry (`'sha256-…'`), for the site-wide header. */
  scriptHashes: Set<string>;
}

export function localesData(config: PaydocsConfig): LocaleData[] {
  return config.i18n.locales.map((l) => {
    const c = config.i18n.localeConfigs[l];
    return { locale: l, label: c?.label ?? l, htmlLang: c?.htmlLang ?? l, direction: c?.direction ?? 'ltr', home: localePrefix(config, l) };
  });
}

function navbarItems(config: PaydocsConfig, locale: string): NavbarItemData[] {
  const def = config.i18n.defaultLocale;
  return config.navbar.items.map((item) => {
    if (item.type === 'localeDropdown') return { type: item.type, position: item.position };
    if (item.type === 'external') return { type: item.type, label: localizedText(item.label, locale, def), href: item.href, icon: item.icon, position: item.position };
    return { type: item.type, label: localizedText(item.label, locale, def), href: sitePath(config, locale, item.to), icon: item.icon, position: item.position };
  });
}

function pageDataOf(route: Route, config: PaydocsConfig, custom: Map<string, CustomPageModule>, feed?: PageData['feed']): PageData {
  if (route.kind === 'page') {
    const mod = custom.get(route.component)!;
    const def = config.i18n.defaultLocale;
    return {
      kind: 'page',
      locale: route.locale,
      href: route.href,
      title: localizedText(mod.meta.title, route.locale, def),
      description: localizedText(mod.meta.description, route.locale, def),
      toc: [],
      hideToc: true,
      breadcrumbs: [],
      noindex: mod.meta.noindex ?? false,
      alternates: route.alternates,
      component: route.component,
    };
  }
  const { page } = route;
  const fm = page.doc.frontmatter;
  const strings = stringsFor(route.locale);
  return {
    kind: 'doc',
    locale: route.locale,
    href: route.href,
    title: fm.title,
    description: fm.description ?? '',
    html: page.html,
    toc: page.toc,
    hideToc: fm.hide_table_of_contents,
    breadcrumbs: route.breadcrumbs.map((c, i) => (i === 0 && c.label === '' ? { ...c, label: strings['nav.home'] } : c)),
    prev: route.prev,
    next: route.next,
    noindex: fm.noindex,
    alternates: route.alternates,
    translation: page.doc.translation,
    markdownHref: markdownPathOf(route.href),
    feed,
  };
}

/** The locale's strings the theme components use: all but those only the build renders (`ThemeStrings`). */
export function themeStrings(locale: string): ThemeStrings {
  return Object.fromEntries(Object.entries(stringsFor(locale)).filter(([key]) => !BUILD_ONLY_STRINGS.some((p) => key.startsWith(p)))) as ThemeStrings;
}

export interface PageChunk {
  html: string | undefined;
  /** The data without its HTML, serialized: what else must be equal to reuse the chunk. */
  meta: string;
  /** The module's text, kept only where chunks are cached (dev serves them from memory). */
  chunk: string | undefined;
  file: string;
}

const CHUNK_PREFIX = 'export default ';
/** The module of a page's chunk: its page data. */
const chunkText = (data: PageData): string => `${CHUNK_PREFIX}${JSON.stringify(data)};`;

/**
 * A page's chunk and its content-hashed file name. The previous chunk of the same page is reused when
 * its HTML is the same string (the compile cache hands back the same page while its source is
 * unchanged, so this is mostly a pointer comparison) and the rest of the data serializes the same.
 */
export function pageChunk(data: PageData, previous: PageChunk | undefined, keepText: boolean): PageChunk {
  const { html, ...rest } = data;
  const meta = JSON.stringify(rest);
  if (previous && previous.html === html && previous.meta === meta) return previous;
  // Named by what the chunk is made of (its wrapper, the rest of the data, the HTML), so naming it needs
  // no text of it: a build writes the text as it emits the file (see `RenderedSite.files`). With the
  // wrapper in the hash, a new way of writing chunks gets new names (assets/ is cached as immutable).
  const hash = createHash('sha256').update(CHUNK_PREFIX).update(meta);
  if (html !== undefined) hash.update('\n').update(html);
  return { html, meta, chunk: keepText ? chunkText(data) : undefined, file: `assets/p/${shortDigest(hash)}.js` };
}

/**
 * Runs the render of a React page (`content/pages/*.tsx`, the writer's code): an error it throws is a
 * diagnostic naming the file and line that threw when the stack maps back to the page or a file it
 * imports (the page's file otherwise), and the route; the original error is its `cause`.
 */
function renderCustomPage(mod: CustomPageModule, href: string, render: () => string): string {
  try {
    return render();
  } catch (error) {
    const position = mod.locate?.(error instanceof Error ? error.stack : undefined);
    const failure = new PaydocsError([{ severity: 'error', file: mod.file, ...position, rule: 'render', message: `rendering \`${href}\` failed: ${errorText(error)}` }]);
    failure.cause = error;
    // Code that describes a render error itself (the dev server's overlay) still reads the page's own
    // error in it: its name, message and stack. The build prints the diagnostic.
    if (error instanceof Error) Object.assign(failure, { name: error.name, message: error.message, stack: error.stack });
    throw failure;
  }
}

/** The label of the top-level sidebar category `key` (a search context), or the key itself. */
function categoryLabel(sidebar: SidebarItem[], key: string): string {
  const cat = sidebar.find((i) => i.type === 'category' && i.key === key);
  return cat?.label ?? key;
}

/** Page chunks, one site module per locale, and the HTML of every route plus each locale's 404. */
export function renderPages(input: {
  config: PaydocsConfig;
  locales: LocaleRoutes[];
  custom: CustomPageModule[];
  assets: ClientAssets;
  /** Locale -> its search worker and index URLs (from `buildSearchIndex`). */
  searchFiles?: Record<string, SiteData['searchFiles']>;
  /** Site path of a page -> its Atom feed (`writeFeeds`). */
  feeds?: ReadonlyMap<string, NonNullable<PageData['feed']>>;
  /** Page chunks of the previous render, by site path (dev: only the changed pages are serialized and hashed again). */
  chunkCache?: Map<string, PageChunk>;
}): RenderedSite {
  const { config, locales, assets } = input;
  const custom = new Map(input.custom.map((c) => [c.name, c]));
  const files: RenderedSite['files'] = new Map();
  const html = new Map<string, () => string>();
  const pages = new Map<string, Map<string, PageData>>();
  const chunkOf = new Map<string, string>();
  const localeList = localesData(config);
  const scriptHashes = new Set<string>();
  /**
   * A page's own Content-Security-Policy: the hash of its head script and, when the config allows
   * scripts in pages, of each inline script of its Markdown. Computed now, not when the page is
   * rendered, so that the site-wide header knows every hash before any file is written.
   */
  const policyOf = (site: SiteData, data: PageData): string => {
    const scripts = [headScript(site, data), ...(config.markdown.allowScripts && data.html ? inlineScripts(data.html) : [])];
    const hashes = scripts.map(scriptHash);
    for (const h of hashes) scriptHashes.add(h);
    return contentSecurityPolicy(hashes);
  };
  for (const { locale, sidebar, routes } of locales) {
    const byHref = new Map<string, PageData>();
    const routeMap: Record<string, string> = {};
    for (const route of routes) {
      const data = pageDataOf(route, config, custom, input.feeds?.get(route.href));
      byHref.set(route.href, data);
      const page = pageChunk(data, input.chunkCache?.get(route.href), input.chunkCache !== undefined);
      input.chunkCache?.set(route.href, page);
      const { chunk, file } = page;
      files.set(file, chunk ?? (() => chunkText(data)));
      routeMap[route.href] = config.baseUrl + file;
      chunkOf.set(route.href, config.baseUrl + file);
    }
    pages.set(locale, byHref);
    const site: SiteData = {
      locale,
      siteUrl: config.url,
      baseUrl: config.baseUrl,
      title: localizedText(config.title, locale, config.i18n.defaultLocale),
      brand: config.brand,
      noIndex: config.noIndex,
      baseUrlIssueBanner: config.baseUrlIssueBanner,
      locales: localeList,
      navbar: { hideOnScroll: config.navbar.hideOnScroll, logo: config.navbar.logo, items: navbarItems(config, locale) },
      copyright: config.theme.footer.copyright,
      announcementBar: config.theme.announcementBar
        ? { id: config.theme.announcementBar.id, content: localizedText(config.theme.announcementBar.content, locale, config.i18n.defaultLocale), dismissible: config.theme.announcementBar.dismissible }
        : undefined,
      search: { ...config.search, contexts: config.search.contexts.map((key) => ({ key, label: categoryLabel(sidebar, key) })) },
      searchFiles: input.searchFiles?.[locale],
      version: config.version,
      sidebar,
      routes: routeMap,
      favicon: config.favicon,
      strings: themeStrings(locale),
    };
    // The route map is not needed to render or hydrate a page, and is the largest part of the site
    // data: it ships as its own module, which the browser loads once the page is interactive.
    const routesModule = `export default ${JSON.stringify(routeMap)};`;
    const routesFile = `assets/routes-${locale}-${contentHash(routesModule)}.js`;
    files.set(routesFile, routesModule);
    site.routesModule = config.baseUrl + routesFile;
    // The sidebar tree grows with the pages, and a page hydrates with the part of it rendered into
    // its HTML: the whole tree is a module of its own too, loaded when the reader interacts.
    const sidebarModule = `export default ${JSON.stringify(sidebar)};`;
    const sidebarFile = `assets/sidebar-${locale}-${contentHash(sidebarModule)}.js`;
    files.set(sidebarFile, sidebarModule);
    site.sidebarModule = config.baseUrl + sidebarFile;
    const siteModule = `export default ${JSON.stringify({ ...site, routes: {}, sidebar: [] })};`;
    const siteFile = `assets/site-${locale}-${contentHash(siteModule)}.js`;
    files.set(siteFile, siteModule);
    const pageAssets = (data: PageData): PageAssets => ({
      css: assets.css,
      entry: assets.entry,
      preload: assets.preload,
      siteModule: config.baseUrl + siteFile,
      pageModule: data.component ? assets.pageChunks[data.component] : undefined,
    });
    for (const route of routes) {
      const data = byHref.get(route.href)!;
      const mod = route.kind === 'page' ? custom.get(route.component) : undefined;
      const csp = policyOf(site, data);
      const render = () => renderPage({ site, page: data, component: mod?.component, assets: pageAssets(data), contentSecurityPolicy: csp });
      html.set(outputFileOf(config, route.href), mod ? () => renderCustomPage(mod, route.href, render) : render);
    }
    const strings = stringsFor(locale);
    const notFound: PageData = {
      kind: 'notFound',
      locale,
      href: `${localePrefix(config, locale)}404.html`,
      title: strings['notFound.title'],
      description: strings['notFound.p1'],
      toc: [],
      hideToc: true,
      breadcrumbs: [],
      noindex: true,
      alternates: [],
    };
    const notFoundCsp = policyOf(site, notFound);
    html.set(`${localePrefix(config, locale).slice(config.baseUrl.length)}404.html`, () => renderPage({ site, page: notFound, assets: pageAssets(notFound), contentSecurityPolicy: notFoundCsp }));
  }
  return { files, html, pages, chunkOf, scriptHashes };
}
