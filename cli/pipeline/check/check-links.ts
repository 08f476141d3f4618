import path from 'node:path';
import type { PaydocsConfig } from '../../../config/index.ts';
import { routePathOf } from '../../../shared/route-path.ts';
import { PaydocsError, type DiagnosticList } from '../../diagnostics.ts';
import type { LocaleRoutes } from '../routes/build-routes.ts';
import type { CompiledPage } from '../compile/compile-markdown.ts';
import { listFiles } from '../emit/emit-site.ts';
import { generatedPaths } from '../emit/write-llms.ts';
import { DOCS_DIR, I18N_DIR, STATIC_DIR } from '../load/content-dirs.ts';
import { htmlLinks } from './html-links.ts';
import { decodedOrAsIs, localeOfSitePath, localePrefix, sitePath } from '../routes/site-paths.ts';
import { closest, levenshtein } from './suggest.ts';

export interface CheckLinksInput {
  pages: Map<string, CompiledPage[]>;
  /** Every site path that will exist: routes, redirects, static files. */
  known: ReadonlySet<string>;
  /** Report links to missing headings too (off by default: the spec ignores broken anchors). */
  checkAnchors: boolean;
  /** Old site paths that redirect (`/ru/x` -> `/ru/y`): a link to one works, but gets a warning. */
  redirected?: ReadonlyMap<string, string>;
  /** Docs left out of the build as drafts (`content/docs/x.md`): a link to one is an error that says so. */
  drafts?: ReadonlySet<string>;
  /** Files with errors of their own, to which a link is left alone; by default the files `diagnostics` has errors for. */
  failed?: ReadonlySet<string>;
  diagnostics: DiagnosticList;
}

/**
 * Every site path a link may lead to, in build and dev alike: the pages, their feeds, old paths that
 * redirect, the files copied from content/static and the files the build writes beside the pages.
 */
export function linkTargets(input: { config: PaydocsConfig; root: string; locales: LocaleRoutes[]; feeds: Iterable<string>; redirected: Iterable<string> }): Set<string> {
  const { config, root, locales } = input;
  const pages = locales.flatMap((l) => l.routes.map((r) => r.href));
  const statics = listFiles(path.join(root, STATIC_DIR)).map((f) => config.baseUrl + f);
  return new Set([...pages, ...input.feeds, ...input.redirected, ...statics, ...generatedPaths(config, locales)]);
}

/** `./api/x.md#h` written in `guide/y.md` -> `guide/api/x.md` (the file an editor would open). */
function resolveRelFile(fromRelPath: string, raw: string): string {
  const target = raw.replace(/[?#].*$/, '');
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(fromRelPath), decodedOrAsIs(target))).replace(/\/$/, '');
  return joined.endsWith('.md') ? joined : `${joined}.md`;
}

/** A fragment as the id it names; a malformed escape (`#%E0%A4%A`) names no id but is kept as written. */
const decodedHash = (hash: string) => decodedOrAsIs(hash, decodeURIComponent);

function closestAnchor(hash: string, ids: Iterable<string>): string | undefined {
  let best: string | undefined;
  let score = Infinity;
  for (const id of ids) {
    const d = levenshtein(hash, id);
    if (d < score) [best, score] = [id, d];
  }
  return score <= Math.max(2, hash.length / 3) ? best : undefined;
}

/**
 * Every internal link of every compiled page must point at a page that will exist; anchors on request.
 * A link to a file that exists but failed to load is left alone: that file's own error says why.
 */
export function checkLinks({ pages, known, checkAnchors, redirected, drafts, failed: failedFiles, diagnostics }: CheckLinksInput): void {
  const failed: ReadonlySet<string | undefined> = failedFiles ?? new Set(diagnostics.errors.map((d) => d.file));
  // Every doc's path below its locale's root (`api/x.md`), for the file a broken link may have meant.
  const docFiles = new Set([...pages.values()].flatMap((list) => list.map((p) => p.doc.relPath)));
  const ids = new Map<string, Set<string>>();
  for (const list of pages.values()) for (const p of list) ids.set(p.href, new Set(p.headingIds));
  const anchorHint = (hash: string, target: string) => {
    const guess = closestAnchor(hash, ids.get(target) ?? []);
    return guess ? `did you mean \`#${guess}\`?` : undefined;
  };
  // Files compiled in their own locale; a missing translation shows the English text, whose links
  // are checked there, unless the build left English out (`--locale ru`).
  const originals = new Set([...pages.values()].flatMap((list) => list.filter((p) => p.doc.translation !== 'missing').map((p) => p.doc.file)));
  // A relative image resolves against each page's URL, so an untranslated page's copy can miss what the original finds.
  const missingImages = new Set<string>();
  for (const list of pages.values()) {
    for (const page of list) {
      const copy = page.doc.translation === 'missing' && originals.has(page.doc.file);
      const localeRoot = page.doc.file.slice(0, page.doc.file.length - page.doc.relPath.length);
      for (const link of page.links) {
        if (link.kind === 'external') continue;
        const where = { file: page.doc.file, line: link.line, column: link.column };
        if (link.kind === 'image') {
          if (known.has(link.path!)) continue;
          const key = `${page.doc.file}:${link.line}:${link.column}:${link.path}`;
          if (missingImages.has(key)) continue;
          missingImages.add(key);
          const relative = !link.raw.startsWith('/');
          diagnostics.add({
            ...where,
            rule: 'missing-image',
            message: `image \`${link.raw}\`${relative ? ` on \`${page.href}\`` : ''}: no such file (looked in \`${STATIC_DIR}${link.path}\`)`,
            hint: relative
              ? `a relative image loads from the page's URL; images are files in ${STATIC_DIR}, so write the path from the site root, e.g. \`/${link.raw.replace(/^(\.\.?\/)+/, '')}\``
              : `put the file in ${STATIC_DIR}, or fix the path`,
          });
          continue;
        }
        if (copy) continue;
        if (link.kind === 'anchor') {
          const hash = link.hash ? decodedHash(link.hash) : '';
          if (checkAnchors && hash && !ids.get(page.href)?.has(hash)) {
            diagnostics.add({ ...where, rule: 'broken-anchor', message: `no heading \`#${link.hash}\` on this page`, hint: anchorHint(hash, page.href) });
          }
          continue;
        }
        if (!link.path) {
          const rel = resolveRelFile(page.doc.relPath, link.raw);
          if (failed.has(`${localeRoot}${rel}`) || failed.has(`${DOCS_DIR}/${rel}`)) continue;
          // The file is there, but a build leaves a draft out (and its translations with it): a published
          // page must not link to it, and "no file" would send the writer looking for a file that exists.
          if (drafts?.has(`${DOCS_DIR}/${rel}`)) {
            diagnostics.add({
              ...where,
              rule: 'draft-link',
              message: `link to \`${link.raw}\`: the page is a draft (\`draft: true\` in \`${DOCS_DIR}/${rel}\`), left out of builds`,
              hint: 'remove `draft: true` from that page when it is ready, or remove the link',
            });
            continue;
          }
          // The writer links to files: the nearest file, as a link from this one (`./service_list.md`).
          const guess = closest(rel, docFiles);
          const dir = path.posix.dirname(page.doc.relPath);
          const relative = guess === undefined ? undefined : path.posix.relative(dir, guess);
          diagnostics.add({
            ...where,
            rule: 'broken-link',
            message: `link to \`${link.raw}\`: no file \`${DOCS_DIR}/${rel}\``,
            hint: relative !== undefined ? `did you mean \`${relative.startsWith('../') ? relative : `./${relative}`}\`?` : 'check the file name: a link to a page is to its `.md` file, relative to this file',
          });
          continue;
        }
        // A path as an HTML link writes it (`/ru`, `/x/`, `/x.html`) takes the route's form, as the router does.
        const target = routePathOf(link.path, (root) => known.has(root));
        if (!known.has(target) && !known.has(link.path)) {
          const guess = closest(target, known);
          // A relative path to a `.md` file that is no page's path: an HTML link written like a Markdown one.
          const mdInHtml = !link.raw.startsWith('/') && /\.md(?:[?#]|$)/.test(link.raw);
          const hint = mdInHtml
            ? `an HTML link is a path the browser reads, not a file: use a Markdown link \`[…](${link.raw})\`, or the page's path from the site root`
            : guess
              ? `did you mean \`${guess}\`?`
              : `check the path of \`${target}\``;
          diagnostics.add({ ...where, rule: 'broken-link', message: `link to \`${link.raw}\`: no page at \`${target}\``, hint });
          continue;
        }
        const moved = redirected?.get(target);
        if (moved) {
          diagnostics.add({ ...where, severity: 'warning', rule: 'redirected-link', message: `link to \`${link.raw}\`: \`${link.path}\` is redirected to \`${moved}\``, hint: 'link to the page itself' });
          continue;
        }
        if (checkAnchors && link.hash) {
          const hash = decodedHash(link.hash);
          const targetIds = ids.get(target);
          if (targetIds && !targetIds.has(hash)) diagnostics.add({ ...where, rule: 'broken-anchor', message: `link to \`${link.raw}\`: no heading \`#${link.hash}\` on \`${link.path}\``, hint: anchorHint(hash, target) });
        }
      }
    }
  }
}

/** 1-based line and column of the first occurrence of one of `needles` in `source`. */
export function findInSource(source: string | undefined, needles: string[]): { line?: number; column?: number } {
  if (!source) return {};
  for (const needle of needles) {
    if (!needle) continue;
    const at = source.indexOf(needle);
    if (at === -1) continue;
    const before = source.slice(0, at).split('\n');
    return { line: before.length, column: before[before.length - 1]!.length + 1 };
  }
  return {};
}

export interface CheckNavbarLinksInput {
  config: PaydocsConfig;
  /** Project-relative config file and its text, to point at the line of a bad item. */
  file: string;
  source?: string;
  known: ReadonlySet<string>;
  diagnostics: DiagnosticList;
}

/** Every navbar link (`type: 'link'`) must lead to a page in every locale. */
export function checkNavbarLinks({ config, file, source, known, diagnostics }: CheckNavbarLinksInput): void {
  config.navbar.items.forEach((item, i) => {
    if (item.type !== 'link') return;
    const route = item.to.replace(/[?#].*$/, '');
    for (const locale of config.i18n.locales) {
      const target = sitePath(config, locale, route);
      if (known.has(target)) continue;
      const guess = closest(target, known);
      diagnostics.add({
        file,
        ...findInSource(source, [`'${item.to}'`, `"${item.to}"`, `\`${item.to}\``]),
        rule: 'broken-link',
        message: `navbar.items[${i}].to: no page at \`${target}\``,
        hint: guess ? `did you mean \`${guess.slice(localePrefix(config, locale).length - 1)}\`?` : 'use the route of a page, such as `/`',
      });
      return; // the same route is missing in every locale: say it once
    }
  });
}

export interface CheckRenderedLinksInput {
  config: PaydocsConfig;
  /** The source the page is made from (`content/pages/landing.tsx`), and its text for line numbers. */
  file: string;
  source?: string;
  /** Site path of the rendered page, to resolve relative hrefs. */
  pageHref: string;
  html: string;
  known: ReadonlySet<string>;
  /** Heading ids per site path, for `checkAnchors`. */
  headingIds?: ReadonlyMap<string, ReadonlySet<string>>;
  checkAnchors: boolean;
  /** Source files that failed to load (their errors are reported): the pages they would make are not missing pages. */
  failed?: ReadonlySet<string>;
  diagnostics: DiagnosticList;
}

/**
 * The Markdown files a site path would be made from: `/ru/api/x` -> `content/i18n/ru/api/x.md` or
 * `.../api/x/index.md`, and the English ones, which a missing or dropped translation falls back to.
 */
function sourceFilesOf(config: PaydocsConfig, target: string): string[] {
  const { locale, prefix } = localeOfSitePath(config, target);
  const route = target.slice(prefix.length).replace(/\/+$/, '');
  const rels = route ? [`${route}.md`, `${route}/index.md`] : ['index.md'];
  const roots = locale === config.i18n.defaultLocale ? [DOCS_DIR] : [`${I18N_DIR}/${locale}`, DOCS_DIR];
  return roots.flatMap((r) => rels.map((rel) => `${r}/${rel}`));
}

/**
 * Links of a prerendered React page (`content/pages/*.tsx`): its hrefs exist only once the component
 * has run, so the page's `<main>` is scanned. The line is where the target's path appears in the
 * `.tsx` source, when it does.
 */
export function checkRenderedLinks(input: CheckRenderedLinksInput): void {
  const { config, file, source, pageHref, html, known, headingIds, checkAnchors, failed, diagnostics } = input;
  const roots = new Set(config.i18n.locales.map((l) => localePrefix(config, l)));
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? html;
  const seen = new Set<string>();
  for (const { url: href } of htmlLinks(main).filter((l) => l.tag === 'a')) {
    if (seen.has(href) || /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue;
    seen.add(href);
    const url = new URL(href, `http://site${pageHref}`);
    const pathname = decodedOrAsIs(url.pathname);
    const target = routePathOf(pathname, (root) => roots.has(root));
    const hash = url.hash ? decodedHash(url.hash.slice(1)) : undefined;
    const rest = target.slice(localeOfSitePath(config, target).prefix.length);
    const where = { file, ...findInSource(source, [href, hash ? `${rest}#${hash}` : '', rest]) };
    // A file of content/static is served as written (`/legacy.html`), a page at its route's form.
    if (!known.has(target) && !known.has(pathname)) {
      // As for Markdown links: a page whose file failed to load is missing because of that file's error.
      if (failed?.size && sourceFilesOf(config, target).some((f) => failed.has(f))) continue;
      const guess = closest(target, known);
      diagnostics.add({ ...where, rule: 'broken-link', message: `link to \`${href}\` on \`${pageHref}\`: no page at \`${target}\``, hint: guess ? `did you mean \`${guess}\`?` : `check the path of \`${href}\`` });
    } else if (checkAnchors && hash) {
      const ids = headingIds?.get(target);
      if (ids && !ids.has(hash)) {
        const guess = closestAnchor(hash, ids);
        diagnostics.add({ ...where, rule: 'broken-anchor', message: `link to \`${href}\` on \`${pageHref}\`: no heading \`#${hash}\` on \`${target}\``, hint: guess ? `did you mean \`#${guess}\`?` : undefined });
      }
    }
  }
}

/**
 * A translation keeps the heading ids of its English page (explicit `{#id}` where the text differs),
 * so a deep link survives switching language. Missing ids are warnings: the page still works.
 */
export function checkTranslatedHeadingIds({ pages, defaultLocale, diagnostics }: { pages: Map<string, CompiledPage[]>; defaultLocale: string; diagnostics: DiagnosticList }): void {
  const source = new Map((pages.get(defaultLocale) ?? []).map((p) => [p.doc.relPath, p]));
  for (const [locale, list] of pages) {
    if (locale === defaultLocale) continue;
    for (const page of list) {
      if (page.doc.translation === 'missing') continue;
      const en = source.get(page.doc.relPath);
      if (!en) continue;
      const here = new Set(page.headingIds);
      const missing = en.headingIds.filter((id) => !here.has(id));
      if (missing.length === 0) continue;
      diagnostics.add({
        file: page.doc.file,
        severity: 'warning',
        rule: 'i18n-heading-id',
        message: `heading id${missing.length > 1 ? 's' : ''} ${missing.map((id) => `\`#${id}\``).join(', ')} of \`${en.doc.file}\` ${missing.length > 1 ? 'are' : 'is'} missing here`,
        hint: `give the matching heading the same explicit id, e.g. \`## … {#${missing[0]}}\`, so deep links survive switching language`,
      });
    }
  }
}

export interface CheckCustomPageLinksInput {
  config: PaydocsConfig;
  /** Each custom page of each locale: site path, source file and text, `dist/` file and its renderer. */
  pages: Array<{ href: string; file: string; source?: string; output: string; html: () => string }>;
  known: ReadonlySet<string>;
  compiled: Map<string, CompiledPage[]>;
  checkAnchors: boolean;
  diagnostics: DiagnosticList;
}

/** Checks the links of every custom page in every locale; returns the HTML it rendered (`dist/` file -> HTML), for reuse. */
export function checkCustomPageLinks({ config, pages, known, compiled, checkAnchors, diagnostics }: CheckCustomPageLinksInput): Map<string, string> {
  const headingIds = new Map<string, Set<string>>();
  for (const list of compiled.values()) for (const p of list) headingIds.set(p.href, new Set(p.headingIds));
  // Files with errors that are no compiled page: the same test checkLinks makes for relative `.md` links,
  // less the pages that did load (one with a broken link of its own is still a page).
  const loaded = new Set([...compiled.values()].flatMap((list) => list.map((p) => p.doc.file)));
  const failed = new Set(diagnostics.errors.flatMap((d) => (d.file && !loaded.has(d.file) ? [d.file] : [])));
  const out = new Map<string, string>();
  const failedAt = new Set<string>();
  for (const page of pages) {
    let html: string;
    try {
      html = page.html();
    } catch (error) {
      // A page that fails to render is one more error of the run: the writer sees it with the others
      // found so far (and with the other pages' failures), not alone.
      if (!(error instanceof PaydocsError)) throw error;
      // Said once per place in the code: the same page failing in every locale is one error to fix.
      for (const d of error.diagnostics) {
        // Without a line (React threw from its own code), the same message for another route is the same failure.
        const at = d.line ? `${d.file}:${d.line}:${d.column}` : `${d.file}: ${d.message.replace(/^rendering `[^`]*` /, '')}`;
        if (failedAt.has(at)) continue;
        failedAt.add(at);
        diagnostics.add(d);
      }
      continue;
    }
    out.set(page.output, html);
    checkRenderedLinks({ config, file: page.file, source: page.source, pageHref: page.href, html, known, headingIds, checkAnchors, failed, diagnostics });
  }
  return out;
}
