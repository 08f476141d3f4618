/**
 * From a request target to the files that may answer it. Pure string work: what is on disk, and
 * where links lead, is open-inside.ts's business.
 */
import path from 'node:path';

/**
 * The decoded path of a request target with its dot segments merged, or undefined for what no
 * static host answers: a malformed escape, a NUL, a backslash, a path that climbs above the root.
 *
 * Dots are merged after decoding, as nginx does, so `/./index.html`, `/a/../index.html` and
 * `/a/%2e%2e/index.html` all name `/index.html`. Merging is lexical: `/a/..` is the root whether or
 * not `a` exists, which is also nginx's answer. Anything still above the root after merging is
 * refused rather than clamped, so `/../secret` never quietly becomes `/secret`.
 */
export function normaliseRequestPath(target: string): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(target.split('?')[0]!.split('#')[0]!);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0') || pathname.includes('\\') || !pathname.startsWith('/')) return undefined;
  const out: string[] = [];
  const segments = pathname.split('/').slice(1);
  for (const [i, seg] of segments.entries()) {
    const last = i === segments.length - 1;
    if (seg === '.' || seg === '..') {
      if (seg === '..' && out.pop() === undefined) return undefined;
      // `/a/.` and `/a/b/..` name the folder `/a/`.
      if (last) out.push('');
    } else if (seg !== '' || last) out.push(seg);
  }
  return `/${out.join('/')}`;
}

/**
 * The files, relative to the root, that answer a normalised path in order, the way a static host
 * maps clean URLs: `/x` and `/x/` -> `x/index.html`; `/x.html` and `/x/index.html` are the clean path too.
 */
export function candidateFiles(pathname: string): string[] {
  const candidates = [pathname];
  if (pathname.endsWith('/')) candidates.push(`${pathname}index.html`);
  else {
    candidates.push(`${pathname}/index.html`);
    if (pathname.endsWith('.html')) candidates.push(pathname.replace(/(\/index)?\.html$/, '') + '/index.html');
  }
  return candidates.map((c) => c.slice(1));
}

/**
 * The 404 pages for a path, most specific first: the locale's own (`ru/404.html`) when the first
 * segment looks like a locale, then the site's.
 */
export function notFoundCandidates(pathname: string): string[] {
  const first = pathname.split('/')[1];
  return first && /^[a-z]{2,3}(-[a-z0-9]+)?$/i.test(first) ? [`${first}/404.html`, '404.html'] : ['404.html'];
}

/** Whether `file` is `root` or below it; both absolute and already resolved. */
export function isInside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel === '' || (!rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel));
}
