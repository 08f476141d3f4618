import type { PaydocsConfig } from '../../../config/index.ts';
import { escapeHtml } from '../../../shared/head.ts';
import type { PageData } from '../../../shared/page-data.ts';
import { encodePath } from '../../../shared/url.ts';

/** `sitemap.xml` with hreflang alternates for every indexable page of every locale. */
export function buildSitemap(config: PaydocsConfig, pages: Map<string, Map<string, PageData>>): string {
  const urls: string[] = [];
  for (const byHref of pages.values()) {
    for (const page of byHref.values()) {
      if (page.noindex || config.noIndex) continue;
      const alts = page.alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${escapeHtml(a.hrefLang)}" href="${escapeHtml(config.url + encodePath(a.href))}"/>`).join('');
      urls.push(`<url><loc>${escapeHtml(config.url + encodePath(page.href))}</loc>${alts}</url>`);
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function buildRobots(config: PaydocsConfig): string {
  if (config.noIndex) return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nAllow: /\n\nSitemap: ${config.url}${config.baseUrl}sitemap.xml\n`;
}
