import { format, stringsFor } from './i18n/strings.ts';
import type { PageData, SiteData } from './page-data.ts';

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
  const abs = (href: string) => site.siteUrl + href;
  const tags: HeadTag[] = [];
  const title = documentTitle(page, site);
  tags.push({ tag: 'meta', attrs: { name: 'description', content: page.description } });
  if (page.kind !== 'notFound') {
    tags.push({ tag: 'link', attrs: { rel: 'canonical', href: abs(page.href) } });
    for (const alt of page.alternates) tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang: alt.hrefLang, href: abs(alt.href) } });
    const def = page.alternates[0];
    if (def) tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang: 'x-default', href: abs(def.href) } });
    if (page.feed) tags.push({ tag: 'link', attrs: { rel: 'alternate', type: 'application/atom+xml', title: page.feed.title, href: page.feed.href } });
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

/** After a client-side navigation: the same `<html>` attributes, title and managed tags as the prerendered page. */
export function applyHead(page: PageData, site: SiteData): void {
  const { htmlLang, direction } = localeOf(site, page.locale);
  document.documentElement.lang = htmlLang;
  document.documentElement.dir = direction;
  document.title = documentTitle(page, site);
  const old = [...document.head.querySelectorAll('[data-ph]')];
  const anchor = old[0] ?? document.head.querySelector('link[rel="icon"]');
  const tpl = document.createElement('template');
  tpl.innerHTML = renderHeadTags(headTags(page, site));
  document.head.insertBefore(tpl.content, anchor);
  for (const el of old) el.remove();
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

const js = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * Shows a banner when the site is served under another path than its `baseUrl`: then the scripts
 * (and the styles) 404 and the app never starts, so the banner is plain DOM with inline styles,
 * inserted when the document is parsed and the client entry has not run (module scripts run before
 * DOMContentLoaded), or when the entry calls it because the site data failed to load.
 * After Docusaurus' BaseUrlIssueBanner:
 * https://github.com/facebook/docusaurus/blob/main/packages/docusaurus-theme-classic/src/theme/SiteMetadata/index.tsx
 */
function baseUrlBannerScript(site: SiteData): string {
  const strings = stringsFor(site.locale);
  const home = site.locales.find((l) => l.locale === site.locale)?.home ?? site.baseUrl;
  const message = format(strings.baseUrlBanner, { baseUrl: site.baseUrl });
  return (
    `window.${BASE_URL_BANNER_FN}=function(){if(document.getElementById('__baseurl-banner'))return;` +
    `var p=location.pathname,r=${js(home.slice(site.baseUrl.length))};if(r&&p.slice(-r.length)===r)p=p.slice(0,-r.length);if(p.slice(-1)!=='/')p+='/';` +
    `var d=document.createElement('div');d.id='__baseurl-banner';d.setAttribute('role','alert');` +
    `d.style.cssText='font:15px/1.5 system-ui,sans-serif;padding:16px 20px;background:#fdeceb;color:#5c1410;border-bottom:2px solid #b42318';` +
    `var a=document.createElement('p');a.style.margin='0 0 4px';a.textContent=${js(message)};` +
    `var b=document.createElement('p');b.style.margin='0';b.style.fontWeight='600';b.textContent=${js(strings['baseUrlBanner.suggestion'])}.replace('{suggestion}',p);` +
    `d.appendChild(a);d.appendChild(b);document.body.insertBefore(d,document.body.firstChild)};` +
    `document.addEventListener('DOMContentLoaded',function(){if(!window.${APP_LOADED_FLAG})window.${BASE_URL_BANNER_FN}()});`
  );
}

/**
 * The inline head script, run before first paint: the colour mode (the stored choice, else light;
 * the OS preference is deliberately not read, spec section 4), a dismissed announcement bar, and
 * on a locale's home page the baseUrl issue banner.
 */
export function headScript(site: SiteData, page: PageData): string {
  let out = `(function(){var t='light';try{t=localStorage.getItem('theme')==='dark'?'dark':'light'}catch(e){}document.documentElement.setAttribute('data-theme',t)})();`;
  const bar = site.announcementBar;
  if (bar?.dismissible) {
    out += `try{if(localStorage.getItem('${ANNOUNCEMENT_ID_KEY}')===${js(bar.id)}&&localStorage.getItem('${ANNOUNCEMENT_DISMISS_KEY}')==='true')document.documentElement.setAttribute('${ANNOUNCEMENT_DISMISSED_ATTR}','')}catch(e){}`;
  }
  const home = site.locales.find((l) => l.locale === page.locale)?.home;
  if (site.baseUrlIssueBanner && page.kind !== 'notFound' && page.href === home) out += baseUrlBannerScript(site);
  return out;
}
