import { documentTitle, headTags, localeOf, renderHeadTags } from '../shared/head.ts';
import type { PageData, SiteData } from '../shared/page-data.ts';

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
