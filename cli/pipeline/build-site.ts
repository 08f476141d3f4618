/**
 * `paydocs build` and `paydocs check`: one run of the pipeline, then its files written to a temporary
 * folder, checked there (`--check-links`) and swapped in for the output folder (emit/emit-site.ts), so
 * that a failed build leaves the previous site as it was.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PaydocsConfig } from '../../config/index.ts';
import type { Diagnostic } from '../diagnostics.ts';
import { createPipeline } from './pipeline.ts';
import { timedStep } from './step.ts';
import { emitSite } from './emit/emit-site.ts';
import { PAGES_DIR, STATIC_DIR } from './load/content-dirs.ts';

export interface BuildOptions {
  root: string;
  outDir: string;
  /** Build only these locales (default: all). */
  locales?: string[];
  /** Validate only; write nothing. */
  dryRun?: boolean;
  checkAnchors?: boolean;
  strict?: boolean;
  /** Read and write `.paydocs/cache/` (`paydocs build` does unless given `--no-cache`). */
  cache?: boolean;
  /** Write `.gz` and `.br` beside each text file (`--precompress`). */
  precompress?: boolean;
  /** Crawl the written site with linkinator before it replaces `outDir` (`--check-links`). */
  checkBuiltSite?: { external: boolean; log?: (line: string) => void };
  onStep?: (name: string, ms: number) => void;
}

export interface BuildResult {
  config: PaydocsConfig;
  warnings: Diagnostic[];
  files: number;
  pages: number;
  /** Docs that came from the compile cache, of `docs`. */
  reused: number;
  docs: number;
}

export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const { root } = options;
  const pipeline = createPipeline({ root, mode: 'build', locales: options.locales, cache: options.cache, checkAnchors: options.checkAnchors, onStep: options.onStep });
  const step = timedStep(options.onStep);
  let site: Awaited<ReturnType<typeof pipeline.run>> | undefined;
  try {
    site = await pipeline.run();
    const { config, locales, files, diagnostics } = site;
    diagnostics.throwIfErrors(options.strict);
    const written = files.size;
    const pages = locales.reduce((n, l) => n + l.routes.length, 0);
    const verify = options.checkBuiltSite ? verifier(options, site) : undefined;
    if (!options.dryRun) await step('emit', () => emitSite({ outDir: options.outDir, files, precompress: options.precompress, staticDir: existsSync(path.join(root, STATIC_DIR)) ? path.join(root, STATIC_DIR) : undefined, verify }));
    return { config, warnings: diagnostics.warnings, files: written, pages, reused: site.reused, docs: site.docs };
  } finally {
    await site?.search?.close();
    await pipeline.close();
  }
}

/** The crawl of the written site by linkinator, on the temporary folder before it replaces the output. */
function verifier(options: BuildOptions, site: Awaited<ReturnType<ReturnType<typeof createPipeline>['run']>>) {
  const { root } = options;
  return async (dir: string) => {
    const { checkBuiltSite } = await import('./check/check-built-site.ts');
    // Named as the user wrote it.
    const outName = path.relative(root, options.outDir).split(path.sep).join('/') || '.';
    const sources = new Map(site.locales.flatMap((l) => l.routes.map((r): [string, string] => [r.href, r.kind === 'page' ? `${PAGES_DIR}/${r.component}.tsx` : r.page.doc.file])));
    await checkBuiltSite({ dir, config: site.config, redirects: site.redirects, outName, root, sourceOf: (href) => sources.get(href), ...options.checkBuiltSite! });
  };
}
