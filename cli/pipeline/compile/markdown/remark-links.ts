import path from 'node:path';
import type { Definition, Html, Image, Link, Root } from 'mdast';
import type { Plugin } from 'unified';
import { visit } from './visit.ts';
import { CHANGELOG_ROUTE } from '../../routes/feed-routes.ts';
import { pageData, type PageContext } from './types.ts';
import { htmlLinks } from '../../check/html-links.ts';
import { decodedOrAsIs } from '../../routes/site-paths.ts';
import { browserUrl } from '../../check/unsafe-url.ts';

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** Pages with an Atom feed beside them (see `write-feeds.ts`), one feed per locale. */
const FEED_ROUTES = new Set([CHANGELOG_ROUTE]);
const FEED_EXTENSION = '.atom';

/**
 * The feed a link points at, in the page's own locale: `/changelog.atom` -> `/ru/changelog.atom` on a
 * Russian page. write-feeds names each feed after its page's site path (`/ru/changelog` -> `/ru/changelog.atom`),
 * so unlike a static file it differs per locale. `route` is the page's route, or undefined when it has no feed.
 */
function feedPath(ctx: PageContext, route: string | undefined): string | undefined {
  return route !== undefined && FEED_ROUTES.has(route) ? `${ctx.localizePath(route).replace(/\/$/, '')}${FEED_EXTENSION}` : undefined;
}

/**
 * Rewrites relative `.md` links to the route of that file in the page's own locale, puts the locale
 * prefix on absolute `/paths`, and records every link with its position for the link checker.
 */
export const remarkLinks: Plugin<[], Root> = () => (tree, file) => {
  const { ctx, out } = pageData(file);
  // An in-page anchor or a link off the site is recorded as it is written; true when `raw` is one.
  const anchorOrExternal = (raw: string, line: number | undefined, column: number | undefined): boolean => {
    if (raw.startsWith('#')) out.links.push({ raw, kind: 'anchor', hash: raw.slice(1), line, column });
    // As the browser reads it: `java\tscript:x` has a scheme (remark-unsafe-urls reports it), it is no relative path.
    else if (EXTERNAL.test(browserUrl(raw)) || raw.startsWith('//')) out.links.push({ raw, kind: 'external', line, column });
    else return false;
    return true;
  };
  const handle = (node: Link | Definition) => {
    const raw = node.url;
    const line = node.position ? node.position.start.line + ctx.bodyLineOffset : undefined;
    const column = node.position?.start.column;
    // A heading's own `#` link is not one the writer wrote.
    if (raw.startsWith('#') && ((node as Link).data as { hProperties?: { className?: string[] } } | undefined)?.hProperties?.className?.includes('hash-link')) return;
    if (anchorOrExternal(raw, line, column)) return;
    const hashAt = raw.indexOf('#');
    const target = hashAt === -1 ? raw : raw.slice(0, hashAt);
    const hash = hashAt === -1 ? undefined : raw.slice(hashAt + 1);
    const queryAt = target.indexOf('?');
    const pathname = decodedOrAsIs(queryAt === -1 ? target : target.slice(0, queryAt));
    const query = queryAt === -1 ? '' : target.slice(queryAt);
    if (pathname.startsWith('/')) {
      // A file such as `/img/flow.png` is the same in every locale; a page path gets the locale prefix, and
      // so does a page's feed (`/changelog.atom`), which the build writes once per locale.
      const isFile = /\.(?!html?$)[a-z0-9]+$/i.test(pathname);
      const feed = pathname.endsWith(FEED_EXTENSION) ? feedPath(ctx, pathname.slice(0, -FEED_EXTENSION.length)) : undefined;
      const localized = feed ?? (isFile ? pathname : ctx.localizePath(pathname.replace(/\/index(\.html)?$|\.html$/, '').replace(/(.)\/$/, '$1')));
      node.url = localized + query + (hash !== undefined ? `#${hash}` : '');
      out.links.push({ raw, kind: 'path', path: localized, hash, line, column });
      return;
    }
    // Relative: resolved against the file (for .md) like an editor would.
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(ctx.relPath), pathname));
    // `./changelog.atom` beside `changelog.md`: that page's feed.
    const feed = resolved.endsWith(FEED_EXTENSION) ? feedPath(ctx, ctx.routeOfRelPath(`${resolved.slice(0, -FEED_EXTENSION.length)}.md`)) : undefined;
    if (feed !== undefined) {
      node.url = feed + query + (hash !== undefined ? `#${hash}` : '');
      out.links.push({ raw, kind: 'path', path: feed, hash, line, column });
      return;
    }
    const rel = resolved.endsWith('.md') ? resolved : `${resolved.replace(/\/$/, '')}.md`;
    const folder = resolved.replace(/\/$/, '');
    const route = ctx.routeOfRelPath(rel) ?? ctx.routeOfRelPath(`${folder}/index.md`) ?? ctx.routeOfRelPath(`${folder}/README.md`);
    if (route !== undefined) {
      const localized = ctx.localizePath(route);
      node.url = localized + (hash !== undefined ? `#${hash}` : '');
      out.links.push({ raw, kind: 'doc', path: localized, hash, line, column });
    } else {
      out.links.push({ raw, kind: 'doc', path: undefined, hash, line, column });
    }
  };
  // An image is a file the browser loads from the page's URL: `/img/x.png` from the site root, a
  // relative `./img/x.png` against the page (on `/ru/guide`: `/ru/img/x.png`). Remote images are not checked.
  let pageUrl: URL | undefined;
  /** The site path a URL written on this page leads to, as the browser resolves it against the page's URL. */
  const onPage = (raw: string) => {
    pageUrl ??= new URL(ctx.localizePath(ctx.routeOfRelPath(ctx.relPath) ?? '/'), 'http://site');
    return decodedOrAsIs(new URL(raw, pageUrl).pathname);
  };
  const image = (node: Image) => {
    const raw = node.url;
    if (!raw || raw.startsWith('#') || EXTERNAL.test(raw) || raw.startsWith('//')) return;
    const line = node.position ? node.position.start.line + ctx.bodyLineOffset : undefined;
    const column = node.position?.start.column;
    const pathname = raw.startsWith('/') ? decodedOrAsIs(raw.replace(/[?#].*$/, '')) : onPage(raw);
    out.links.push({ raw, kind: 'image', path: pathname, line, column });
  };
  // A link or image written as HTML (`<a href>`, `<img src>`) goes to the page as written, so it is
  // checked as the browser reads it: a path from the site root or the page's URL, not a `.md` file.
  const htmlLink = (raw: string, line: number | undefined, column: number | undefined) => {
    if (anchorOrExternal(raw, line, column)) return;
    const hashAt = raw.indexOf('#');
    const hash = hashAt === -1 ? undefined : raw.slice(hashAt + 1);
    const pathname = onPage(raw);
    // As written (`/ru/`, `/x.html`): the link check takes it to its route's form, knowing the locale homes.
    out.links.push({ raw, kind: 'path', path: pathname, hash, line, column });
  };
  // Scanned as written in the file (with a list's indent or a quote's `>`), so columns are the editor's.
  const html = (node: Html) => {
    const { start, end } = node.position ?? {};
    const text = start?.offset !== undefined && end?.offset !== undefined ? String(file.value).slice(start.offset, end.offset) : node.value;
    for (const link of htmlLinks(text)) {
      if (!link.url) continue;
      const before = text.slice(0, link.index).split('\n');
      const line = start ? start.line + before.length - 1 : undefined;
      const column = start ? (before.length === 1 ? start.column + link.index : before.at(-1)!.length + 1) : undefined;
      if (link.tag === 'img') image({ type: 'image', url: link.url, position: line !== undefined ? { start: { line, column: column! }, end: end! } : undefined });
      else htmlLink(link.url, line === undefined ? undefined : line + ctx.bodyLineOffset, column);
    }
  };
  // One walk for links, definitions, images and HTML.
  visit(tree, (node) => {
    if (node.type === 'link' || node.type === 'definition') handle(node);
    else if (node.type === 'image') image(node);
    else if (node.type === 'html' && /<(a|img)\b/i.test(node.value)) html(node);
  });
};
