import { navigate } from 'wouter/use-browser-location';
import { scrollToHash } from '../client/links.ts';
import type { SiteData } from '../../shared/page-data.ts';
import { normalizePath } from '../../shared/route-path.ts';

/** The search page URL for a query (and context, and version when given). */
export function searchPageUrl(home: string, q: string, ctx = '', version = ''): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (ctx) params.set('ctx', ctx);
  if (version) params.set('version', version);
  const s = params.toString();
  return `${home}search${s ? `?${s}` : ''}`;
}

/**
 * Opens a search result or the search page with client-side navigation when it is a route of
 * this locale (a full load otherwise). On the page already shown only the query changes, which
 * the app does not treat as a navigation, so the heading is scrolled to here.
 */
export function openSearchUrl(site: SiteData, url: string): void {
  const u = new URL(url, window.location.href);
  const roots = site.locales.map((l) => l.home);
  const path = normalizePath(u.pathname, roots);
  if (u.origin !== window.location.origin || !(path in site.routes)) {
    window.location.assign(u.href);
    return;
  }
  const same = path === normalizePath(window.location.pathname, roots);
  navigate(path + u.search + u.hash);
  if (same) {
    if (u.hash) scrollToHash(u.hash, true);
    else window.scrollTo(0, 0);
  }
}
