import type { PaydocsConfig } from '../../config/index.ts';
import { DiagnosticList, type Diagnostic } from '../diagnostics.ts';
import { compileSite, startCompileWorkersFor } from './compile-site.ts';
import type { SourceDoc } from './load-content.ts';
import { startSearchIndexPool, type SearchIndexPool } from './search-index-pool.ts';

/**
 * The directives that render the reference data (`content/data`) or the OpenAPI document: a page
 * with one waits for them. (Their plugins, remark-data-table, remark-status-diagram and
 * remark-api-operation, are not imported for their names: the main thread never loads the Markdown chain.)
 */
export const needsLaterData = (doc: SourceDoc): boolean => /::(?:api-operation|data-table|status-diagram)\b/.test(doc.body);

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
  /** Crawl the written site with linkinator before it replaces `outDir` (`--check-links`). */
  checkBuiltSite?: { external: boolean; log?: (line: string) => void };
  onStep?: (name: string, ms: number) => void;
}

export interface BuildResult {
  config: PaydocsConfig;
  warnings: Diagnostic[];
  files: number;
  pages: number;
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
  let searchPool: SearchIndexPool | undefined;
  let output: Promise<typeof import('./output-site.ts')> | undefined;
  let bundled: ReturnType<(typeof import('./output-site.ts'))['bundleSite']> | undefined;
  try {
    const { config, content, compiled, highlightCss } = await (async () => {
      // The loaders of the reference data and the OpenAPI document (and their validators, Ajv and
      // @readme/openapi-parser) load once the workers are compiling: loaded here, they held up the
      // config and the content the workers wait for.
      const [{ loadConfig }, { loadContent }] = await Promise.all([import('./load-config.ts'), import('./load-content.ts')]);
      const loaded = await step('load config', () => loadConfig(root));
      const config: PaydocsConfig = options.locales ? { ...loaded, i18n: { ...loaded.i18n, locales: loaded.i18n.locales.filter((l) => options.locales!.includes(l)) } } : loaded;
      const content = await step('load content', () => loadContent({ root, config, mode: 'build', diagnostics }));
      const { pages, css } = await step('compile markdown', () => {
        // The reference data and the OpenAPI document load while the workers compile the pages that
        // use neither (loaded first, they kept them waiting): loading starts once the first batches
        // are handed out.
        const data = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
          const reference = await step('load data', async () => (await import('./load-data.ts')).loadData({ root, diagnostics }));
          const api = await step('load api', async () => (await import('./api/load-api.ts')).loadApi({ root, locales: config.i18n.locales, defaultLocale: config.i18n.defaultLocale, diagnostics }));
          return { reference, api };
        });
        const later = { data, needs: needsLaterData };
        const compiling = compileSite(content, { config, diagnostics, workers, later });
        output = import('./output-site.ts');
        // The search-index threads load while the workers compile (one per locale, at most two):
        // started when the output needs them, they left a core idle while they loaded.
        if (workers) searchPool = startSearchIndexPool(Math.min(2, config.i18n.locales.length));
        bundled = output.then((m) => m.bundleSite(root, config));
        bundled.catch(() => undefined); // awaited by the output, or on failure below
        return compiling;
      });
      return { config, content, compiled: pages, highlightCss: css };
    })().finally(() => {
      // Not awaited: a worker takes up to a tenth of a second to tear down its heap, and the output needs none of them.
      void workers?.close().catch(() => undefined);
    });
    const { outputSite } = await output!;
    return await outputSite({ options, step, config, content, compiled, highlightCss, diagnostics, searchPool, bundled: bundled! });
  } catch (error) {
    // The bundle started beside the compile: a failed build ends when it does, not before.
    await bundled?.catch(() => undefined);
    throw error;
  } finally {
    await searchPool?.close();
  }
}
