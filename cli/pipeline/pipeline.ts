/**
 * The pipeline: config → content → compile → routes → render → check, giving the site's files. `paydocs
 * build` runs it once and emits the files (build-site.ts); `paydocs dev` keeps one alive, runs it
 * again with each change, and serves the files from memory (cli/dev/). A run after a change does only
 * what the change requires (graph.ts, and the compile memo below the compile stage).
 *
 * Concurrency stays inside the stage that owns it: the compile workers (compile/compile-site.ts) start
 * first and warm up while the config and the content load; the site data the directives render and
 * the browser bundle load while the workers compile; the search indexes build on their own thread
 * while the pages render.
 */
import type { PaydocsConfig } from '../../config/index.ts';
import { DiagnosticList, PaydocsError, type Diagnostic } from '../diagnostics.ts';
import { codeKey } from '../cache/code-key.ts';
import { compileCacheSpec, hasCompileCache } from '../cache/compile-cache.ts';
import { Changes } from './graph.ts';
import { timedStep } from './step.ts';
import { loadConfig } from './load/load-config.ts';
import { loadContent, type ContentTree } from './load/load-content.ts';
import { listCustomPages } from './load/content-dirs.ts';
import { loadCustomPages, type CustomPageModule } from './load/custom-pages.ts';
import { loadAndCheckRedirects, type RedirectEntry } from './load/load-redirects.ts';
import { writeRedirects } from './emit/write-redirects.ts';
import { addSiteFiles } from './emit/site-files.ts';
import { checkCustomPages } from './check/check-custom-pages.ts';
import { SiteDataLoader } from './load/site-data-loader.ts';
import { compileSite, startCompileWorkersFor } from './compile/compile-site.ts';
import { CompileMemo } from './compile/compile-memo.ts';
import { directivesUsedBy } from './compile/directives.ts';
import type { CompiledPage } from './compile/compile-markdown.ts';
import { buildRoutes, type LocaleRoutes } from './routes/build-routes.ts';
import { bundleSite, type SiteBundle } from './render/bundle-site.ts';
import { contentHash, renderPages, type PageChunk, type RenderedSite } from './render/render-pages.ts';
import { checkSiteLinks } from './check/check-site.ts';
import { writeFeeds, type Feeds } from './emit/write-feeds.ts';
import { startSearchIndex, type SearchIndexRun } from './search/search-stage.ts';
import type { OutputFiles, OutputValue } from './emit/emit-site.ts';

export interface PipelineOptions {
  root: string;
  /**
   * `build`: one run; pages minified and indexed for search; a broken link is an error. `dev`: runs
   * again on every change and keeps the last good version of whatever breaks (config, theme, a page,
   * the data); a broken link is a warning, since a writer may link a page before writing it.
   */
  mode: 'build' | 'dev';
  /** Build only these locales (default: all). */
  locales?: string[];
  /** Read and write `.paydocs/cache/` (compile, data and search caches). */
  cache?: boolean;
  checkAnchors?: boolean;
  /** Times each stage (`--verbose`). */
  onStep?: (name: string, ms: number) => void;
}

/** What one run of the pipeline gives: the site, and everything the drivers report or serve. */
export interface SiteOutput {
  config: PaydocsConfig;
  content: ContentTree;
  compiled: Map<string, CompiledPage[]>;
  locales: LocaleRoutes[];
  redirects: RedirectEntry[];
  feeds: Feeds;
  custom: CustomPageModule[];
  rendered: RenderedSite;
  /** Every file of the site but the pages' HTML (`rendered.html`, rendered when written or requested). */
  files: OutputFiles;
  /** Every site path a link may point to. */
  linkable: Set<string>;
  diagnostics: DiagnosticList;
  /** Problems of the code the site is built with (config, theme, React pages) that dev works around with the last good version. */
  codeErrors: Diagnostic[];
  /** The search indexes (build): the build closes their thread once the files are written. */
  search?: SearchIndexRun;
  /** Docs that came from the compile cache, of `docs`. */
  reused: number;
  docs: number;
}

export interface Pipeline {
  /** Runs the pipeline; `changed` (paths relative to the project) after the first run. */
  run(changed?: Iterable<string>): Promise<SiteOutput>;
  close(): Promise<void>;
}

export function createPipeline(options: PipelineOptions): Pipeline {
  const { root, mode } = options;
  const step = timedStep(options.onStep);
  const state = new PipelineState(options);
  let first = true;

  async function run(changed?: Iterable<string>): Promise<SiteOutput> {
    const changes = first || !changed ? Changes.all() : Changes.of(changed);
    // Compile workers warm up while the config and the content load: the first run on a real site, without
    // the cache of an earlier run. With it, the pages are looked up first, and workers start only for
    // enough misses. A dev session's later runs compile in-process only what changed (the compile memo).
    const warm = options.cache === true && hasCompileCache(root);
    const workers = first && !warm ? startCompileWorkersFor(root) : undefined;
    const startWorkers = first ? () => startCompileWorkersFor(root, undefined, { force: true }) : undefined;
    first = false;
    const diagnostics = new DiagnosticList();
    try {
      const config = await step('load config', () => state.config(changes));
      const content = await step('load content', () => loadContent({ root, config, mode, diagnostics, cache: state.reads, categoryCache: state.categories }));
      const customNames = listCustomPages(root);
      const data = state.data.load({ config, changes, step }); // the pages that render it wait for it
      const bundle = state.bundle(config, changes); // the render waits for it
      const compiled = await step('compile markdown', () =>
        compileSite(content, {
          config,
          diagnostics,
          workers,
          startWorkers,
          later: { data: data.then((d) => d.markdown), needs: (doc) => directivesUsedBy(doc.body).length > 0 },
          cache: state.compileCache(config),
          memo: state.memo,
          keepLastGood: mode === 'dev',
        }),
      );
      for (const d of (await data).problems) diagnostics.add(d);
      const feeds = await step('write feeds', () => writeFeeds({ config, pages: compiled.pages, diagnostics }));
      const locales = await step('build routes', () => buildRoutes({ config, pages: compiled.pages, categories: content.categories, customPages: customNames }));
      const redirects = await step('check redirects', () => state.redirects({ config, content, customPages: customNames, diagnostics }));
      const linkable = await step('check links', () => checkSiteLinks({ root, config, content, compiled: compiled.pages, locales, feeds, redirects, checkAnchors: options.checkAnchors ?? false, mode, diagnostics }));
      // Errors so far are kept, not thrown: the writer sees every error of the run at once.
      const { client, custom } = await step('bundle client', () => withErrorsSoFar(bundle, diagnostics));
      const css = client.css + compiled.css;
      const cssFile = `assets/style-${contentHash(css)}.css`;
      const search = mode === 'build' ? await step('build search index', () => startSearchIndex({ root, config, locales, diagnostics, cache: options.cache, searchWorker: client.extra['search-worker']!, threads: workers ? 1 : 0 })) : undefined;
      const rendered = await step('render pages', () =>
        renderPages({ config, locales, custom, searchFiles: search?.searchFiles, feeds: feeds.links, chunkCache: state.chunks, assets: { entry: client.entry, preload: client.preload, css: [config.baseUrl + cssFile], pageChunks: client.pageChunks } }),
      );
      const files: OutputFiles = new Map<string, OutputValue>([...client.files, ...rendered.files, ...(search?.files ?? []), [cssFile, css], ...feeds.files, ...writeRedirects(config, redirects)]);
      if (mode === 'build') {
        // Rendered once here to check their links, and written as rendered.
        const customHtml = await step('check page links', () => checkCustomPages({ root, config, locales, rendered, compiled: compiled.pages, linkable, checkAnchors: options.checkAnchors ?? false, diagnostics }));
        for (const [file, html] of customHtml) rendered.html.set(file, () => html);
        await step('write site files', () => addSiteFiles({ root, config, locales, rendered, files, diagnostics }));
      }
      const docs = [...content.docs.values()].reduce((n, list) => n + list.length, 0);
      return { config, content, compiled: compiled.pages, locales, redirects, feeds, custom, rendered, files, linkable, diagnostics, codeErrors: state.codeErrors, search, reused: compiled.reused, docs };
    } finally {
      // Not awaited: a worker takes up to a tenth of a second to tear down its heap, and nothing after the compile needs them.
      void workers?.close();
    }
  }

  return { run, close: () => state.close() };
}

/**
 * What the pipeline keeps from one run to the next: the inputs that a run reuses unless the graph says
 * they changed, the caches below the stages, and (dev) the last good version of what broke.
 */
class PipelineState {
  readonly #options: PipelineOptions;
  /** Markdown files read, by path: unchanged ones come back as the same objects (see load-content.ts). */
  readonly reads: NonNullable<Parameters<typeof loadContent>[0]['cache']> = new Map();
  readonly categories: NonNullable<Parameters<typeof loadContent>[0]['categoryCache']> = new Map();
  readonly memo = new CompileMemo();
  /** Page chunks by site path (dev): only the pages that changed are serialized again. */
  readonly chunks: Map<string, PageChunk> | undefined;
  readonly data: SiteDataLoader;
  codeErrors: Diagnostic[] = [];
  #config: PaydocsConfig | undefined;
  #bundle: Promise<{ custom: CustomPageModule[]; client: SiteBundle }> | undefined;
  #redirects: RedirectEntry[] = [];
  /** The compile cache is read by the first run only: after it, the memo holds every page. */
  #compileCacheRead = false;

  constructor(options: PipelineOptions) {
    this.#options = options;
    this.chunks = options.mode === 'dev' ? new Map() : undefined;
    this.data = new SiteDataLoader({ root: options.root, cache: options.cache, keepLastGood: options.mode === 'dev' });
  }

  /** The config, loaded again when it or the theme changed. In dev, a broken one leaves the last good in place and its error in `codeErrors`. */
  async config(changes: Changes): Promise<PaydocsConfig> {
    if (this.#config && !changes.has('config') && !changes.has('code')) return this.#config;
    try {
      const loaded = await loadConfig(this.#options.root);
      const { locales } = this.#options;
      this.#config = locales ? { ...loaded, i18n: { ...loaded.i18n, locales: loaded.i18n.locales.filter((l) => locales.includes(l)) } } : loaded;
      this.codeErrors = [];
    } catch (error) {
      if (!this.#config || this.#options.mode === 'build') throw error;
      this.codeErrors = asDiagnostics(error);
    }
    return this.#config;
  }

  /** The browser bundle and the React pages, made again when the config or the code changed (dev keeps the last good set while one is broken). */
  bundle(config: PaydocsConfig, changes: Changes): Promise<{ custom: CustomPageModule[]; client: SiteBundle }> {
    if (this.#bundle && !changes.has('code')) return this.#bundle;
    const { root, mode } = this.#options;
    const next = Promise.all([bundleSite({ root, config, mode }), loadCustomPages(root, config.i18n.locales)]).then(([client, custom]) => ({ client, custom }));
    const previous = this.#bundle;
    this.#bundle =
      previous && mode === 'dev'
        ? next.catch(async (error: unknown) => {
            this.codeErrors = [...this.codeErrors, ...asDiagnostics(error)];
            return previous;
          })
        : next;
    // Awaited by the run (the render needs it); until then a failure must not go unhandled.
    this.#bundle.catch(() => undefined);
    return this.#bundle;
  }

  /** Each compile reads the entries of the last run from `.paydocs/cache/pages/` and writes this one's (in dev, the first run only). */
  compileCache(config: PaydocsConfig) {
    if (!this.#options.cache || (this.#options.mode === 'dev' && this.#compileCacheRead)) return undefined;
    this.#compileCacheRead = true;
    return compileCacheSpec(this.#options.root, codeKey(), config);
  }

  /** The redirect table, checked against the pages; dev keeps serving the last good one while it is broken. */
  redirects(input: { config: PaydocsConfig; content: ContentTree; customPages: string[]; diagnostics: DiagnosticList }): RedirectEntry[] {
    const table = new DiagnosticList();
    const loaded = loadAndCheckRedirects({ root: this.#options.root, config: input.config, content: input.content, customPages: input.customPages, diagnostics: table });
    for (const d of table.items) input.diagnostics.add(d);
    if (!table.errors.length || this.#options.mode === 'build') this.#redirects = loaded;
    return this.#redirects;
  }

  async close(): Promise<void> {
    await this.data.close();
  }
}

/**
 * The bundle, or its failure together with the errors the run found before it: the writer sees them
 * all at once. (A failure that is no diagnostic, with no other error, is thrown as it is: a bug.)
 */
async function withErrorsSoFar<T>(bundle: Promise<T>, diagnostics: DiagnosticList): Promise<T> {
  try {
    return await bundle;
  } catch (error) {
    if (error instanceof PaydocsError) diagnostics.items.push(...error.diagnostics);
    else if (diagnostics.errors.length > 0) diagnostics.add({ rule: 'bundle', message: `cannot bundle the browser code: ${(error as Error).message}` });
    diagnostics.throwIfErrors();
    throw error;
  }
}

function asDiagnostics(error: unknown): Diagnostic[] {
  return error instanceof PaydocsError ? error.diagnostics : [{ severity: 'error', rule: 'dev', message: (error as Error).message }];
}

