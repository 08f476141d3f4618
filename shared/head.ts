import type { PageData, SiteData } from './page-data.ts';
import { encodePath } from './url.ts';

/**
 * The managed part of `<head>`. Server and client build the same list from the same data, so a
 * prerendered page and the same page reached by client navigation carry the same tags (spec
 * section 2: language and direction, alternates, canonical, social tags, robots noindex).
 */
export interface HeadTag {
  tag: 'meta' | 'link';
  attrs: Record<string, string>;
}

export function documentTitle(page: PageData, site: SiteData): string {
  return `${page.title} | ${site.title}`;
}

export function localeOf(site: SiteData, locale: string): { htmlLang: string; direction: 'ltr' | 'rtl' } {
  const l = site.locales.find((x) => x.locale === locale);
  return { htmlLang: l?.htmlLang ?? locale, direction: l?.direction ?? 'ltr' };
}

export function headTags(page: PageData, site: SiteData): HeadTag[] {
  const abs = (href: string) => site.siteUrl + encodePath(href);
  const tags: HeadTag[] = [];
  const title = documentTitle(page, site);
  tags.push({ tag: 'meta', attrs: { name: 'description', content: page.description } });
  if (page.kind !== 'notFound') {
    tags.push({ tag: 'link', attrs: { rel: 'canonical', href: abs(page.href) } });
    for (const alt of page.alternates) tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang: alt.hrefLang, href: abs(alt.href) } });
    const def = page.alternates[0];
    if (def) tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang: 'x-default', href: abs(def.href) } });
    if (page.feed) tags.push({ tag: 'link', attrs: { rel: 'alternate', type: 'application/atom+xml', title: page.feed.title, href: encodePath(page.feed.href) } });
  }
  tags.push({ tag: 'meta', attrs: { property: 'og:title', content: title } });
  tags.push({ tag: 'meta', attrs: { property: 'og:description', content: page.description } });
  tags.push({ tag: 'meta', attrs: { property: 'og:url', content: abs(page.href) } });
  tags.push({ tag: 'meta', attrs: { property: 'og:type', content: 'website' } });
  tags.push({ tag: 'meta', attrs: { property: 'og:site_name', content: site.title } });
  tags.push({ tag: 'meta', attrs: { property: 'og:locale', content: localeOf(site, page.locale).htmlLang.replace('-', '_') } });
  tags.push({ tag: 'meta', attrs: { name: 'twitter:card', content: 'summary' } });
  tags.push({ tag: 'meta', attrs: { name: 'twitter:title', content: title } });
  tags.push({ tag: 'meta', attrs: { name: 'twitter:description', content: page.description } });
  if (site.noIndex || page.noindex || page.kind === 'notFound') tags.push({ tag: 'meta', attrs: { name: 'robots', content: 'noindex, nofollow' } });
  return tags;
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESC[c]!);
}

export function renderHeadTags(tags: HeadTag[]): string {
  return tags.map((t) => `<${t.tag} data-ph ${Object.entries(t.attrs).map(([k, v]) => `${k}="${escapeHtml(v)}"`).join(' ')}>`).join('');
}

/** Storage keys of the announcement bar, as in Docusaurus; the id is kept so a new announcement shows again. */
export const ANNOUNCEMENT_ID_KEY = 'docusaurus.announcement.id';
export const ANNOUNCEMENT_DISMISS_KEY = 'docusaurus.announcement.dismiss';
/** Set on `<html>` before first paint when the current announcement was dismissed (no flash). */
export const ANNOUNCEMENT_DISMISSED_ATTR = 'data-announcement-dismissed';
/** `window.__paydocs` is set by the client entry as soon as it runs. */
export const APP_LOADED_FLAG = '__paydocs';
/** `window.__paydocsBaseUrlBanner()` shows the baseUrl issue banner (home pages only). */
export const BASE_URL_BANNER_FN = '__paydocsBaseUrlBanner';

