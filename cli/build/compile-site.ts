/**
 * Compiling a whole site: on worker threads for a real site (see compile-worker.ts), in-process for a
 * small one. Kept apart from compile-markdown.ts, which the workers import: the pool's own imports
 * (esbuild, to bundle the worker) stay out of every worker.
 */
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PaydocsConfig } from '../../config/index.ts';
import type { Diagnostic, DiagnosticList } from '../diagnostics.ts';
import type { CompiledPage } from './compile-markdown.ts';
import type { WorkerReply, WorkerRequest } from './compile-worker.ts';
import { DOCS_DIR, I18N_DIR } from './content-dirs.ts';
import type { ContentTree, SourceDoc } from './load-content.ts';
import type { MarkdownData } from './markdown/types.ts';
import { bundledWorker } from './worker-bundle.ts';

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

/** Starts `count` compile workers (from the cached bundle of compile-worker.ts; see `bundledWorker`). */
export function startCompileWorkers(count: number): CompileWorkers {
  const started = bundledWorker(fileURLToPath(new URL('./compile-worker.ts', import.meta.url)), 'compile-worker').then((url) => {
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
  const [{ createProcessor }, { createStyleToClass }, { compileMarkdown }] = await Promise.all([import('./markdown/create-processor.ts'), import('./markdown/highlighter.ts'), import('./compile-markdown.ts')]);
  const styleToClass = createStyleToClass();
  const processor = await createProcessor({ styleToClass });
  const pages = compileMarkdown(content, { config: options.config, processor, diagnostics: options.diagnostics, data: options.data });
  return { pages, css: styleClassesCss(styleToClass.getClassRegistry() as Map<string, string | Record<string, string>>) };
}
