import type { PageData, SiteData } from './page-data.ts';

/** One managed `<head>` element. Server and client build the same list, so they never disagree. */
export interface HeadTag {
  tag: 'meta' | 'link';
  attrs: Record<string, string>;
}

export function documentTitle(page: PageData, site: SiteData): string {
  if (page.href === site.locales.find((l) => l.locale === page.locale)?.home) return `${page.title} | ${site.title}`;
  return `${page.title} | ${site.title}`;
}

export function headTags(page: PageData, site: SiteData): HeadTag[] {
  const abs = (href: string) => site.siteUrl + href;
  const tags: HeadTag[] = [];
  const title = documentTitle(page, site);
  tags.push({ tag: 'meta', attrs: { name: 'description', content: page.description } });
  if (page.kind !== 'notFound') tags.push({ tag: 'link', attrs: { rel: 'canonical', href: abs(page.href) } });
  if (page.kind !== 'notFound') {
    for (const alt of page.alternates) tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang: alt.hrefLang, href: abs(alt.href) } });
    const def = page.alternates[0];
    if (def) tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang: 'x-default', href: abs(def.href) } });
  }
  tags.push({ tag: 'meta', attrs: { property: 'og:title', content: title } });
  tags.push({ tag: 'meta', attrs: { property: 'og:description', content: page.description } });
  tags.push({ tag: 'meta', attrs: { property: 'og:url', content: abs(page.href) } });
  tags.push({ tag: 'meta', attrs: { property: 'og:type', content: 'website' } });
  tags.push({ tag: 'meta', attrs: { property: 'og:site_name', content: site.title } });
  tags.push({ tag: 'meta', attrs: { property: 'og:locale', content: (site.locales.find((l) => l.locale === page.locale)?.htmlLang ?? page.locale).replace('-', '_') } });
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
