import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import * as esbuild from 'esbuild';
import { VFile } from 'vfile';
import type { PaydocsConfig } from '../../config/index.ts';
import { stringsFor } from '../../renderer/i18n/strings.ts';
import type { Diagnostic, DiagnosticList } from '../diagnostics.ts';
import type { WorkerReply, WorkerRequest } from './compile-worker.ts';
import { DOCS_DIR, I18N_DIR, type ContentTree, type SourceDoc } from './load-content.ts';
import type { MarkdownProcessor } from './markdown/create-processor.ts';
import type { LinkRef, MarkdownData, PageFileData, Section, TocItem } from './markdown/types.ts';
import { sitePath } from './site-paths.ts';

export interface CompiledPage {
  doc: SourceDoc;
  /** Site path with base and locale prefix: `/ru/api/x`. */
  href: string;
  html: string;
  toc: TocItem[];
  links: LinkRef[];
  sections: Section[];
  headingIds: string[];
}

export interface CompileOptions {
  config: PaydocsConfig;
  processor: MarkdownProcessor;
  diagnostics: DiagnosticList;
  /** Compiled pages of earlier runs, reused while the source is the same object (dev). */
  cache?: WeakMap<SourceDoc, CompiledPage>;
  /** Data the directives render (the API document). */
  data?: MarkdownData;
}

/** Compiles one doc. Problems found by the plugins go to `diagnostics` with the file's real line numbers. */
export function compileDoc(doc: SourceDoc, routeOfRelPath: (rel: string) => string | undefined, options: CompileOptions): CompiledPage {
  const { config, processor, diagnostics } = options;
  const file = new VFile({ value: doc.body, path: doc.file });
  const data: PageFileData = {
    ctx: {
      locale: doc.locale,
      relPath: doc.relPath,
      file: doc.file,
      bodyLineOffset: doc.bodyLineOffset,
      strings: stringsFor(doc.locale),
      routeOfRelPath,
      localizePath: (route) => (route.startsWith(config.baseUrl) && route !== '/' && isLocalized(config, route) ? route : sitePath(config, doc.locale, route)),
      tocMin: config.theme.toc.min,
      tocMax: config.theme.toc.max,
      data: options.data ?? {},
    },
    out: { toc: [], links: [], sections: [], headingIds: [], problems: [] },
  };
  file.data.paydocs = data;
  const html = String(processor.processSync(file));
  for (const p of data.out.problems) diagnostics.add({ file: doc.file, line: p.line, column: p.column, rule: p.rule, severity: p.severity, message: p.message });
  const sections = data.out.sections;
  if (sections[0]) sections[0].title = doc.frontmatter.title;
  return { doc, href: sitePath(config, doc.locale, doc.route), html, toc: data.out.toc, links: data.out.links, sections, headingIds: data.out.headingIds };
}

function isLocalized(config: PaydocsConfig, p: string): boolean {
  return config.i18n.locales.some((l) => l !== config.i18n.defaultLocale && p.startsWith(`${config.baseUrl}${config.i18n.localeConfigs[l]?.path ?? l}/`));
}

/** Compiles every doc of every locale. */
export function compileMarkdown(content: ContentTree, options: CompileOptions): Map<string, CompiledPage[]> {
  const out = new Map<string, CompiledPage[]>();
  for (const [locale, docs] of content.docs) {
    const byRel = new Map(docs.map((d) => [d.relPath, d.route]));
    const routeOfRelPath = (rel: string) => byRel.get(rel);
    out.set(
      locale,
      docs.map((doc) => {
        const hit = options.cache?.get(doc);
        if (hit) return hit;
        const page = compileDoc(doc, routeOfRelPath, options);
        options.cache?.set(doc, page);
        return page;
      }),
    );
  }
  return out;
}

/** Below this many docs a build compiles in-process: starting a worker costs more than it saves. */
export const MIN_DOCS_FOR_WORKERS = 60;
const YOUNG_GENERATION_MB = 48;

/** Worker threads that compile Markdown, each with its own processor. Start them early: they warm up while the content loads. */
export interface CompileWorkers {
  readonly size: number;
  /** Compiles every doc of every locale; the result is in the same order as `content.docs`. */
  compile(content: ContentTree, options: { config: PaydocsConfig; diagnostics: DiagnosticList; data?: MarkdownData }): Promise<{ pages: Map<string, CompiledPage[]>; css: string }>;
  close(): Promise<void>;
}

/** Threads for a build: `PAYDOCS_THREADS` if set, else one per core (at most 8). */
export function defaultThreads(): number {
  const env = Number(process.env.PAYDOCS_THREADS);
  return Number.isInteger(env) && env >= 0 ? env : Math.min(availableParallelism(), 8);
}

/** Starts compile workers for the project at `root` if it is big enough to gain from them (else undefined: compile in-process). */
export function startCompileWorkersFor(root: string, threads = defaultThreads()): CompileWorkers | undefined {
  if (threads < 2) return undefined;
  let docs = 0;
  for (const dir of [DOCS_DIR, I18N_DIR]) {
    try {
      docs += readdirSync(`${root}/${dir}`, { recursive: true }).filter((f) => String(f).endsWith('.md')).length;
    } catch {
      // no such folder
    }
  }
  return docs >= MIN_DOCS_FOR_WORKERS ? startCompileWorkers(threads) : undefined;
}

/**
 * The worker's code as one ES module: compile-worker.ts and the paydocs files it imports, bundled by
 * esbuild; packages stay imports by absolute URL, loaded natively. A worker thread does not inherit
 * tsx's module hooks, and loading some 300 modules through them costs it about a second.
 */
async function workerModule(): Promise<string> {
  // import.meta.resolve follows ESM `exports`; vitest's module runner defines it but throws, hence the fallback.
  const resolve = (specifier: string) => {
    try {
      return import.meta.resolve(specifier);
    } catch {
      return pathToFileURL(createRequire(import.meta.url).resolve(specifier)).href;
    }
  };
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL('./compile-worker.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'packages-by-url',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('node:') ? { external: true } : { path: resolve(args.path), external: true }));
          // Each file keeps its own location (the bundle itself runs from a data: URL).
          build.onLoad({ filter: /\.tsx?$/ }, async (args) => ({
            loader: args.path.endsWith('x') ? 'tsx' : 'ts',
            contents: (await readFile(args.path, 'utf8'))
              .replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(args.path).href))
              .replace(/\bimport\.meta\.dirname\b/g, JSON.stringify(path.dirname(args.path)))
              .replace(/\bimport\.meta\.filename\b/g, JSON.stringify(args.path)),
          }));
        },
      },
    ],
  });
  return result.outputFiles[0]!.text;
}

/** Starts `count` compile workers (they get their code once esbuild has bundled it, in some 50 ms). */
export function startCompileWorkers(count: number): CompileWorkers {
  const started = workerModule().then((code) => {
    const url = new URL(`data:text/javascript,${encodeURIComponent(code)}`);
    // A larger young generation: compiling allocates many short-lived nodes, and scavenges were a third of the time.
    return Array.from({ length: count }, () => new Worker(url, { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } }));
  });
  // A worker that dies takes the build with it, with its own error.
  const failed = started.then(
    (workers) =>
      new Promise<never>((_, reject) => {
        for (const w of workers) {
          w.on('error', reject);
          w.on('message', (m: WorkerReply) => {
            if (m.type === 'error') reject(Object.assign(new Error(`compile worker: ${m.message}`), { stack: m.stack }));
          });
        }
      }),
  );
  failed.catch(() => undefined);
  const next = (w: Worker, type: WorkerReply['type']) =>
    Promise.race([
      failed,
      new Promise<WorkerReply>((resolve) => {
        const on = (m: WorkerReply) => {
          if (m.type === type) {
            w.off('message', on);
            resolve(m);
          }
        };
        w.on('message', on);
      }),
    ]);
  return {
    size: count,
    async compile(content, { config, diagnostics, data }) {
      const workers = await Promise.race([failed, started]);
      const all: SourceDoc[] = [...content.docs.values()].flat();
      const routes = Object.fromEntries([...content.docs].map(([locale, docs]) => [locale, docs.map((d): [string, string] => [d.relPath, d.route])]));
      for (const w of workers) w.postMessage({ type: 'init', config, routes, data: data ?? {} } satisfies WorkerRequest);
      // Longest first, handed out a few at a time as workers free up: the threads finish together.
      // A page and its translations go to the same worker, whose highlighter cache then serves the
      // code blocks they share.
      const groups = new Map<string, number[]>();
      all.forEach((doc, i) => groups.set(doc.relPath, [...(groups.get(doc.relPath) ?? []), i]));
      const size = (g: number[]) => g.reduce((n, i) => n + all[i]!.body.length, 0);
      const order = [...groups.values()].sort((a, b) => size(b) - size(a)).flat();
      const results: Array<{ page: Omit<CompiledPage, 'doc'>; diagnostics: Diagnostic[] } | undefined> = new Array(all.length);
      const batchSize = Math.max(1, Math.min(16, Math.ceil(all.length / (count * 8))));
      let cursor = 0;
      let batchId = 0;
      await Promise.all(
        workers.map(async (w) => {
          while (cursor < order.length) {
            const indexes = order.slice(cursor, cursor + batchSize);
            cursor += indexes.length;
            const id = batchId++;
            const reply = next(w, 'batch');
            w.postMessage({ type: 'batch', id, docs: indexes.map((i) => all[i]!) } satisfies WorkerRequest);
            const done = (await reply) as Extract<WorkerReply, { type: 'batch' }>;
            indexes.forEach((i, k) => (results[i] = { page: done.pages[k]!, diagnostics: done.diagnostics[k]! }));
          }
        }),
      );
      const classes = new Map<string, string>();
      for (const w of workers) {
        const reply = next(w, 'styles');
        w.postMessage({ type: 'styles' } satisfies WorkerRequest);
        for (const [name, style] of ((await reply) as Extract<WorkerReply, { type: 'styles' }>).classes) classes.set(name, style);
      }
      const pages = new Map<string, CompiledPage[]>();
      let i = 0;
      for (const [locale, docs] of content.docs) {
        pages.set(
          locale,
          docs.map((doc) => {
            const r = results[i++]!;
            for (const d of r.diagnostics) diagnostics.add(d);
            return { doc, ...r.page };
          }),
        );
      }
      return { pages, css: styleClassesCss(classes) };
    },
    async close() {
      const workers = await started.catch(() => []);
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/** The highlighting classes as CSS, sorted by name so the stylesheet (and its hash) does not depend on which thread saw a style first. */
export function styleClassesCss(classes: Map<string, string | Record<string, string>>): string {
  return [...classes]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, style]) => `.${name}{${typeof style === 'string' ? style : Object.entries(style).map(([k, v]) => `${k}:${v}`).join(';')}}`)
    .join('');
}

/**
 * Compiles every doc of every locale, on `workers` when given (a build of a real site), else
 * in-process (small sites, tests). Returns the pages and the code-highlighting CSS.
 */
export async function compileSite(content: ContentTree, options: { config: PaydocsConfig; diagnostics: DiagnosticList; workers?: CompileWorkers; data?: MarkdownData }): Promise<{ pages: Map<string, CompiledPage[]>; css: string }> {
  if (options.workers) return options.workers.compile(content, options);
  // Loaded here, not at the top: when workers compile, the main thread never needs the Markdown
  // chain, and loading its few hundred modules through tsx costs it half a second.
  const [{ createProcessor }, { createStyleToClass }] = await Promise.all([import('./markdown/create-processor.ts'), import('./markdown/highlighter.ts')]);
  const styleToClass = createStyleToClass();
  const processor = await createProcessor({ styleToClass });
  const pages = compileMarkdown(content, { config: options.config, processor, diagnostics: options.diagnostics, data: options.data });
  return { pages, css: styleClassesCss(styleToClass.getClassRegistry() as Map<string, string | Record<string, string>>) };
}
