import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app.tsx';
import type { CustomPageProps } from './context.ts';
import { documentTitle, escapeHtml, headTags, renderHeadTags } from '../shared/head.ts';
import { headScript } from './head-script.ts';

// The build hashes the inline head script for the Content-Security-Policy: it must be the same text.
export { headScript };
import type { BootData, PageData, SiteData } from '../shared/page-data.ts';

export interface PageAssets {
  css: string[];
  /** The client entry module. */
  entry: string;
  /** Modules the entry imports statically, preloaded in parallel. */
  preload: string[];
  /** The locale's site module. */
  siteModule: string;
  /** Custom page chunk, for a custom page. */
  pageModule?: string;
}

/**
 * The policy as an attribute value: only `&` and `"` escaped, so its quotes stay as written
 * (`script-src 'self'`), the text the dev server finds to add its own script's hash.
 */
function cspAttribute(policy: string): string {
  return policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

function serializeBoot(data: BootData): string {
  // `<` escaped so no string can close the script element.
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The whole HTML document of one route. The page's own HTML is in the DOM, so the boot data leaves it out. */
export function renderPage(input: { site: SiteData; page: PageData; component?: ComponentType<CustomPageProps>; assets: PageAssets; contentSecurityPolicy?: string }): string {
  const { site, page, component, assets } = input;
  const body = renderToString(
    <Router ssrPath={page.href}>
      <App site={site} initial={{ page, component }} />
    </Router>,
  );
  const locale = site.locales.find((l) => l.locale === page.locale)!;
  const boot: BootData = { page: { ...page, html: undefined }, siteModule: assets.siteModule };
  const preload = [assets.siteModule, ...assets.preload, ...(assets.pageModule ? [assets.pageModule] : [])];
  return (
    `<!doctype html><html lang="${escapeHtml(locale.htmlLang)}" dir="${locale.direction}" data-theme="light"><head>` +
    `<meta charset="utf-8">` +
    // First in the head: a policy applies only to what comes after it.
    (input.contentSecurityPolicy ? `<meta http-equiv="Content-Security-Policy" content="${cspAttribute(input.contentSecurityPolicy)}">` : '') +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(documentTitle(page, site))}</title>` +
    renderHeadTags(headTags(page, site)) +
    `<link rel="icon" href="${escapeHtml(site.baseUrl + site.favicon)}">` +
    // Colour mode, dismissed announcement, baseUrl banner: before first paint (renderer/head-script.ts).
    `<script>${headScript(site, page)}</script>` +
    assets.css.map((href) => `<link rel="stylesheet" href="${href}">`).join('') +
    `<script type="module" src="${assets.entry}"></script>` +
    preload.map((href) => `<link rel="modulepreload" href="${href}">`).join('') +
    `</head><body><div id="__root">${body}</div>` +
    `<script id="__boot" type="application/json">${serializeBoot(boot)}</script>` +
    `</body></html>`
  );
}
