import { hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
// Generated at bundle time from content/pages/*.tsx: name -> dynamic import.
import { customPages } from 'virtual:paydocs-pages';
import { App, type ClientHooks, type LoadedRoute } from './app.tsx';
import { headTags, documentTitle, renderHeadTags } from './head.ts';
import type { BootData, PageData, SiteData } from './page-data.ts';
import { normalizePath } from './route-path.ts';
import { installLinkHandling, scrollToHash } from './client/links.ts';
import { installPrefetch } from './client/prefetch.ts';
import './styles/theme.css';
import './search/search.css';

const pageCache = new Map<string, Promise<PageData>>();

function loadPageData(site: SiteData, href: string): Promise<PageData> {
  let hit = pageCache.get(href);
  if (!hit) {
    const url = site.routes[href];
    if (!url) return Promise.reject(new Error(`no route ${href}`));
    hit = import(/* @vite-ignore */ url).then((m: { default: PageData }) => m.default);
    hit.catch(() => pageCache.delete(href));
    pageCache.set(href, hit);
  }
  return hit;
}

export function prefetchRoute(site: SiteData, href: string): void {
  void loadPageData(site, href).catch(() => undefined);
}

async function loadRoute(site: SiteData, href: string): Promise<LoadedRoute> {
  const page = await loadPageData(site, href);
  const component = page.component ? (await customPages[page.component]!()).default : undefined;
  return { page, component };
}

function applyHead(page: PageData, site: SiteData): void {
  const locale = site.locales.find((l) => l.locale === page.locale);
  document.documentElement.lang = locale?.htmlLang ?? page.locale;
  document.documentElement.dir = locale?.direction ?? 'ltr';
  document.title = documentTitle(page, site);
  for (const el of document.head.querySelectorAll('[data-ph]')) el.remove();
  const anchor = document.head.querySelector('link[rel="icon"]');
  const tpl = document.createElement('template');
  tpl.innerHTML = renderHeadTags(headTags(page, site));
  document.head.insertBefore(tpl.content, anchor);
}

async function start(): Promise<void> {
  const bootEl = document.getElementById('__boot');
  if (!bootEl) return;
  const boot = JSON.parse(bootEl.textContent ?? '{}') as BootData;
  const site = ((await import(/* @vite-ignore */ boot.siteModule)) as { default: SiteData }).default;
  const roots = site.locales.map((l) => l.home);
  const page: PageData = { ...boot.page, html: document.getElementById('__content')?.innerHTML ?? '' };
  // The 404 document is served for any unknown path: it stands for the path in the address bar.
  if (page.kind === 'notFound') page.href = normalizePath(window.location.pathname, roots);
  const component = page.component ? (await customPages[page.component]!()).default : undefined;
  const initial: LoadedRoute = { page, component };
  pageCache.set(page.href, Promise.resolve(page));
  const hooks: ClientHooks = {
    load: (href) => loadRoute(site, href),
    shown: (route, hash) => {
      applyHead(route.page, site);
      if (hash) scrollToHash(hash, false);
      else window.scrollTo(0, 0);
    },
  };
  installLinkHandling({ site, roots });
  // Dev server: new page chunks after a save; the open page is swapped in place (scroll kept).
  window.addEventListener('paydocs:routes', (e) => {
    const routes = (e as CustomEvent<Record<string, string>>).detail;
    Object.assign(site.routes, routes);
    for (const href of Object.keys(routes)) pageCache.delete(href);
    const here = normalizePath(window.location.pathname, roots);
    if (routes[here]) void loadPageData(site, here).then((next) => window.dispatchEvent(new CustomEvent('paydocs:page-update', { detail: next })));
  });
  hydrateRoot(
    document.getElementById('__root')!,
    <Router>
      <App site={site} initial={initial} client={hooks} />
    </Router>,
    {
      onRecoverableError(error) {
        console.error('[paydocs] hydration', error);
      },
    },
  );
  document.documentElement.dataset.hydrated = 'true';
  installPrefetch({ site, roots, prefetch: (href) => prefetchRoute(site, href) });
  if (normalizePath(window.location.pathname, roots) === page.href && window.location.hash) scrollToHash(window.location.hash, false);
}

void start();
