import type { SiteData } from '../../shared/page-data.ts';
import { normalizePath } from '../../shared/route-path.ts';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** No prefetching on 2G or with data saver on (spec). */
export function canPrefetch(): boolean {
  const conn = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!conn) return true;
  return !conn.saveData && !/2g/.test(conn.effectiveType ?? '');
}

/** Prefetches the page chunk of internal links when they come into view or are hovered. */
export function installPrefetch({ site, roots, prefetch }: { site: SiteData; roots: string[]; prefetch: (href: string) => void }): void {
  if (!canPrefetch()) return;
  const done = new Set<string>();
  const hrefOf = (a: HTMLAnchorElement): string | undefined => {
    if (!a.href) return undefined;
    const url = new URL(a.href, window.location.href);
    if (url.origin !== window.location.origin) return undefined;
    const path = normalizePath(url.pathname, roots);
    return path in site.routes ? path : undefined;
  };
  const go = (a: HTMLAnchorElement) => {
    const href = hrefOf(a);
    if (href && !done.has(href)) {
      done.add(href);
      prefetch(href);
    }
  };
  const io =
    'IntersectionObserver' in window
      ? new IntersectionObserver((entries) => {
          for (const e of entries) {
            if (e.isIntersecting) {
              io?.unobserve(e.target);
              go(e.target as HTMLAnchorElement);
            }
          }
        })
      : undefined;
  const observeAll = () => {
    if (!io) return;
    for (const a of document.querySelectorAll<HTMLAnchorElement>('main a[href], .pagination a[href]')) io.observe(a);
  };
  const schedule = (window as Window & { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
  schedule(observeAll);
  new MutationObserver(() => schedule(observeAll)).observe(document.getElementById('__root')!, { childList: true, subtree: true });
  document.addEventListener('mouseover', (e) => {
    const a = (e.target as Element | null)?.closest?.('a');
    if (a) go(a);
  }, { passive: true });
  // Installed on the reader's first interaction, often a pointer already over a link: that one too.
  const hovered = [...document.querySelectorAll<HTMLAnchorElement>('a:hover')].pop();
  if (hovered) go(hovered);
}
