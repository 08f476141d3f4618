import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'wouter';
import { DocPage } from './components/DocPage.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { Footer } from './components/Footer.tsx';
import { Navbar } from './components/Navbar.tsx';
import { NotFound } from './components/NotFound.tsx';
import { ProgressBar } from './components/ProgressBar.tsx';
import { initialOpenKeys, newlyExpandedKeys, openKeysFor } from './components/Sidebar.tsx';
import { SidebarDrawer } from './components/SidebarDrawer.tsx';
import { AnnouncementBar } from './components/AnnouncementBar.tsx';
import { ChunkError } from './components/ChunkError.tsx';
import { RouteAnnouncer } from './components/RouteAnnouncer.tsx';
import { useDocsVersion } from './hooks/use-docs-version.ts';
import { RuntimeContext, type CustomPageProps, type Runtime } from './context.ts';
import { useContentEnhancements } from './hooks/use-content-enhancements.ts';
import { useTargetHighlight } from './search/use-target-highlight.ts';
import type { PageData, SidebarItem, SiteData } from '../shared/page-data.ts';
import { normalizePath } from '../shared/route-path.ts';

export interface LoadedRoute {
  page: PageData;
  component?: ComponentType<CustomPageProps>;
  /** The page's own code failed to load at start-up: shown as Retry, with the error. */
  error?: unknown;
}

/** What the client entry gives the app; the server passes none (nothing loads during prerender). */
export interface ClientHooks {
  load(href: string): Promise<LoadedRoute>;
  /** Called after a new route is shown (head tags, scrolling). */
  shown(route: LoadedRoute, hash: string): void;
  /**
   * The whole sidebar tree. The app starts with the part the server rendered into the page
   * (`readSidebar`), and asks for the rest when a category that was closed opens and before it
   * shows another doc page.
   */
  sidebar(): Promise<SidebarItem[]>;
}

export interface AppProps {
  site: SiteData;
  initial: LoadedRoute;
  client?: ClientHooks;
}

function Main({ route, site, retry }: { route: LoadedRoute; site: SiteData; retry: () => Promise<void> }) {
  const { page, component: Custom } = route;
  // The same site on the server and in the browser, where the sidebar is only the page's part of it.
  const pageSite = useMemo(() => ({ ...site, sidebar: [] }), [site]);
  useContentEnhancements(page.html === undefined ? page.href : `${page.href}:${page.html.length}`, site.strings);
  useTargetHighlight(page.href, page.kind === 'doc' && site.search.highlightOnTarget);
  if (route.error !== undefined) return <ChunkError error={route.error} onRetry={retry} />;
  if (page.kind === 'notFound') return <NotFound />;
  if (page.kind === 'page') return Custom ? <Custom site={pageSite} page={page} /> : null;
  return <DocPage page={page} />;
}

export function App({ site, initial, client }: AppProps) {
  const [location] = useLocation();
  const [route, setRoute] = useState<LoadedRoute>(initial);
  const [loading, setLoading] = useState(false);
  // In the browser, the part of the sidebar read from the page until the whole tree is loaded.
  const [sidebar, setSidebarState] = useState<SidebarItem[]>(site.sidebar);
  const [tree, setTree] = useState<'whole' | 'partial' | 'failed'>(client && site.sidebarModule ? 'partial' : 'whole');
  const [open, setOpen] = useState<Set<string>>(() => new Set(initialOpenKeys(site.sidebar, initial.page.href)));
  const sidebarRef = useRef(sidebar);
  /** The whole tree replaces the part read from the page; categories it brings written `collapsed: false` open. */
  const setSidebar = useCallback((next: SidebarItem[]) => {
    const before = sidebarRef.current;
    setTree('whole');
    if (next === before) return;
    sidebarRef.current = next;
    setSidebarState(next);
    const expanded = newlyExpandedKeys(before, next);
    if (expanded.length) setOpen((prev) => new Set([...prev, ...expanded]));
  }, []);
  const [drawer, setDrawer] = useState(false);
  const runtime = useMemo<Runtime>(() => ({ site, client: client !== undefined }), [site, client]);
  const roots = useMemo(() => site.locales.map((l) => l.home), [site]);
  const shownHref = useRef(initial.page.href);

  // Load the new route first; show it only when it is ready. A route that fails to load reloads the
  // page fully (spec section 8, 'next route fails to preload'): the server's HTML of that route has
  // its content inline, so the reader gets the page without needing the chunk that failed. The
  // other rule, 'page chunk fails to load: Retry with the error text', covers what a page needs
  // after a full load: a custom page's code at start-up (entry-client.tsx), or its reload by Retry.
  // So a failure never loops: a reload does not lead to another reload.
  useEffect(() => {
    if (!client) return;
    const target = normalizePath(location, roots);
    if (target === shownHref.current) return;
    let cancelled = false;
    setLoading(true);
    // Asked for at once, waited for only by a doc page: its sidebar must be the whole tree.
    const whole = client.sidebar();
    whole.catch(() => undefined);
    const withTree = (next: LoadedRoute): Promise<[LoadedRoute, SidebarItem[] | undefined]> | [LoadedRoute, undefined] =>
      next.page.kind === 'doc' ? whole.then((items) => [next, items]) : [next, undefined];
    client
      .load(target)
      .then(withTree)
      .then(
        ([next, items]) => {
          if (cancelled) return;
          shownHref.current = next.page.href;
          if (items) setSidebar(items);
          setRoute(next);
          setLoading(false);
          setDrawer(false);
          if (items) setOpen((prev) => new Set([...prev, ...openKeysFor(items, next.page.href)]));
        },
        (error: unknown) => {
          if (cancelled) return;
          console.error('[paydocs] could not load the next page; reloading', error);
          window.location.reload();
        },
      );
    return () => {
      cancelled = true;
    };
  }, [location, client, roots, setSidebar]);

  useEffect(() => {
    if (!client) return;
    const onUpdate = (e: Event) => {
      const next = (e as CustomEvent<PageData>).detail;
      if (next.href === shownHref.current) setRoute((r) => ({ ...r, page: next }));
    };
    window.addEventListener('paydocs:page-update', onUpdate);
    return () => window.removeEventListener('paydocs:page-update', onUpdate);
  }, [client]);

  const shownPage = useRef(initial.page.href);
  const top = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    // Head tags and scrolling follow a change of route, not an in-place content update.
    if (client && shownPage.current !== route.page.href) {
      shownPage.current = route.page.href;
      const hash = window.location.hash;
      client.shown(route, hash);
      // Keyboard users start the new page from its top (the next Tab is the skip link), unless
      // they are typing somewhere (the search box) or a fragment took focus. Focus on a button is
      // left behind by the link followed: the drawer, closing, hands it back to its menu button.
      const here = document.activeElement;
      if (!hash && !here?.matches('input, textarea, select, [contenteditable]:not([contenteditable="false"])')) top.current?.focus({ preventScroll: true });
    }
  }, [route, client]);

  const retry = useCallback(async () => {
    if (!client) return;
    const href = route.page.href;
    try {
      const next = await client.load(href);
      setRoute(next);
    } catch (error) {
      console.error('[paydocs] the page failed to load again', error);
      setRoute((r) => (r.page.href === href ? { ...r, error } : r));
    }
  }, [client, route.page.href]);

  const closeDrawer = useCallback(() => setDrawer(false), []);
  useDocsVersion(site, route.page);

  const onToggle = useCallback(
    (key: string, isOpen: boolean) => {
      setOpen((prev) => {
        const next = new Set(prev);
        if (isOpen) next.add(key);
        else next.delete(key);
        return next;
      });
      // Until the whole tree is in, a category closed on this page holds only its first page.
      if (isOpen && client) {
        client.sidebar().then(setSidebar, (error: unknown) => {
          console.error('[paydocs] could not load the sidebar', error);
          setTree((t) => (t === 'partial' ? 'failed' : t));
        });
      }
    },
    [client, setSidebar],
  );

  const strings = site.strings;
  const page = route.page;
  const isDoc = page.kind === 'doc';
  return (
    <RuntimeContext.Provider value={runtime}>
      <div ref={top} className="route-top" tabIndex={-1}>
        <a className="skip-link" href="#__main">
          {strings.skipToContent}
        </a>
      </div>
      <ProgressBar active={loading} />
      <RouteAnnouncer title={page.title} href={page.href} />
      {site.announcementBar && <AnnouncementBar bar={site.announcementBar} />}
      <Navbar page={page} drawerOpen={drawer} onOpenDrawer={() => setDrawer(true)} />
      <div className={`layout${isDoc ? ' layout--docs' : ''}`}>
        <SidebarDrawer page={page} sidebar={sidebar} tree={tree} open={drawer} onClose={closeDrawer} openKeys={open} onToggle={onToggle} />
        <main id="__main" className="main" tabIndex={-1}>
          <ErrorBoundary strings={site.strings} resetKey={page.href}>
            <Main route={route} site={site} retry={retry} />
          </ErrorBoundary>
        </main>
      </div>
      <Footer />
    </RuntimeContext.Provider>
  );
}
