import { localizedText, type PaydocsConfig } from '../../../config/index.ts';
import { format, stringsFor } from '../../../shared/i18n/strings.ts';
import type { PageData, SidebarItem } from '../../../shared/page-data.ts';
import type { DocRoute, LocaleRoutes } from '../routes/build-routes.ts';
import type { CompiledPage } from '../compile/compile-markdown.ts';
import { localePrefix } from '../routes/site-paths.ts';
import { encodePath } from '../../../shared/url.ts';

/**
 * Site path of a page's Markdown twin: `/api/x` -> `/api/x.md`, a locale home `/ru/` -> `/ru/index.md`.
 * The browser's "Copy page as Markdown" button and llms.txt link to it.
 */
export function markdownPathOf(href: string): string {
  return href.endsWith('/') ? `${href}index.md` : `${href}.md`;
}

/** `{#id}` at the end of a heading line is paydocs markup, not Markdown: tools get the plain heading. */
function stripHeadingIds(body: string): string {
  let fence: string | undefined;
  return body
    .split('\n')
    .map((line) => {
      const f = /^\s*(`{3,}|~{3,})/.exec(line);
      if (f) {
        if (!fence) fence = f[1]![0]!;
        else if (f[1]![0] === fence) fence = undefined;
        return line;
      }
      return !fence && /^#{1,6}\s/.test(line) ? line.replace(/\s*\{#[^}\s]+\}\s*$/, '') : line;
    })
    .join('\n');
}

/** Link text for Markdown: brackets and backslashes escaped, one line. */
function linkText(s: string): string {
  return s.replace(/[\\[\]]/g, '\\$&').replace(/\s+/g, ' ');
}

/** The body with each content directive (`::api-operation{…}`) replaced by the Markdown of what it rendered. */
function withDirectives(body: string, markdown: CompiledPage['markdown']): string {
  if (!markdown?.length) return body;
  let out = '';
  let at = 0;
  for (const [start, end, text] of [...markdown].sort((a, b) => a[0] - b[0])) {
    out += body.slice(at, start) + text;
    at = end;
  }
  return out + body.slice(at);
}

/** The Markdown served at `<path>.md`: title, description, a translation notice where due, the source. */
export function pageMarkdown(route: DocRoute): string {
  const { doc } = route.page;
  const fm = doc.frontmatter;
  const strings = stringsFor(route.locale);
  const parts = [`# ${fm.title.replace(/\s+/g, ' ')}`];
  if (fm.description) parts.push(`> ${fm.description.replace(/\s+/g, ' ')}`);
  if (doc.translation) parts.push(`> ${strings[doc.translation === 'missing' ? 'i18n.missing' : 'i18n.outdated']}`);
  parts.push(stripHeadingIds(withDirectives(doc.body, route.page.markdown)).trim());
  return `${parts.join('\n\n')}\n`;
}

interface Section {
  title: string;
  routes: DocRoute[];
}

/** Sidebar order, one section per top-level category (docs at the top level go first, under the site title). */
function sectionsOf(sidebar: SidebarItem[], byHref: Map<string, DocRoute>, topTitle: string): Section[] {
  const top: Section = { title: topTitle, routes: [] };
  const out: Section[] = [top];
  const collect = (items: SidebarItem[], into: DocRoute[]) => {
    for (const item of items) {
      if (item.type === 'doc') {
        const r = byHref.get(item.href);
        if (r) into.push(r);
      } else collect(item.items, into);
    }
  };
  for (const item of sidebar) {
    if (item.type === 'doc') collect([item], top.routes);
    else {
      const section: Section = { title: item.label, routes: [] };
      collect(item.items, section.routes);
      out.push(section);
    }
  }
  return out.filter((s) => s.routes.length > 0);
}

/**
 * Site paths of the files the build writes beside the pages, which a page may link to: every page's
 * Markdown twin, each locale's `llms.txt` and `llms-full.txt` (here), `sitemap.xml` and `robots.txt`.
 */
export function generatedPaths(config: PaydocsConfig, locales: LocaleRoutes[]): string[] {
  const perLocale = locales.flatMap((l) => {
    const prefix = localePrefix(config, l.locale);
    return [...l.routes.map((r) => markdownPathOf(r.href)), `${prefix}llms.txt`, `${prefix}llms-full.txt`];
  });
  return [...perLocale, `${config.baseUrl}sitemap.xml`, `${config.baseUrl}robots.txt`];
}

/**
 * Machine-readable output (https://llmstxt.org): every doc as Markdown at `<path>.md`, and per locale
 * `llms.txt` (the index: title, description and Markdown URL of each page, in sidebar order) and
 * `llms-full.txt` (every page of the locale in one file). Returns `dist/`-relative files.
 */
export function writeLlms(config: PaydocsConfig, locales: LocaleRoutes[], pageData?: Map<string, Map<string, PageData>>): Map<string, string> {
  const files = new Map<string, string>();
  const abs = (p: string) => config.url + encodePath(p);
  const rel = (p: string) => p.slice(config.baseUrl.length);
  const others = (locale: string) =>
    locales
      .filter((l) => l.locale !== locale)
      .map((l) => `- [${linkText(config.i18n.localeConfigs[l.locale]?.label ?? l.locale)}](${abs(localePrefix(config, l.locale))}llms.txt)`);
  for (const { locale, sidebar, routes } of locales) {
    const docs = routes.filter((r): r is DocRoute => r.kind === 'doc');
    // A React page has no Markdown source: its twin carries its title and description.
    for (const route of routes) {
      const data = route.kind === 'page' ? pageData?.get(locale)?.get(route.href) : undefined;
      if (data) files.set(rel(markdownPathOf(route.href)), `# ${data.title.replace(/\s+/g, ' ')}\n\n> ${data.description.replace(/\s+/g, ' ')}\n\n${abs(route.href)}\n`);
    }
    const byHref = new Map(docs.map((r) => [r.href, r]));
    const title = localizedText(config.title, locale, config.i18n.defaultLocale);
    const sections = sectionsOf(sidebar, byHref, title);
    const ordered = [...new Set([...sections.flatMap((s) => s.routes), ...docs])];
    const full: string[] = [];
    for (const route of ordered) {
      const md = pageMarkdown(route);
      files.set(rel(markdownPathOf(route.href)), md);
      // A missing translation is the English page: llms-full.txt of this locale leaves it out.
      if (route.page.doc.translation !== 'missing') full.push(`<!-- ${abs(route.href)} -->\n${md}`);
    }
    const prefix = localePrefix(config, locale);
    const lines = [`# ${title}`, '', `> ${localizedText(config.tagline, locale, config.i18n.defaultLocale) || title}`, ''];
    const strings = stringsFor(locale);
    lines.push(format(strings['llms.markdown'], { full: `${abs(prefix)}llms-full.txt` }));
    const alt = others(locale);
    if (alt.length) lines.push('', strings['llms.otherLanguages'], ...alt);
    for (const section of sections) {
      lines.push('', `## ${section.title}`, '');
      for (const r of section.routes) {
        const fm = r.page.doc.frontmatter;
        lines.push(`- [${linkText(fm.title)}](${abs(markdownPathOf(r.href))})${fm.description ? `: ${fm.description.replace(/\s+/g, ' ')}` : ''}`);
      }
    }
    files.set(`${rel(prefix)}llms.txt`, `${lines.join('\n')}\n`);
    files.set(`${rel(prefix)}llms-full.txt`, `${full.join('\n---\n\n')}`);
  }
  return files;
}
