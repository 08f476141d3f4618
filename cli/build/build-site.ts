import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PaydocsConfig } from '../../config/index.ts';
import { DiagnosticList, type Diagnostic } from '../diagnostics.ts';
import { buildRoutes } from './build-routes.ts';
import { bundleClient } from './bundle-client.ts';
import { checkLinks } from './check-links.ts';
import { compileMarkdown } from './compile-markdown.ts';
import { listCustomPages, loadCustomPages } from './custom-pages.ts';
import { emitSite, type OutputFiles } from './emit-site.ts';
import { loadConfig } from './load-config.ts';
import { loadContent } from './load-content.ts';
import { createProcessor } from './markdown/create-processor.ts';
import { createStyleToClass } from './markdown/highlighter.ts';
import { contentHash, renderPages } from './render-pages.ts';
import { buildRobots, buildSitemap } from './write-seo-files.ts';

export interface BuildOptions {
  root: string;
  outDir: string;
  /** Build only these locales (default: all). */
  locales?: string[];
  /** Validate only; write nothing. */
  dryRun?: boolean;
  checkAnchors?: boolean;
  strict?: boolean;
  onStep?: (name: string, ms: number) => void;
}

export interface BuildResult {
  config: PaydocsConfig;
  warnings: Diagnostic[];
  files: number;
  pages: number;
}

export const STATIC_DIR = 'content/static';

/** The pipeline: config -> content -> compile -> routes -> check -> bundle -> render -> emit. */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const { root } = options;
  const step = async <T>(name: string, fn: () => T | Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const value = await fn();
    options.onStep?.(name, performance.now() - t0);
    return value;
  };
  const diagnostics = new DiagnosticList();
  const loaded = await step('load config', () => loadConfig(root));
  const config: PaydocsConfig = options.locales ? { ...loaded, i18n: { ...loaded.i18n, locales: loaded.i18n.locales.filter((l) => options.locales!.includes(l)) } } : loaded;
  const content = await step('load content', () => loadContent({ root, config, mode: 'build', diagnostics }));
  const styleToClass = createStyleToClass();
  const processor = await step('create processor', () => createProcessor({ styleToClass }));
  const compiled = await step('compile markdown', () => compileMarkdown(content, { config, processor, diagnostics }));
  const customNames = listCustomPages(root);
  const locales = await step('build routes', () => buildRoutes({ config, pages: compiled, categories: content.categories, customPages: customNames }));
  const known = new Set(locales.flatMap((l) => l.routes.map((r) => r.href)));
  await step('check links', () => checkLinks({ pages: compiled, known, checkAnchors: options.checkAnchors ?? false, diagnostics }));
  diagnostics.throwIfErrors(options.strict);
  const [bundle, custom] = await step('bundle client', () => Promise.all([bundleClient({ root, baseUrl: config.baseUrl, customPages: customNames, minify: true }), loadCustomPages(root, config.i18n.locales)]));
  const css = bundle.css + styleToClass.getCSS();
  const cssFile = `assets/style-${contentHash(css)}.css`;
  const rendered = await step('render pages', () =>
    renderPages({ config, locales, custom, assets: { entry: bundle.entry, preload: bundle.preload, css: [config.baseUrl + cssFile], pageChunks: bundle.pageChunks } }),
  );
  const files: OutputFiles = new Map<string, string | Uint8Array>([...bundle.files, ...rendered.files, [cssFile, css]]);
  await step('render html', () => {
    for (const [file, render] of rendered.html) files.set(file, render());
  });
  files.set('sitemap.xml', buildSitemap(config, rendered.pages));
  files.set('robots.txt', buildRobots(config));
  if (!options.dryRun) await step('emit', () => emitSite({ outDir: options.outDir, files, staticDir: existsSync(path.join(root, STATIC_DIR)) ? path.join(root, STATIC_DIR) : undefined }));
  return { config, warnings: diagnostics.warnings, files: files.size, pages: known.size };
}
