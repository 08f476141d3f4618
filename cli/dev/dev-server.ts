import { existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { watch } from 'chokidar';
import type { PaydocsConfig } from '../../config/index.ts';
import type { PageData } from '../../shared/page-data.ts';
import { buildRoutes } from '../pipeline/routes/build-routes.ts';
import { DOCS_DIR, I18N_DIR, listCustomPages, PAGES_DIR, STATIC_DIR } from '../pipeline/load/content-dirs.ts';
import { writeFeeds } from '../pipeline/emit/write-feeds.ts';
import { bundleClient } from '../pipeline/render/bundle-client.ts';
import { checkLinks, linkTargets } from '../pipeline/check/check-links.ts';
import { CompileCache, compileCacheSpec, compileThrough, entryName, reusedNote, USES_API, USES_DATA, writeCacheIndex, type CacheIndex, type CompileCacheSpec } from '../cache/compile-cache.ts';
import { compileDoc, compileEntry, type CompiledPage } from '../pipeline/compile/compile-markdown.ts';
import { styleClassesCss } from '../pipeline/compile/compile-site.ts';
import { codeKey } from '../cache/code-key.ts';
import { loadCustomPages } from '../pipeline/load/custom-pages.ts';
import { loadConfig } from '../pipeline/load/load-config.ts';
import { loadContent, readMarkdownFile, type ReadResult, type SourceDoc } from '../pipeline/load/load-content.ts';
import { API_FILE, ERROR_CODES_FILE, loadApi } from '../pipeline/load/api/load-api.ts';
import { DATA_DIR, loadData, type ReferenceData } from '../pipeline/load/load-data.ts';
import { loadSiteData } from '../pipeline/load/site-data.ts';
import { loadAndCheckRedirects, type RedirectEntry } from '../pipeline/load/load-redirects.ts';
import { outputFileOf } from '../pipeline/routes/site-paths.ts';
import { listen } from '../serve/listen.ts';
import { siteRedirects, writeRedirects } from '../pipeline/emit/write-redirects.ts';
import { createProcessor, type MarkdownProcessor } from '../pipeline/compile/markdown/create-processor.ts';
import { createStyleToClass } from '../pipeline/compile/markdown/highlighter.ts';
import { contentHash, pageChunk, renderPages, type RenderedSite } from '../pipeline/render/render-pages.ts';
import { DiagnosticList, formatDiagnostic, PaydocsError, type Diagnostic } from '../diagnostics.ts';
import { PACKAGE_ROOT } from '../package-root.ts';
import { CONTENT_TYPES, notFoundFile, resolveRequestPath, sendFile } from '../serve/static-handler.ts';
import { DEV_CLIENT_SCRIPT } from './dev-client.ts';
import { describeRenderError } from './render-error.ts';

export interface DevServerOptions {
  root: string;
  port: number;
  host: string;
  locales?: string[];
  /** Ports after `port` to try when it is taken (`--port` left at its default). */
  tryNext?: number;
  /** Print to the terminal (tests pass a collector). */
  log?: (line: string) => void;
  /** Start from the compile cache (`.paydocs/cache/`, see compile-cache.ts): `paydocs dev` does unless given `--no-cache`. */
  cache?: boolean;
}

export interface DevServer {
  url: string;
  close(): Promise<void>;
  /** Resolves after the next rebuild triggered by a file change (tests). */
  nextRebuild(): Promise<RebuildResult>;
}

export interface RebuildResult {
  ms: number;
  errors: Diagnostic[];
  /** The warnings of the whole site after this rebuild, as the terminal lists them. */
  warnings: Diagnostic[];
  changed: string[];
}

interface State {
  config: PaydocsConfig;
  rendered: RenderedSite;
  /** Sidebar JSON per locale, to tell content edits from structure changes. */
  structure: string;
  chunks: Map<string, string>;
  /** Atom feeds (`changelog.atom`, `ru/changelog.atom`), written as `paydocs build` writes them. */
  feeds: Map<string, string>;
  /** Redirect pages and host tables, as `paydocs build` writes them (`old/index.html`, `_redirects`...). */
  redirects: Map<string, string>;
  /** HTML file -> the page it renders and the file that page comes from (a render error names it). */
  sources: Map<string, { href: string; file?: string }>;
  /** Errors of the last rebuild: content, the data it was compiled with, redirects. */
  errors: Diagnostic[];
}

/** What `loadApi` gives: the document, nothing (no file), or, depending on the version, a failure marker. */
type LoadedApi = Awaited<ReturnType<typeof loadApi>>;

function asDiagnostics(error: unknown): Diagnostic[] {
  return error instanceof PaydocsError ? error.diagnostics : [{ severity: 'error', rule: 'dev', message: (error as Error).message }];
}

/**
 * React's production build in dev too: an edit re-renders the page in a few ms instead of some
 * 30-60 ms (save-to-browser budget: 100 ms). Theme authors who want React's warnings set
 * PAYDOCS_REACT_DEV=1.
 */
const DEV_REACT = process.env.PAYDOCS_REACT_DEV ? 'development' : 'production';

/** The dev server: an in-memory build that recompiles only the files that changed and pushes them to the browser. */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const { root, log = console.log } = options;
  const readCache = new Map<string, { mtimeMs: number; result: ReadResult }>();
  // A doc is compiled again only when its source changed: unchanged files come back from `readCache`
  // as the same frontmatter object and body string, so the check is a few pointer comparisons.
  // A page that renders the API document or the reference data is compiled again when they are reloaded.
  /**
   * locale:relPath -> the page compiled from a source, and the routes it looked up while compiling
   * (its links, its operation's page): when one of those files appears, moves or goes, the page is
   * compiled again, or it would keep the warning and the dead href of a link to a page since written.
   * Its warnings are kept with it and reported on every rebuild that reuses it, not only the first.
   */
  const compileCache = new Map<string, { source: Pick<SourceDoc, 'file' | 'frontmatter' | 'body' | 'translation'>; page: CompiledPage; api?: LoadedApi; reference?: ReferenceData; lookups: Map<string, string | undefined>; problems: Diagnostic[] }>();
  /** `routeOf`, recording what it answered into `lookups`. */
  const recording = (routeOf: (rel: string) => string | undefined, lookups: Map<string, string | undefined>) => (rel: string) => {
    const route = routeOf(rel);
    lookups.set(rel, route);
    return route;
  };
  const sameLookups = (lookups: Map<string, string | undefined>, routeOf: (rel: string) => string | undefined) => [...lookups].every(([rel, route]) => routeOf(rel) === route);
  const categoryCache: NonNullable<Parameters<typeof loadContent>[0]['categoryCache']> = new Map();
  const chunkCache: NonNullable<Parameters<typeof renderPages>[0]['chunkCache']> = new Map();
  let bundleChunks: { bundle: unknown; files: Array<[string, string]> } | undefined;
  // Every route map and sidebar module of the session stays served: an open page asks for the ones
  // its site module names (on the reader's first interaction), however many saves ago that was.
  const routeModules = new Map<string, string>();
  /** relPath -> route per locale, from the last rebuild (the express update resolves links with it). */
  const lastRoutes = new Map<string, Map<string, string>>();
  /** Chunk file -> called when a browser has fetched it (the express lane waits for that). */
  const chunkServed = new Map<string, () => void>();
  /**
   * Docs that came from the compile cache at start, by source file: the first time a browser has shown one
   * of their pages (the dev client says so once the page is loaded and the browser idle), the page is
   * compiled again and the result dropped. That warms the highlighter's grammars and the compile code for
   * the page the writer is about to edit: from the cache, the first save of the API page took 0.4 s instead
   * of 0.05 s, all of it warming up. Done on the page's HTML request, it held up the page's own loading.
   */
  const coldDocs = new Map<string, SourceDoc[]>();
  const warmUp = (file: string | undefined) => {
    const docs = file === undefined ? undefined : coldDocs.get(file);
    if (!docs) return;
    coldDocs.delete(file!);
    setImmediate(() => {
      for (const doc of docs) {
        try {
          const routes = lastRoutes.get(doc.locale);
          compileEntry(doc, (rel) => routes?.get(rel), { config: state?.config ?? config, processor, data: { api, reference } });
        } catch {
          // the next save or rebuild reports whatever this page's compile meets
        }
      }
    });
  };

  /**
   * The express lane of a save: a Markdown file whose frontmatter did not change is compiled alone
   * and its page chunk sent to the browser at once, before the rebuild of everything else (routes,
   * link checks, other pages) that follows it. The rebuild finds the same chunk and sends nothing
   * more unless something else changed (a translation that falls back to this page, a link warning).
   * Any doubt (new file, frontmatter or structure change, an error) leaves the save to the rebuild.
   */
  const expressUpdate = (rel: string): Record<string, string> | undefined => {
    const s = state;
    if (!s || !rel.endsWith('.md')) return undefined;
    const cfg = s.config;
    let locale: string | undefined;
    let relPath = '';
    if (rel.startsWith(`${DOCS_DIR}/`)) {
      locale = cfg.i18n.defaultLocale;
      relPath = rel.slice(DOCS_DIR.length + 1);
    } else if (rel.startsWith(`${I18N_DIR}/`)) {
      [locale = '', relPath = ''] = rel.slice(I18N_DIR.length + 1).split(/\/(.*)/s);
    }
    if (!locale || !cfg.i18n.locales.includes(locale)) return undefined;
    const hit = compileCache.get(`${locale}:${relPath}`);
    const routes = lastRoutes.get(locale);
    if (!hit || !routes || hit.page.doc.file !== rel || hit.page.doc.translation === 'missing') return undefined;
    const abs = path.join(root, rel);
    let mtimeMs: number;
    try {
      mtimeMs = statSync(abs).mtimeMs;
    } catch {
      return undefined;
    }
    const read = readMarkdownFile(abs, rel, new DiagnosticList(), { hash: locale === cfg.i18n.defaultLocale });
    if (!read.ok || JSON.stringify(read.frontmatter) !== JSON.stringify(hit.source.frontmatter)) return undefined;
    const local = new DiagnosticList();
    const doc: SourceDoc = { ...hit.page.doc, frontmatter: read.frontmatter, body: read.body, bodyLineOffset: read.bodyLineOffset, hash: read.hash ?? hit.page.doc.hash };
    const lookups = new Map<string, string | undefined>();
    const page = compileDoc(doc, recording((r) => routes.get(r), lookups), { config: cfg, processor, diagnostics: local, data: { api, reference } });
    const before = s.rendered.pages.get(locale)?.get(page.href);
    if (local.errors.length || !before) return undefined;
    // What the rebuild will find: the same file object, body and compiled page.
    readCache.set(abs, { mtimeMs, result: read });
    compileCache.set(`${locale}:${relPath}`, { source: { file: doc.file, frontmatter: read.frontmatter, body: read.body, translation: doc.translation }, page, api, reference, lookups, problems: local.items });
    const data: PageData = { ...before, html: page.html, toc: page.toc };
    // Named as the rebuild will name it, so the rebuild finds the same chunk.
    const { chunk, file } = pageChunk(data, undefined, true);
    s.chunks.set(file, chunk!);
    s.rendered.pages.get(locale)!.set(page.href, data);
    s.rendered.chunkOf.set(page.href, cfg.baseUrl + file);
    return { [page.href]: cfg.baseUrl + file };
  };
  // Known before the first compile, which reads the compile cache (the later ones do not: see `rebuild`).
  const compiler = options.cache ? Promise.resolve(codeKey()) : undefined;
  compiler?.catch(() => undefined); // awaited below
  const styleToClass = createStyleToClass();
  const processor: MarkdownProcessor = await createProcessor({ styleToClass });
  /** Highlighting classes of the pages that came from the compile cache (the highlighter never met their code). */
  let cachedClasses: ReadonlyMap<string, string> = new Map();
  const registry = () => styleToClass.getClassRegistry() as Map<string, string | Record<string, string>>;
  let config = await loadConfig(root);
  // The OpenAPI document (with its translations) and the reference data (content/data/*.yaml) load at
  // start and again when one of their files changes; their problems join every rebuild's. While a
  // file is broken, the pages keep being compiled with its last good value (a first load takes what there is).
  let api: LoadedApi;
  let apiGood = false;
  let apiProblems: Diagnostic[] = [];
  let reference: ReferenceData | undefined;
  let referenceGood = false;
  let dataProblems: Diagnostic[] = [];
  const reloadApi = async () => {
    const list = new DiagnosticList();
    const next = await loadApi({ root, locales: config.i18n.locales, defaultLocale: config.i18n.defaultLocale, diagnostics: list });
    if (!list.errors.length || !apiGood) [api, apiGood] = [next, !list.errors.length];
    apiProblems = list.items;
  };
  const reloadData = () => {
    const list = new DiagnosticList();
    const next = loadData({ root, diagnostics: list });
    if (!list.errors.length || !referenceGood) [reference, referenceGood] = [next, !list.errors.length];
    dataProblems = list.items;
  };
  // At start, from the cache when none of their files changed (see site-data.ts); reloaded by the loaders themselves after that.
  const startCode = options.cache ? codeKey() : undefined;
  const loaded = await loadSiteData({ root, locales: config.i18n.locales, defaultLocale: config.i18n.defaultLocale, cache: startCode === undefined ? undefined : { code: startCode } });
  [api, apiProblems, reference, dataProblems] = [loaded.api, loaded.problems.api, loaded.reference, loaded.problems.data];
  apiGood = !apiProblems.some((d) => d.severity === 'error');
  referenceGood = !dataProblems.some((d) => d.severity === 'error');
  let bundle = await bundleClient({ root, baseUrl: config.baseUrl, customPages: listCustomPages(root), minify: false, react: DEV_REACT });
  let custom = await loadCustomPages(root, config.i18n.locales);
  /** The config, the theme or a React page that failed to load: dev keeps the last good ones meanwhile. */
  let codeErrors: Diagnostic[] = [];
  /** What went wrong in the last rebuild when it threw (not a content problem: a bug, shown rather than lost). */
  let flushErrors: Diagnostic[] = [];
  /** The last good redirect table: a broken one (a loop, a target that is no page) is reported, not served. */
  let redirects: RedirectEntry[] = [];
  /** HTML file -> the error its page threw while rendering, and the last HTML it rendered. */
  const renderErrors = new Map<string, Diagnostic>();
  const lastGoodHtml = new Map<string, string>();
  let state: State | undefined;
  const clients = new Set<ServerResponse>();
  const waiters: Array<(r: RebuildResult) => void> = [];

  const send = (msg: unknown) => {
    const data = `data: ${JSON.stringify(msg)}\n\n`;
    for (const c of clients) c.write(data);
  };

  const rebuild = (): { warnings: Diagnostic[]; changedHrefs: string[]; structureChanged: boolean } => {
    const diagnostics = new DiagnosticList();
    diagnostics.items.push(...apiProblems, ...dataProblems);
    const cfg: PaydocsConfig = options.locales ? { ...config, i18n: { ...config.i18n, locales: config.i18n.locales.filter((l) => options.locales!.includes(l)) } } : config;
    const content = loadContent({ root, config: cfg, mode: 'dev', diagnostics, cache: readCache, categoryCache });
    // The first compile reads the compile cache and writes this run's; later ones compile only what a
    // save changed, and keep it in memory (copying every entry to a new pack would cost each save).
    const spec: CompileCacheSpec | undefined = startKey === undefined ? undefined : compileCacheSpec(root, startKey, cfg);
    const persistent = spec && { cache: new CompileCache(spec), places: {} as CacheIndex, docs: 0 };
    startKey = undefined;
    const compiled = new Map<string, CompiledPage[]>();
    for (const [locale, docs] of content.docs) {
      const byRel = new Map(docs.map((d) => [d.relPath, d.route]));
      const list: CompiledPage[] = [];
      for (const doc of docs) {
        const id = `${locale}:${doc.relPath}`;
        const hit = compileCache.get(id);
        const same = (a: typeof doc, b: NonNullable<typeof hit>['source']) =>
          a.file === b.file && a.body === b.body && a.translation === b.translation && (a.frontmatter === b.frontmatter || JSON.stringify(a.frontmatter) === JSON.stringify(b.frontmatter));
        const sameData = (h: NonNullable<typeof hit>) => (!USES_API.test(doc.body) || h.api === api) && (!USES_DATA.test(doc.body) || h.reference === reference);
        const routeOf = (rel: string) => byRel.get(rel);
        if (hit && same(doc, hit.source) && sameData(hit) && sameLookups(hit.lookups, routeOf)) {
          for (const d of hit.problems) diagnostics.add(d);
          list.push(hit.page);
          continue;
        }
        const lookups = new Map<string, string | undefined>();
        const done = compileThrough(persistent?.cache, doc as SourceDoc, { api, reference }, recording(routeOf, lookups), registry, (lookup) => compileEntry(doc as SourceDoc, lookup, { config: cfg, processor, data: { api, reference } }));
        if (persistent) {
          persistent.docs++;
          if (done.hit) {
            coldDocs.set(doc.file, [...(coldDocs.get(doc.file) ?? []), doc as SourceDoc]);
          }
          if (done.place) persistent.places[entryName(doc)] = done.place;
        }
        const page: CompiledPage = { doc: doc as SourceDoc, ...done.page };
        for (const d of done.problems) diagnostics.add(d);
        if (done.problems.some((d) => d.severity === 'error') && hit) list.push(hit.page); // keep the last good page
        else {
          compileCache.set(id, { source: { file: doc.file, frontmatter: doc.frontmatter, body: doc.body, translation: doc.translation }, page, api, reference, lookups, problems: done.problems });
          list.push(page);
        }
      }
      compiled.set(locale, list);
      lastRoutes.set(locale, byRel);
    }
    if (persistent) {
      persistent.cache.close();
      writeCacheIndex(spec!, persistent.places, [...content.docs.keys()]);
      cachedClasses = persistent.cache.reusedClasses;
      if (persistent.cache.reused) fromCache = `; ${reusedNote(persistent.cache.reused, persistent.docs)}`;
    }
    const feeds = writeFeeds({ config: cfg, pages: compiled, diagnostics });
    const locales = buildRoutes({ config: cfg, pages: compiled, categories: content.categories, customPages: custom.map((c) => c.name) });
    // Broken links fail `paydocs build`; in dev a writer may link a page before writing it, so they are
    // terminal warnings here rather than an overlay over every page.
    const links = new DiagnosticList();
    // The redirect table is read on every rebuild (a small YAML file): it is checked against the pages.
    const table = new DiagnosticList();
    const loaded = loadAndCheckRedirects({ root, config: cfg, content, customPages: custom.map((c) => c.name), diagnostics: table });
    for (const d of table.items) diagnostics.add(d);
    if (!table.errors.length) redirects = loaded;
    const moved = new Map(siteRedirects(cfg, redirects).map((r) => [r.from, r.to]));
    // As the build: pages, feeds, redirects, content/static and the files written beside the pages.
    const known = linkTargets({ config: cfg, root, locales, feeds: [...feeds.links.values()].map((f) => f.href), redirected: moved.keys() });
    // A file with errors and no last good version (dev just started) is no page yet: its error says why.
    const failed = new Set(diagnostics.errors.flatMap((d) => (d.file === undefined ? [] : [d.file])));
    checkLinks({ pages: compiled, known, checkAnchors: false, redirected: moved, failed, diagnostics: links });
    for (const d of links.items) diagnostics.add({ ...d, severity: 'warning' });
    const css = bundle.css + styleClassesCss(new Map([...cachedClasses, ...registry()]));
    const cssFile = `assets/style-${contentHash(css)}.css`;
    const rendered = renderPages({ config: cfg, locales, custom, chunkCache, feeds: feeds.links, assets: { entry: bundle.entry, preload: bundle.preload, css: [cfg.baseUrl + cssFile], pageChunks: bundle.pageChunks } });
    // With the chunk cache, every file is text already.
    const files = [...rendered.files].map(([file, value]): [string, string] => [file, typeof value === 'function' ? value() : value]);
    for (const [file, text] of files) if (file.startsWith('assets/routes-') || file.startsWith('assets/sidebar-')) routeModules.set(file, text);
    const chunks = new Map<string, string>([...routeModules, ...files, [cssFile, css]]);
    if (bundleChunks?.bundle !== bundle) bundleChunks = { bundle, files: [...bundle.files].map(([file, data]) => [file, Buffer.from(data).toString('utf8')]) };
    for (const [file, text] of bundleChunks.files) chunks.set(file, text);
    const structure = JSON.stringify(locales.map((l) => l.sidebar));
    const changedHrefs: string[] = [];
    // Chunk names are content hashes: a page changed when its chunk name did.
    if (state) for (const [href, chunk] of rendered.chunkOf) if (state.rendered.chunkOf.get(href) !== chunk) changedHrefs.push(href);
    const structureChanged = state !== undefined && state.structure !== structure;
    const sources = new Map<string, { href: string; file?: string }>();
    for (const l of locales) for (const r of l.routes) sources.set(outputFileOf(cfg, r.href), { href: r.href, file: r.kind === 'page' ? `${PAGES_DIR}/${r.component}.tsx` : r.page.doc.file });
    for (const file of renderErrors.keys()) if (!rendered.html.has(file)) renderErrors.delete(file);
    state = { config: cfg, rendered, structure, chunks, feeds: feeds.files, redirects: writeRedirects(cfg, redirects), sources, errors: diagnostics.errors };
    return { warnings: diagnostics.warnings, changedHrefs, structureChanged };
  };

  /** Every problem that is still there, whatever found it: the overlay and new connections show this list. */
  const currentErrors = (): Diagnostic[] => [...codeErrors, ...flushErrors, ...(state?.errors ?? []), ...renderErrors.values()];

  /**
   * Renders a page's HTML. React pages and the theme run here, on request: a page that throws keeps
   * its last good HTML and its error joins the current ones (`changed` says whether that list changed).
   */
  const renderHtml = (s: State, file: string): { html: string | undefined; changed: boolean } => {
    const render = s.rendered.html.get(file);
    if (!render) return { html: undefined, changed: false };
    try {
      const html = render();
      lastGoodHtml.set(file, html);
      return { html, changed: renderErrors.delete(file) };
    } catch (error) {
      const source = s.sources.get(file);
      const d = describeRenderError({ href: source?.href ?? `/${file}`, file: source?.file, error });
      const before = renderErrors.get(file);
      renderErrors.set(file, d);
      return { html: lastGoodHtml.get(file), changed: !before || formatDiagnostic(before) !== formatDiagnostic(d) };
    }
  };
  /**
   * After a rebuild, renders the React pages (when they, the theme or the config were reloaded) and
   * every page that failed before, so that a broken page shows on save, not on the next request, and
   * a fixed one clears its error.
   */
  const checkRenders = (all: boolean) => {
    const s = state!;
    const files = new Set(renderErrors.keys());
    if (all) for (const [file, source] of s.sources) if (source.file?.startsWith(`${PAGES_DIR}/`)) files.add(file);
    for (const file of files) renderHtml(s, file);
  };

  let warned = '';
  const report = (warnings?: Diagnostic[]) => {
    const w = warnings?.map(formatDiagnostic).join('\n');
    if (warnings && w && w !== warned) log(`\n⚠ ${warnings.length} warning${warnings.length === 1 ? '' : 's'}:\n${w}`);
    if (w !== undefined) warned = w;
    const errors = currentErrors();
    if (errors.length) {
      const text = errors.map(formatDiagnostic).join('\n');
      log(`\n✖ ${errors.length} error${errors.length === 1 ? '' : 's'} (also shown in the browser; a page with errors keeps its last good version, if it had one):\n${text}`);
      send({ type: 'error', text });
    } else send({ type: 'ok' });
  };

  // A compile code that fails to bundle leaves dev without the cache, not without a server.
  let startKey = await compiler?.catch(() => undefined);
  let fromCache = '';
  const first = rebuild();
  checkRenders(true);
  report(first.warnings);

  const routesPatch = (hrefs: string[]) => Object.fromEntries(hrefs.map((href) => [href, state!.rendered.chunkOf.get(href) ?? '']));

  let timer: NodeJS.Timeout | undefined;
  const pending = new Set<string>();
  let closed = false;
  const onChange = (file: string) => {
    if (closed) return;
    pending.add(path.relative(root, file));
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), 8);
  };
  // chokidar drops a file's `change` that comes within 50 ms of the one before (its throttle), so a
  // second quick save (a formatter rewriting the file on save) was never shown: once that window has
  // passed, each file of a rebuild is looked at again and one that changed since is rebuilt.
  const mtimeOf = (rel: string) => {
    try {
      return statSync(path.join(root, rel)).mtimeMs;
    } catch {
      return undefined;
    }
  };
  let recheck: NodeJS.Timeout | undefined;
  const flush = async () => {
    const changed = [...pending];
    pending.clear();
    const seen = new Map(changed.map((f) => [f, mtimeOf(f)]));
    recheck = setTimeout(() => {
      for (const [f, mtime] of seen) if (mtimeOf(f) !== mtime) onChange(path.join(root, f));
    }, 60);
    const t0 = performance.now();
    try {
      const code = changed.some((f) => f.startsWith('renderer') || f.startsWith('content/pages') || f === 'docs.config.ts');
      // The config, the theme and the React pages reload together or not at all: while one of them is
      // broken, its error stays with the current ones (every save, every new connection) and the
      // pages are built with the last good set.
      let reloaded = false;
      const localesOf = (c: typeof config) => JSON.stringify([c.i18n.defaultLocale, c.i18n.locales]);
      const localesBefore = localesOf(config);
      if (code) {
        try {
          const nextConfig = await loadConfig(root);
          const nextBundle = await bundleClient({ root, baseUrl: nextConfig.baseUrl, customPages: listCustomPages(root), minify: false, react: DEV_REACT });
          const nextCustom = await loadCustomPages(root, nextConfig.i18n.locales);
          [config, bundle, custom, codeErrors, reloaded] = [nextConfig, nextBundle, nextCustom, [], true];
        } catch (error) {
          codeErrors = asDiagnostics(error);
        }
      }
      const apiChanged = changed.some((f) => f.startsWith(`${path.dirname(API_FILE)}/`) || f === ERROR_CODES_FILE);
      const dataChanged = changed.some((f) => f.startsWith(`${DATA_DIR}/`));
      // The document's translations are read for the config's locales: a change of them reloads it too.
      if (apiChanged || (reloaded && localesOf(config) !== localesBefore)) await reloadApi();
      if (dataChanged) reloadData();
      if (!code && !apiChanged && !dataChanged && changed.length === 1) {
        const routes = expressUpdate(changed[0]!);
        if (routes) {
          send({ type: 'update', routes });
          // The rebuild below holds the event loop and a core: first let the message out, the open
          // pages fetch the new chunk and render it (or stop waiting after a moment, when no page
          // shows it).
          const files = Object.values(routes).map((u) => u.slice(config.baseUrl.length));
          await new Promise<void>((resolve) => {
            const timer = setTimeout(done, 150);
            function done() {
              clearTimeout(timer);
              chunkServed.delete(files[0]!);
              resolve();
            }
            chunkServed.set(files[0]!, () => setTimeout(done, 50));
          });
        }
      }
      const { warnings, changedHrefs, structureChanged } = rebuild();
      flushErrors = [];
      checkRenders(reloaded);
      report(warnings);
      const errors = currentErrors();
      if (reloaded || structureChanged) send({ type: 'reload' });
      else if (changedHrefs.length) send({ type: 'update', routes: routesPatch(changedHrefs) });
      const ms = performance.now() - t0;
      log(`↻ ${changed.join(', ')} (${ms.toFixed(0)} ms${changedHrefs.length ? `, ${changedHrefs.length} page${changedHrefs.length === 1 ? '' : 's'} updated` : ''})`);
      for (const w of waiters.splice(0)) w({ ms, errors, warnings, changed });
    } catch (error) {
      flushErrors = asDiagnostics(error);
      report();
      for (const w of waiters.splice(0)) w({ ms: performance.now() - t0, errors: currentErrors(), warnings: [], changed });
    }
  };

  const watcher = watch([path.join(root, 'content'), path.join(root, 'docs.config.ts'), path.join(PACKAGE_ROOT, 'renderer')], { ignoreInitial: true });
  watcher.on('all', (_event, file) => onChange(file));
  // A save made once the server is up is seen: chokidar reports nothing before its first scan is done.
  const watching = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  const staticDir = path.join(root, STATIC_DIR);
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/__paydocs/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
      const errors = currentErrors();
      res.write(`data: ${JSON.stringify(errors.length ? { type: 'error', text: errors.map(formatDiagnostic).join('\n') } : { type: 'hello' })}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    const s = state!;
    const htmlFileOf = (pathname: string) => {
      const clean = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
      return (clean.endsWith('/') ? `${clean}index.html` : `${clean}/index.html`).slice(s.config.baseUrl.length);
    };
    if (url.pathname === '/__paydocs/shown') {
      res.writeHead(204).end();
      let shown = url.searchParams.get('path') ?? '';
      try {
        shown = decodeURIComponent(shown); // location.pathname, percent-encoded
      } catch {
        return;
      }
      warmUp(s.sources.get(htmlFileOf(shown))?.file);
      return;
    }
    const rel = url.pathname.slice(s.config.baseUrl.length);
    const chunk = s.chunks.get(rel);
    if (chunk !== undefined) {
      res.once('finish', () => chunkServed.get(rel)?.());
      res.writeHead(200, { 'Content-Type': rel.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(chunk);
      return;
    }
    const feed = s.feeds.get(rel);
    if (feed !== undefined) {
      res.writeHead(200, { 'Content-Type': 'application/atom+xml; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(feed);
      return;
    }
    const html = (file: string, status = 200) => {
      if (!s.rendered.html.has(file)) return false;
      const { html: page, changed } = renderHtml(s, file);
      if (changed) report();
      // A page that has never rendered: an empty page whose dev client shows the error.
      const body = page ?? '<!doctype html><html><head><meta charset="utf-8"><title>paydocs: render error</title></head><body></body></html>';
      res.writeHead(page === undefined ? 500 : status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(body.replace('</body>', `<script type="module">${DEV_CLIENT_SCRIPT}</script></body>`));
      return true;
    };
    let p = url.pathname;
    try {
      p = decodeURIComponent(p);
    } catch {
      // fall through to 404
    }
    if (p.split('/').includes('..')) return void html('404.html', 404);
    const asFile = htmlFileOf(p);
    if (html(asFile)) return;
    // An old path from content/redirects.yaml: the page `paydocs build` writes there (and its host tables).
    for (const file of [asFile, rel]) {
      const text = s.redirects.get(file);
      if (text === undefined) continue;
      res.writeHead(200, { 'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
      res.end(text);
      return;
    }
    if (existsSync(staticDir)) {
      const file = resolveRequestPath(staticDir, `/${rel}`);
      if (file && statSync(file).isFile()) return sendFile(req, res, file);
    }
    const locale = s.config.i18n.locales.find((l) => l !== s.config.i18n.defaultLocale && rel.startsWith(`${s.config.i18n.localeConfigs[l]?.path ?? l}/`));
    const nf = locale ? `${s.config.i18n.localeConfigs[locale]?.path ?? locale}/404.html` : '404.html';
    if (!html(nf, 404)) {
      const fallback = notFoundFile(staticDir, p);
      if (fallback) return sendFile(req, res, fallback, 404);
      res.writeHead(404).end('Not found');
    }
  };
  // Nothing a request meets may end the session: the writer is mid-edit.
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      log(`\n✖ ${req.url}: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end();
    });
  };
  const server = createServer(handler);
  let port: number;
  try {
    [port] = await Promise.all([listen(server, { port: options.port, host: options.host, tryNext: options.tryNext, log }), watching]);
  } catch (error) {
    await watcher.close(); // else it keeps the process alive after the error is printed
    throw error;
  }
  const url = `http://${options.host === '0.0.0.0' ? 'localhost' : options.host}:${port}`;
  log(`paydocs dev: ${url}${config.baseUrl} (watching content/${fromCache})`);
  return {
    url,
    async close() {
      closed = true;
      clearTimeout(timer);
      clearTimeout(recheck);
      await watcher.close();
      for (const c of clients) c.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    nextRebuild: () => new Promise((resolve) => waiters.push(resolve)),
  };
}

export type { PageData };
