/**
 * The second half of a build, from the compiled pages to the written site: routes, link checks,
 * the client bundle, search indexes, rendering and the atomic emit. A module of its own so that
 * its imports (React's server renderer, the theme, esbuild) load while the workers compile, not
 * before they start (see build-site.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PaydocsConfig } from '../../config/index.ts';
import { PaydocsError, type DiagnosticList } from '../diagnostics.ts';
import { RENDERER_DIR } from '../package-root.ts';
import type { BuildOptions, BuildResult, Step } from './pipeline.ts';
import { buildRoutes } from './routes/build-routes.ts';
import { collectSearchIndex, searchSources } from './search/build-search-index.ts';
import { indexSearchSource } from './search/index-search-source.ts';
import type { SearchIndexPool } from './search/search-index-pool.ts';
import { searchIndexCache } from '../cache/search-cache.ts';
import { bundleClient } from './render/bundle-client.ts';
import { checkCustomPageLinks, checkLinks, checkNavbarLinks, checkTranslatedHeadingIds, linkTargets } from './check/check-links.ts';
import type { CompiledPage } from './compile/compile-markdown.ts';
import type { ContentTree } from './load/load-content.ts';
import { listCustomPages, PAGES_DIR, STATIC_DIR } from './load/content-dirs.ts';
import { loadCustomPages } from './load/custom-pages.ts';
import { emitSite, listFiles, type OutputFiles, type OutputValue } from './emit/emit-site.ts';
import { CONFIG_FILE } from './load/load-config.ts';
import { loadAndCheckRedirects } from './load/load-redirects.ts';
import { outputFileOf } from './routes/site-paths.ts';
import { writeFeeds } from './emit/write-feeds.ts';
import { writeLlms } from './emit/write-llms.ts';
import { siteRedirects, writeRedirects } from './emit/write-redirects.ts';
import { contentHash, renderPages } from './render/render-pages.ts';
import { buildRobots, buildSitemap } from './emit/write-seo-files.ts';

export interface OutputInput {
  options: BuildOptions;
  /** Runs and times a stage (`--verbose`). */
  step: Step;
  config: PaydocsConfig;
  content: ContentTree;
  compiled: Map<string, CompiledPage[]>;
  highlightCss: string;
  diagnostics: DiagnosticList;
  /** Search-index threads the build started (a site big enough for them); else the indexes are built in-process. The build closes them. */
  searchPool?: SearchIndexPool;
  /** `compilerKey()` when the build keeps its cache (`.paydocs/cache/`): the search indexes are kept there too. */
  compiler?: string;
  /** `bundleSite()`, started while the workers compiled. */
  bundled: ReturnType<typeof bundleSite>;
}

/**
 * The browser bundle (esbuild) and the custom pages (imported for prerendering): they need only the
 * config, so the build starts them while the workers compile, and the output waits for them only
 * if they are not done by then.
 */
export function bundleSite(root: string, config: PaydocsConfig) {
  return Promise.all([
    bundleClient({ root, baseUrl: config.baseUrl, customPages: listCustomPages(root), minify: true, extraEntries: { 'search-worker': path.join(RENDERER_DIR, 'search/worker.ts') } }),
    loadCustomPages(root, config.i18n.locales),
  ]);
}

/** Routes, checks, bundle, search, render and emit of a compiled site. */
export async function outputSite(input: OutputInput): Promise<Omit<BuildResult, 'reused' | 'docs'>> {
  const { options, step, config, content, compiled, highlightCss, diagnostics } = input;
  const { root } = options;
  const customNames = listCustomPages(root);
  const feeds = await step('write feeds', () => writeFeeds({ config, pages: compiled, diagnostics }));
  const locales = await step('build routes', () => buildRoutes({ config, pages: compiled, categories: content.categories, customPages: customNames }));
  const known = new Set(locales.flatMap((l) => l.routes.map((r) => r.href)));
  const redirects = await step('check redirects', () => loadAndCheckRedirects({ root, config, content, customPages: customNames, diagnostics }));
  const moved = new Map(siteRedirects(config, redirects).map((r) => [r.from, r.to]));
  const linkable = linkTargets({ config, root, locales, feeds: [...feeds.links.values()].map((f) => f.href), redirected: moved.keys() });
  const checkAnchors = options.checkAnchors ?? false;
  await step('check links', () => {
    checkLinks({ pages: compiled, known: linkable, checkAnchors, redirected: moved, drafts: content.drafts, diagnostics });
    const configFile = path.join(root, CONFIG_FILE);
    checkNavbarLinks({ config, file: CONFIG_FILE, source: existsSync(configFile) ? readFileSync(configFile, 'utf8') : undefined, known: linkable, diagnostics });
    checkTranslatedHeadingIds({ pages: compiled, defaultLocale: config.i18n.defaultLocale, diagnostics });
  });
  // Errors so far are kept, not thrown: the custom pages' links are known only after rendering them,
  // and the writer should see every error of the run at once.
  const [bundle, custom] = await step('bundle client', () =>
    input.bundled.catch((error: unknown) => {
      // Keep the errors found so far: the writer sees them together with this one.
      if (error instanceof PaydocsError) diagnostics.items.push(...error.diagnostics);
      else if (diagnostics.errors.length > 0) diagnostics.add({ rule: 'bundle', message: `cannot bundle the browser code: ${(error as Error).message}` });
      diagnostics.throwIfErrors();
      throw error;
    }),
  );
  const css = bundle.css + highlightCss;
  const cssFile = `assets/style-${contentHash(css)}.css`;
  // The indexes are built beside the rendering (on a worker, for a site big enough to gain from it); the
  // pages link to them by names known now.
  const sources = await step('build search index', () => searchSources({ root, config, locales, diagnostics }));
  // With the cache, a locale whose index was built from the same sources before takes it from there (see search-cache.ts).
  const searchCode = input.compiler;
  const cache = searchCode === undefined ? undefined : searchIndexCache(root, searchCode);
  const reused = new Map(sources.flatMap((source) => {
    const json = cache?.get(source);
    return json === undefined ? [] : [[source, json] as const];
  }));
  const background = input.searchPool?.index(sources.filter((source) => !reused.has(source)));
  const search = collectSearchIndex(sources, (source) => {
    const json = reused.get(source) ?? background?.get(source) ?? indexSearchSource(source);
    if (cache && !reused.has(source)) {
      if (typeof json === 'string') cache.keep(source, json);
      else json.then((built) => cache.keep(source, built)).catch(() => undefined);
    }
    return json;
  });
  const searchFiles = Object.fromEntries(Object.entries(search.byLocale).map(([l, f]) => [l, { worker: bundle.extra['search-worker']!, index: f.index, version: f.version }]));
  const rendered = await step('render pages', () =>
    renderPages({ config, locales, custom, searchFiles, feeds: feeds.links, assets: { entry: bundle.entry, preload: bundle.preload, css: [config.baseUrl + cssFile], pageChunks: bundle.pageChunks } }),
  );
  const customHtml = await step('check page links', () => {
    const pages = locales.flatMap((l) => l.routes.filter((r) => r.kind === 'page').map((r) => ({ href: r.href, component: r.component })));
    const sources = new Map(customNames.map((n) => [n, readFileSync(path.join(root, PAGES_DIR, `${n}.tsx`), 'utf8')]));
    const list = pages.map((p) => ({ href: p.href, file: `${PAGES_DIR}/${p.component}.tsx`, source: sources.get(p.component), output: outputFileOf(config, p.href), html: rendered.html.get(outputFileOf(config, p.href))! }));
    return checkCustomPageLinks({ config, pages: list, known: linkable, compiled, checkAnchors, diagnostics });
  });
  diagnostics.throwIfErrors(options.strict);
  const files: OutputFiles = new Map<string, OutputValue>([...bundle.files, ...rendered.files, ...search.files, [cssFile, css]]);
  // Each page's HTML is rendered as it is written (in 'emit'): holding every page's HTML at once made
  // memory grow with the site.
  for (const [file, render] of rendered.html) files.set(file, customHtml.get(file) ?? render);
  files.set('sitemap.xml', buildSitemap(config, rendered.pages));
  for (const [file, text] of feeds.files) files.set(file, text);
  files.set('robots.txt', buildRobots(config));
  for (const [file, text] of [...writeRedirects(config, redirects), ...writeLlms(config, locales, rendered.pages)]) files.set(file, text);
  // A file of content/static at a path the build writes (a page, its Markdown twin, the sitemap) was
  // replaced by the build's own without a word.
  for (const rel of listFiles(path.join(root, STATIC_DIR))) {
    if (!files.has(rel)) continue;
    diagnostics.add({
      file: `${STATIC_DIR}/${rel}`,
      rule: 'static-clash',
      message: `the build writes \`${rel}\` itself${/(^|\/)index\.html$/.test(rel) ? ` (the page \`${config.baseUrl}${rel.replace(/(^|\/)index\.html$/, '')}\`)` : ''}, and its file would replace this one`,
      hint: `rename or move the file in ${STATIC_DIR}`,
    });
  }
  diagnostics.throwIfErrors(options.strict);
  const verify = options.checkBuiltSite
    ? async (dir: string) => {
        const { checkBuiltSite } = await import('./check/check-built-site.ts');
        // Named as the user wrote it; the crawl runs on the temporary folder before it replaces the output.
        const outName = path.relative(root, options.outDir).split(path.sep).join('/') || '.';
        const sources = new Map(locales.flatMap((l) => l.routes.map((r): [string, string] => [r.href, r.kind === 'page' ? `${PAGES_DIR}/${r.component}.tsx` : r.page.doc.file])));
        await checkBuiltSite({ dir, config, redirects, outName, root, sourceOf: (href) => sources.get(href), ...options.checkBuiltSite! });
      }
    : undefined;
  const written = files.size;
  if (!options.dryRun) await step('emit', () => emitSite({ outDir: options.outDir, files, staticDir: existsSync(path.join(root, STATIC_DIR)) ? path.join(root, STATIC_DIR) : undefined, verify }));
  return { config, warnings: diagnostics.warnings, files: written, pages: known.size };
}
