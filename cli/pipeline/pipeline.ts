import type { PaydocsConfig } from '../../config/index.ts';
import { DiagnosticList, type Diagnostic } from '../diagnostics.ts';
import { compileCacheSpec, USES_API, USES_DATA } from '../cache/compile-cache.ts';
import { codeKey } from '../cache/code-key.ts';
import { compileSite, startCompileWorkersFor } from './compile/compile-site.ts';
import type { SourceDoc } from './load/load-content.ts';
import { startSearchIndexPool, type SearchIndexPool } from './search/search-index-pool.ts';

/**
 * The directives that render the reference data (`content/data`) or the OpenAPI document: a page
 * with one waits for them. (Named in compile-cache.ts, not taken from their plugins: the main thread
 * never loads the Markdown chain.)
 */
export const needsLaterData = (doc: SourceDoc): boolean => USES_API.test(doc.body) || USES_DATA.test(doc.body);

export type Step = <T>(name: string, fn: () => T | Promise<T>) => Promise<T>;

export interface BuildOptions {
  root: string;
  outDir: string;
  /** Build only these locales (default: all). */
  locales?: string[];
  /** Validate only; write nothing. */
  dryRun?: boolean;
  checkAnchors?: boolean;
  strict?: boolean;
  /**
   * Keep each doc's compiled page in `.paydocs/cache/` and compile again only the docs that changed
   * (`paydocs build` does unless given `--no-cache`; see compile-cache.ts).
   */
  cache?: boolean;
  /** Crawl the written site with linkinator before it replaces `outDir` (`--check-links`). */
  checkBuiltSite?: { external: boolean; log?: (line: string) => void };
  onStep?: (name: string, ms: number) => void;
}

export interface BuildResult {
  config: PaydocsConfig;
  warnings: Diagnostic[];
  files: number;
  pages: number;
  /** Docs that came from the compile cache, of `docs` compiled or reused (`cache` builds). */
  reused: number;
  docs: number;
}

/**
 * The pipeline: config -> content -> compile -> routes -> check -> bundle -> render -> emit. The
 * compile workers start first, before the rest of the pipeline is even imported; while they
 * compile, the main thread loads the modules of the stages after compiling (output-site.ts) and
 * starts the browser bundle.
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const { root } = options;
  const step: Step = async (name, fn) => {
    const t0 = performance.now();
    const value = await fn();
    options.onStep?.(name, performance.now() - t0);
    return value;
  };
  const diagnostics = new DiagnosticList();
  // Compile workers (a real site; a small one compiles in-process) warm up while the config and content load.
  const workers = startCompileWorkersFor(root);
  const compiler = options.cache ? Promise.resolve(codeKey()) : undefined;
  compiler?.catch(() => undefined); // awaited once the content is in; a failure then means no cache
  let searchPool: SearchIndexPool | undefined;
  let output: Promise<typeof import('./output-site.ts')> | undefined;
  let bundled: ReturnType<(typeof import('./output-site.ts'))['bundleSite']> | undefined;
  try {
    const { config, content, compiled, highlightCss, reused } = await (async () => {
      // The loaders of the reference data and the OpenAPI document (and their validators, Ajv and
      // @readme/openapi-parser) load once the workers are compiling: loaded here, they held up the
      // config and the content the workers wait for.
      const [{ loadConfig }, { loadContent }] = await Promise.all([import('./load/load-config.ts'), import('./load/load-content.ts')]);
      const loaded = await step('load config', () => loadConfig(root));
      const config: PaydocsConfig = options.locales ? { ...loaded, i18n: { ...loaded.i18n, locales: loaded.i18n.locales.filter((l) => options.locales!.includes(l)) } } : loaded;
      const content = await step('load content', () => loadContent({ root, config, mode: 'build', diagnostics }));
      const { pages, css, reused } = await step('compile markdown', async () => {
        // The reference data and the OpenAPI document load while the workers compile the pages that
        // use neither (loaded first, they kept them waiting): loading starts once the first batches
        // are handed out.
        // With the cache, they come from it while none of their files changed (see site-data.ts).
        const data = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
          const { loadSiteData } = await import('./load/site-data.ts');
          const compiled = await compiler?.catch(() => undefined);
          const code = compiled;
          const loaded = await loadSiteData({ root, locales: config.i18n.locales, defaultLocale: config.i18n.defaultLocale, cache: code === undefined ? undefined : { code }, step });
          for (const d of [...loaded.problems.data, ...loaded.problems.api]) diagnostics.add(d);
          return { reference: loaded.reference, api: loaded.api };
        });
        const later = { data, needs: needsLaterData };
        // A compile code that fails to bundle costs the cache, not the build (the in-process compile does not need the bundle).
        const key = await compiler?.catch(() => undefined);
        const cache = key === undefined ? undefined : compileCacheSpec(root, key, config);
        const compiling = compileSite(content, { config, diagnostics, workers, later, cache });
        output = import('./output-site.ts');
        // The search-index thread loads while the workers compile: started when the output needs it,
        // it left a core idle while it loaded. One for every locale, in turn, beside the rendering on
        // the main thread: a thread per locale cost one more start and warm-up of the tokenizer and
        // the stemmers, on a machine whose two cores the rendering and the writers already share
        // (bench/README.md, *What changed*).
        if (workers) searchPool = startSearchIndexPool(1);
        bundled = output.then((m) => m.bundleSite(root, config));
        bundled.catch(() => undefined); // awaited by the output, or on failure below
        return compiling;
      });
      return { config, content, compiled: pages, highlightCss: css, reused };
    })().finally(() => {
      // Not awaited: a worker takes up to a tenth of a second to tear down its heap, and the output needs none of them.
      void workers?.close().catch(() => undefined);
    });
    const { outputSite } = await output!;
    const result = await outputSite({ options, step, config, content, compiled, highlightCss, diagnostics, searchPool, bundled: bundled!, compiler: await compiler?.catch(() => undefined) });
    return { ...result, reused, docs: [...content.docs.values()].reduce((n, docs) => n + docs.length, 0) };
  } catch (error) {
    // The bundle started beside the compile: a failed build ends when it does, not before.
    await bundled?.catch(() => undefined);
    throw error;
  } finally {
    await searchPool?.close();
  }
}
