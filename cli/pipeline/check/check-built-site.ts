import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { LinkChecker, LinkState } from 'linkinator';
import type { PaydocsConfig } from '../../../config/index.ts';
import { PaydocsError, type Diagnostic } from '../../diagnostics.ts';
import { PACKAGE_ROOT } from '../../package-root.ts';
import { resolveRequestPath } from '../../serve/static-handler.ts';
import type { RedirectEntry } from '../load/load-redirects.ts';
import { routePathOf } from '../../../shared/route-path.ts';
import { findInSource } from './check-links.ts';
import { decodedOrAsIs, localeOfSitePath, localePrefix } from '../routes/site-paths.ts';
import { markdownPathOf } from '../emit/write-llms.ts';
import { siteRedirects } from '../emit/write-redirects.ts';

export interface CheckBuiltSiteOptions {
  /** The written site (the temporary folder before the swap, or `dist/`). */
  dir: string;
  config: PaydocsConfig;
  /** Fetch external links too (default: list them only). */
  external: boolean;
  redirects?: readonly RedirectEntry[];
  /** The output folder as the user named it (`dist`, `--out site`): errors name `<outName>/guide/index.html`, not the temporary folder. */
  outName?: string;
  /** The project file a page is built from (`/ru/landing` -> `content/pages/landing.tsx`): a broken link on it is reported there. */
  sourceOf?: (href: string) => string | undefined;
  /** The project folder, to read a source file for the line of the link. */
  root?: string;
  log?: (line: string) => void;
}

export interface CheckBuiltSiteResult {
  /** Internal URLs that answered. */
  checked: number;
  /** External URLs found on the site, sorted. */
  external: string[];
  /** Where the crawl started (site paths). */
  starts: string[];
}

function regexEscape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every per-locale route map (`routes-<locale>-<hash>.js`): the page chunks a browser imports on client navigation. */
function pageChunkUrls(dir: string): string[] {
  const assets = path.join(dir, 'assets');
  if (!existsSync(assets)) return [];
  const urls: string[] = [];
  for (const name of readdirSync(assets)) {
    if (!/^routes-.+\.js$/.test(name)) continue;
    const text = readFileSync(path.join(assets, name), 'utf8').replace(/^export default /, '').replace(/;\s*$/, '');
    const routes = JSON.parse(text) as Record<string, string>;
    urls.push(...Object.values(routes));
    // The Markdown twin of every page, linked by the "Copy page as Markdown" button and llms.txt.
    urls.push(...Object.keys(routes).map(markdownPathOf));
  }
  return urls;
}

/** The output file a URL path is answered with (`/guide/` -> `dist/guide/index.html`), for diagnostics. */
function servedFile(dir: string, outName: string, pathname: string): string {
  const abs = resolveRequestPath(dir, pathname);
  return abs ? `${outName}/${path.relative(dir, abs).split(path.sep).join('/')}` : `${outName}${pathname}`;
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function failureReason(details: unknown[] | undefined): string {
  const e = details?.find((d) => d instanceof Error) as (Error & { cause?: { code?: string; message?: string } }) | undefined;
  return e ? (e.cause?.code ?? e.cause?.message ?? e.name ?? e.message) : 'no answer';
}

/** `<loc>` and `hreflang` alternates of `sitemap.xml`, as site paths. */
function sitemapPaths(dir: string, siteUrl: string): string[] {
  const file = path.join(dir, 'sitemap.xml');
  if (!existsSync(file)) return [];
  const xml = readFileSync(file, 'utf8');
  const out = new Set<string>();
  for (const m of xml.matchAll(/<loc>([^<]+)<\/loc>|\shref="([^"]+)"/g)) {
    const url = (m[1] ?? m[2]!).replace(/&amp;/g, '&');
    if (url.startsWith(siteUrl)) out.add(url.slice(siteUrl.length));
  }
  return [...out];
}

/**
 * Serves the written site on loopback the way `paydocs serve` does and crawls it with linkinator, so
 * what a browser would request is checked for real: every page and asset reachable from the locale
 * homes, plus what no `<a>` leads to: the hashed page chunks of client navigation, the Markdown twins,
 * every sitemap entry, every redirect page (and, through it, its target), llms.txt. Links to the site's
 * own public URL (canonical, hreflang, og:url) are checked on loopback too. External links are listed,
 * and fetched only with `external`.
 */
export async function checkBuiltSite({ dir, config, external, redirects = [], outName = 'dist', sourceOf, root, log = console.log }: CheckBuiltSiteOptions): Promise<CheckBuiltSiteResult> {
  const server = await serveInChild(dir);
  const origin = server.origin;
  const externalLinks = new Set<string>();
  try {
    const homes = config.i18n.locales.map((l) => localePrefix(config, l));
    const starts = [
      ...new Set([
        ...homes,
        ...homes.flatMap((h) => [`${h}llms.txt`, `${h}llms-full.txt`]),
        `${config.baseUrl}404.html`,
        ...sitemapPaths(dir, config.url),
        ...pageChunkUrls(dir),
        ...siteRedirects(config, redirects).map((r) => r.from),
      ]),
    ];
    // linkinator GETs its start URLs and leaves the body of anything that is not HTML unread; with a
    // timeout set, the abandoned stream later fails with an unhandled error and ends the process. So it
    // crawls from the HTML starts, and the files no page links to (chunks, twins, llms.txt) get a HEAD here.
    const isHtml = (p: string) => !/\.(js|md|txt|xml|css|json)$/.test(p);
    const fileProblems = await headAll(origin, starts.filter((p) => !isHtml(p)));
    const checker = new LinkChecker();
    const result = await checker.check({
      path: starts.filter(isHtml).map((p) => origin + p),
      recurse: true,
      concurrency: 16,
      // Loopback answers or fails fast; only external hosts need a time limit (see above for why not always).
      timeout: external ? 30000 : undefined,
      // A busy machine (CI, parallel tests) can drop a loopback request now and then: retry before failing.
      retryErrors: true,
      retryErrorsCount: 3,
      retryErrorsJitter: 500,
      urlRewriteExpressions: [{ pattern: new RegExp(`^${regexEscape(config.url)}(?=/|$)`), replacement: origin }],
      linksToSkip: async (link: string) => {
        if (link.startsWith(origin)) return false;
        if (/^https?:/.test(link)) {
          externalLinks.add(link);
          return !external;
        }
        return true; // mailto:, tel:, data:
      },
    });
    const broken = result.links.filter((l) => l.state === LinkState.BROKEN);
    const roots = config.i18n.locales.map((l) => localePrefix(config, l));
    const texts = new Map<string, string | undefined>();
    const diagnostics: Diagnostic[] = broken.map((l) => {
      const target = l.url.replace(origin, '');
      const status = `${l.status ? `HTTP ${l.status}` : `no response (${failureReason(l.failureDetails)})`} for \`${target}\``;
      if (!l.parent || l.parent === l.url) return { severity: 'error', rule: 'broken-link-built', message: `${status} (a start URL: sitemap, page chunk, Markdown twin, redirect or llms.txt)` };
      // Named at the file the writer edits, with the line where the URL is written when it is there as is;
      // a URL the file does not hold (the theme's, or one a directive made) at the built page.
      const parentPath = new URL(l.parent).pathname;
      const page = routePathOf(decodedOrAsIs(parentPath), (r) => roots.includes(r));
      const source = sourceOf?.(page);
      if (source !== undefined && !texts.has(source)) texts.set(source, root === undefined ? undefined : readText(path.join(root, source)));
      const at = source === undefined ? {} : findInSource(texts.get(source), [target, target.slice(localeOfSitePath(config, target).prefix.length - 1)]);
      if (at.line === undefined) return { severity: 'error', rule: 'broken-link-built', file: servedFile(dir, outName, parentPath), message: status };
      return { severity: 'error', rule: 'broken-link-built', file: source, ...at, message: `${status} on \`${page}\`` };
    });
    const unique = [...new Map([...fileProblems, ...diagnostics].map((d) => [`${d.file ?? ''} ${d.message}`, d])).values()];
    const checked = result.links.filter((l) => l.state === LinkState.OK && l.url.startsWith(origin)).length + starts.length - starts.filter(isHtml).length - fileProblems.length;
    // In file order, whatever order the crawl happened to take.
    unique.sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '') || a.message.localeCompare(b.message));
    if (unique.length) throw new PaydocsError(unique);
    const list = [...externalLinks].sort();
    log(`✔ linkinator: ${checked} URLs OK on the built site (${starts.length} start URLs); ${list.length} external links ${external ? 'checked' : 'listed, not fetched (use --external to fetch them)'}`);
    if (!external) for (const url of list) log(`  external  ${url}`);
    return { checked, external: list, starts };
  } finally {
    server.close();
  }
}

/** HEAD for each path, 16 at a time; one diagnostic per path that does not answer 200. */
async function headAll(origin: string, paths: string[]): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  const queue = [...paths];
  const worker = async () => {
    for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
      let status: number | undefined;
      let reason = '';
      for (let attempt = 0; attempt < 3 && status === undefined; attempt++) {
        try {
          status = (await fetch(origin + p, { method: 'HEAD', signal: AbortSignal.timeout(30000) })).status;
        } catch (error) {
          reason = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
        }
      }
      if (status !== 200) out.push({ severity: 'error', rule: 'broken-link-built', message: `${status ? `HTTP ${status}` : `no response (${reason})`} for \`${p}\` (a start URL: sitemap, page chunk, Markdown twin, redirect or llms.txt)` });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return out;
}

/**
 * `paydocs serve` in a child process. In this process the server would share the event loop with
 * linkinator, whose HTML parsing of a few hundred large pages starves it into timeouts.
 */
async function serveInChild(dir: string): Promise<{ origin: string; close: () => void }> {
  const child = spawn(process.execPath, [path.join(PACKAGE_ROOT, 'bin/paydocs.js'), 'serve', dir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /at (http:\/\/[^/\s]+)\//.exec(output);
      if (m) resolve(m[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`paydocs serve exited with ${code}: ${output}`)));
    child.once('error', reject);
  });
  return { origin, close: () => child.kill() };
}
