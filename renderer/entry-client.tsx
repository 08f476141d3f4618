import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
// Generated at bundle time from content/pages/*.tsx: name -> dynamic import.
import { customPages } from 'virtual:paydocs-pages';
import { App, type ClientHooks, type LoadedRoute } from './app.tsx';
import { APP_LOADED_FLAG, BASE_URL_BANNER_FN } from '../shared/head.ts';
import { applyHead } from './apply-head.ts';
import type { BootData, PageData, SidebarItem, SiteData } from '../shared/page-data.ts';
import { readSidebar } from './components/Sidebar.tsx';
import { normalizePath } from '../shared/route-path.ts';
import { installLinkHandling, scrollToHash } from './client/links.ts';
import './styles/theme.css';
import './search/search.css';
import './styles/data-table.css';

// The app's code arrived (the baseUrl issue banner checks this; renderer/head.ts).
(window as unknown as Record<string, unknown>)[APP_LOADED_FLAG] = true;

const pageCache = new Map<string, Promise<PageData>>();
/** What counts as the reader starting to interact (and so, soon, maybe following a link). */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel'] as const;
/** Settles once `site.routes` is filled from the route map module; undefined until asked for. */
let routesReady: Promise<void> | undefined;
let routesLoaded = false;

/**
 * The route map (render-pages.ts) is needed only to follow a link without a reload and to prefetch:
 * it loads on the reader's first sign of interaction (or the first client-side navigation), so a
 * page that is only read costs no more than its own code. Prefetching starts once it is there.
 */
function loadRoutes(site: SiteData, roots: string[]): Promise<void> {
  if (routesReady) return routesReady;
  const url = site.routesModule;
  routesReady = url
    ? (import(/* @vite-ignore */ url) as Promise<{ default: Record<string, string> }>).then((m) => {
        site.routes = { ...m.default, ...site.routes };
        routesLoaded = true;
      })
    : Promise.resolve().then(() => void (routesLoaded = true));
  // A failed load (offline, a redeployed site) is tried again on the next navigation.
  routesReady.catch(() => (routesReady = undefined));
  routesReady.then(
    () => {
      document.documentElement.dataset.routes = 'loaded';
      // Prefetching is not needed to show the page either: its code is a separate chunk.
      return import('./client/prefetch.ts').then((m) => m.installPrefetch({ site, roots, prefetch: (href) => prefetchRoute(site, href) }));
    },
    (error: unknown) => console.error('[paydocs] could not load the route map; links load pages the usual way', error),
  );
  return routesReady;
}

let rootsOfSite: string[] = [];
let sidebarReady: Promise<SidebarItem[]> | undefined;

/**
 * The whole sidebar tree, from its own module (render-pages.ts): the page hydrates with the part of
 * it the server rendered, so the tree is not part of the code a page needs before it is
 * interactive. It loads with the route map, on the reader's first sign of interaction.
 */
function loadSidebar(site: SiteData): Promise<SidebarItem[]> {
  const url = site.sidebarModule;
  if (!url) return Promise.resolve(site.sidebar);
  if (!sidebarReady) {
    sidebarReady = (import(/* @vite-ignore */ url) as Promise<{ default: SidebarItem[] }>).then((m) => m.default);
    // A failed load (offline) is tried again when next needed: a category opened, a move. (Chromium
    // fetches a module again after a failed import(); test/e2e/shell.test.ts.)
    sidebarReady.catch(() => (sidebarReady = undefined));
  }
  return sidebarReady;
}

function loadPageData(site: SiteData, href: string): Promise<PageData> {
  let hit = pageCache.get(href);
  if (!hit) {
    // A chunk URL the page already knows (the dev server sends them with each update) needs no map.
    hit = (href in site.routes ? Promise.resolve() : loadRoutes(site, rootsOfSite))
      .then(() => {
        const url = site.routes[href];
        if (!url) throw new Error(`no route ${href}`);
        return import(/* @vite-ignore */ url) as Promise<{ default: PageData }>;
      })
      .then((m) => m.default);
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

async function start(): Promise<void> {
  const bootEl = document.getElementById('__boot');
  if (!bootEl) return;
  const boot = JSON.parse(bootEl.textContent ?? '{}') as BootData;
  const site = ((await import(/* @vite-ignore */ boot.siteModule)) as { default: SiteData }).default;
  const roots = site.locales.map((l) => l.home);
  if (site.sidebarModule) site.sidebar = readSidebar(document.querySelector('nav.sidebar'));
  const page: PageData = { ...boot.page, html: document.getElementById('__content')?.innerHTML ?? '' };
  // The 404 document is served for any unknown path: it stands for the path in the address bar.
  if (page.kind === 'notFound') page.href = normalizePath(window.location.pathname, roots);
  // A custom page's chunk that fails to load shows Retry with the error (spec section 8), rendered
  // in place of the prerendered page rather than hydrated over it.
  let initial: LoadedRoute;
  try {
    initial = { page, component: page.component ? (await customPages[page.component]!()).default : undefined };
  } catch (error) {
    console.error(`[paydocs] could not load the page's code`, error);
    initial = { page, error };
  }
  pageCache.set(page.href, Promise.resolve(page));
  const hooks: ClientHooks = {
    load: (href) => loadRoute(site, href),
    shown: (route, hash) => {
      applyHead(route.page, site);
      if (hash) scrollToHash(hash, false);
      else window.scrollTo(0, 0);
    },
    sidebar: () => loadSidebar(site),
  };
  rootsOfSite = roots;
  installLinkHandling({ site, roots, routes: { loaded: () => routesLoaded, load: () => loadRoutes(site, roots) } });
  // Dev server: new page chunks after a save; the open page is swapped in place (scroll kept).
  window.addEventListener('paydocs:routes', (e) => {
    const routes = (e as CustomEvent<Record<string, string>>).detail;
    Object.assign(site.routes, routes);
    for (const href of Object.keys(routes)) pageCache.delete(href);
    const here = normalizePath(window.location.pathname, roots);
    if (routes[here]) void loadPageData(site, here).then((next) => window.dispatchEvent(new CustomEvent('paydocs:page-update', { detail: next })));
  });
  const app = (
    <Router>
      <App site={site} initial={initial} client={hooks} />
    </Router>
  );
  if (initial.error) createRoot(document.getElementById('__root')!).render(app);
  else {
    hydrateRoot(document.getElementById('__root')!, app, {
      onRecoverableError(error) {
        console.error('[paydocs] hydration', error);
      },
    });
  }
  document.documentElement.dataset.hydrated = 'true';
  const intent = () => {
    for (const type of INTENT_EVENTS) window.removeEventListener(type, intent, true);
    void loadRoutes(site, roots);
    loadSidebar(site).catch((error: unknown) => console.error('[paydocs] could not load the sidebar', error));
  };
  for (const type of INTENT_EVENTS) window.addEventListener(type, intent, { capture: true, passive: true });
  if (normalizePath(window.location.pathname, roots) === page.href && window.location.hash) scrollToHash(window.location.hash, false);
}

start().catch((error: unknown) => {
  console.error('[paydocs] the app could not start; the page stays as prerendered', error);
  (window as unknown as Record<string, (() => void) | undefined>)[BASE_URL_BANNER_FN]?.();
});
