import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'wouter';
import { DocPage } from './components/DocPage.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { Footer } from './components/Footer.tsx';
import { Navbar } from './components/Navbar.tsx';
import { NotFound } from './components/NotFound.tsx';
import { ProgressBar } from './components/ProgressBar.tsx';
import { openKeysFor, Sidebar } from './components/Sidebar.tsx';
import { RuntimeContext, type CustomPageProps, type Runtime } from './context.ts';
import { useContentEnhancements } from './hooks/use-content-enhancements.ts';
import { useTargetHighlight } from './search/use-target-highlight.ts';
import { stringsFor } from './i18n/strings.ts';
import type { PageData, SiteData } from './page-data.ts';
import { normalizePath } from './route-path.ts';

export interface LoadedRoute {
  page: PageData;
  component?: ComponentType<CustomPageProps>;
}

/** What the client entry gives the app; the server passes none (nothing loads during prerender). */
export interface ClientHooks {
  load(href: string): Promise<LoadedRoute>;
  /** Called after a new route is shown (head tags, scrolling). */
  shown(route: LoadedRoute, hash: string): void;
}

export interface AppProps {
  site: SiteData;
  initial: LoadedRoute;
  client?: ClientHooks;
}

function Main({ route, site }: { route: LoadedRoute; site: SiteData }) {
  const { page, component: Custom } = route;
  useContentEnhancements(page.html === undefined ? page.href : `${page.href}:${page.html.length}`, page.locale);
  useTargetHighlight(page.href, page.kind === 'doc' && site.search.highlightOnTarget);
  if (page.kind === 'notFound') return <NotFound />;
  if (page.kind === 'page') return Custom ? <Custom site={site} page={page} /> : null;
  return <DocPage page={page} />;
}

export function App({ site, initial, client }: AppProps) {
  const [location] = useLocation();
  const [route, setRoute] = useState<LoadedRoute>(initial);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState<Set<string>>(() => new Set(openKeysFor(site.sidebar, initial.page.href)));
  const [drawer, setDrawer] = useState(false);
  const runtime = useMemo<Runtime>(() => ({ site, client: client !== undefined }), [site, client]);
  const roots = useMemo(() => site.locales.map((l) => l.home), [site]);
  const shownHref = useRef(initial.page.href);

  // Load the new route first; show it only when it is ready. A failed load reloads the page fully.
  useEffect(() => {
    if (!client) return;
    const target = normalizePath(location, roots);
    if (target === shownHref.current) return;
    let cancelled = false;
    setLoading(true);
    client.load(target).then(
      (next) => {
        if (cancelled) return;
        shownHref.current = next.page.href;
        setRoute(next);
        setLoading(false);
        setDrawer(false);
        setOpen((prev) => new Set([...prev, ...openKeysFor(site.sidebar, next.page.href)]));
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
  }, [location, client, roots, site]);

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
  useLayoutEffect(() => {
    // Head tags and scrolling follow a change of route, not an in-place content update.
    if (client && shownPage.current !== route.page.href) {
      shownPage.current = route.page.href;
      client.shown(route, window.location.hash);
    }
  }, [route, client]);

  useEffect(() => {
    if (!drawer) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setDrawer(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer]);

  const onToggle = useCallback((key: string, isOpen: boolean) => {
    setOpen((prev) => {
      const next = new Set(prev);
      if (isOpen) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  const strings = stringsFor(site.locale);
  const page = route.page;
  const isDoc = page.kind === 'doc';
  return (
    <RuntimeContext.Provider value={runtime}>
      <a className="skip-link" href="#__main">
        {strings.skipToContent}
      </a>
      <ProgressBar active={loading} />
      <Navbar page={page} onOpenDrawer={() => setDrawer(true)} />
      <div className={`layout${isDoc ? ' layout--docs' : ''}`}>
        {isDoc && (
          <>
            <div className={`drawer${drawer ? ' drawer--open' : ''}`} role={drawer ? 'dialog' : undefined} aria-modal={drawer ? true : undefined} aria-label={drawer ? strings['nav.docsSidebar'] : undefined}>
              {drawer && (
                <button type="button" className="drawer__close icon-button" aria-label={strings['nav.closeMenu']} onClick={() => setDrawer(false)}>
                  ×
                </button>
              )}
              <Sidebar items={site.sidebar} current={page.href} open={open} onToggle={onToggle} />
            </div>
            {drawer && <div className="drawer__backdrop" onClick={() => setDrawer(false)} />}
          </>
        )}
        <main id="__main" className="main" tabIndex={-1}>
          <ErrorBoundary locale={site.locale} resetKey={page.href}>
            <Main route={route} site={site} />
          </ErrorBoundary>
        </main>
      </div>
      <Footer />
    </RuntimeContext.Provider>
  );
}
