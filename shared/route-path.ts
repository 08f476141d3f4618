/**
 * Normalizes a URL path to the site's route form: `/x/index.html`, `/x.html` and `/x/` all become `/x`;
 * a locale home keeps its slash (`/ru/`). Results are cached (spec: up to 10000 entries).
 */
/** Spec section 9: the route-match cache holds up to 10000 entries (the oldest are dropped first). */
export const ROUTE_CACHE_LIMIT = 10000;
const cache = new Map<string, string>();

export function normalizePath(pathname: string, roots: readonly string[]): string {
  const hit = cache.get(pathname);
  if (hit !== undefined) return hit;
  let p = pathname;
  try {
    p = decodeURI(p);
  } catch {
    // keep the raw path: a malformed escape cannot match a route anyway
  }
  p = routePathOf(p, (root) => roots.includes(root));
  if (cache.size >= ROUTE_CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(pathname, p);
  return p;
}

export function routeCacheSize(): number {
  return cache.size;
}

/**
 * The route form of a decoded path (no cache): `/x/index.html`, `/x.html` and `/x/` become `/x`; a
 * path that `isRoot` names, a locale home, keeps its slash (`/ru` becomes `/ru/`). The build's link
 * check uses it as the browser's router does.
 */
export function routePathOf(pathname: string, isRoot: (path: string) => boolean): string {
  let p = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (p.length > 1 && p.endsWith('/') && !isRoot(p)) p = p.slice(0, -1);
  if (!p.endsWith('/') && isRoot(`${p}/`)) p = `${p}/`;
  return p;
}
