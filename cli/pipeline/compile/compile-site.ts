/**
 * Compiling a whole site: on worker threads for a real site (see compile-worker.ts), in-process for a
 * small one. Kept apart from compile-markdown.ts, which the workers import: the pool's own imports
 * (esbuild, to bundle the worker) stay out of every worker.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PaydocsConfig } from '../../../config/index.ts';
import type { Diagnostic, DiagnosticList } from '../../diagnostics.ts';
import { CompileCache, entryName, styleText, writeCacheIndex, type CacheIndex, type CompileCacheSpec, type EntryPlace } from '../../cache/compile-cache.ts';
import type { CompiledPage } from './compile-markdown.ts';
import { CompilePlan } from './compile-plan.ts';
import type { WorkerReply, WorkerRequest } from './compile-worker.ts';
import { DOCS_DIR, I18N_DIR, walkContent } from '../load/content-dirs.ts';
import type { ContentTree, SourceDoc } from '../load/load-content.ts';
import type { MarkdownData } from './markdown/types.ts';
import { bundledModule, INSTALL_STAMP } from '../../workers/worker-bundle.ts';

/** Below this many docs a build compiles in-process: starting a worker costs more than it saves. */
export const MIN_DOCS_FOR_WORKERS = 60;
/**
 * Each compile worker's young generation (V8 sizes its semi-spaces at a third of it), by the number of
 * docs: 48 MB up to about 1000 docs, growing to 192 MB from about 4000. Compiling a doc allocates about
 * 5 MB of short-lived objects (micromark's events, mdast, hast, strings), and with 48 MB a worker ran a
 * scavenge every third doc, copying what the doc in progress still held: on the 10x copy of the site,
 * 813 scavenges and 3.7 s of pauses per worker, against 203 and 1.9 s with 192 MB, and the build about
 * 10 % faster (3 interleaved pairs: 28.0-28.9 s against 25.4-27.2 s; the 50x copy took 119 s against
 * 161 s). On the real site (450 docs) 192 MB was no faster (6 interleaved pairs: 4.40 / 4.37 s) and
 * its peak memory went from 523 to 669 MiB, the semi-spaces grown to their largest (bench/README.md).
 */
export function youngGenerationMb(docs: number): number {
  return Math.min(192, Math.max(48, Math.round(docs / 20)));
}

/**
 * Directive data still loading when the compile starts (the reference data, the OpenAPI document):
 * the docs that `need` it are compiled once it has come, the others meanwhile.
 */
export interface LaterData {
  data: Promise<MarkdownData>;
  needs: (doc: SourceDoc) => boolean;
}

export interface CompileSiteOptions {
  config: PaydocsConfig;
  diagnostics: DiagnosticList;
  data?: MarkdownData;
  later?: LaterData;
  /** Keep each doc's compiled page between runs, and compile only the docs that changed (see compile-cache.ts). */
  cache?: CompileCacheSpec;
}

export interface CompiledSite {
  pages: Map<string, CompiledPage[]>;
  /** The code-highlighting CSS. */
  css: string;
  /** How many docs came from the compile cache (0 without one). */
  reused: number;
}

/** Worker threads that compile Markdown, each with its own processor. Start them early: they warm up while the content loads. */
export interface CompileWorkers {
  readonly size: number;
  /** Compiles every doc of every locale; the result is in the same order as `content.docs`. */
  compile(content: ContentTree, options: CompileSiteOptions): Promise<CompiledSite>;
  close(): Promise<void>;
}

/** Batches queued on each worker before the main thread turns to `LaterData`'s loading, which keeps it from handing out more. */
const PREFILL_BATCHES = 4;

/** Threads for a build: `PAYDOCS_THREADS` if set, else one per core (at most 8). */
export function defaultThreads(): number {
  const env = Number(process.env.PAYDOCS_THREADS);
  return Number.isInteger(env) && env >= 0 ? env : Math.min(availableParallelism(), 8);
}

/** Starts compile workers for the project at `root` if it is big enough to gain from them (else undefined: compile in-process). */
export function startCompileWorkersFor(root: string, threads = defaultThreads()): CompileWorkers | undefined {
  if (threads < 2) return undefined;
  // Walked with the entry types: Node 20's `readdirSync(dir, { recursive: true })` stats every entry
  // (13-16 ms on the real site, 67-139 ms on the 10x copy, against 3 and 21-23), before any worker starts.
  const docs = [DOCS_DIR, I18N_DIR].reduce((n, dir) => n + walkContent(path.join(root, dir)).filter((f) => f.endsWith('.md')).length, 0);
  return docs >= MIN_DOCS_FOR_WORKERS ? startCompileWorkers(threads, { youngGenerationMb: youngGenerationMb(docs) }) : undefined;
}

let workerModule: Promise<URL> | undefined;
/** The bundle the compile workers run (see `bundledModule`); looked up once per process, again after a failure. */
function compileWorkerModule(): Promise<URL> {
  workerModule ??= bundledModule(fileURLToPath(new URL('./compile-worker.ts', import.meta.url)), 'compile-worker', { packages: 'bundle' });
  workerModule.catch(() => (workerModule = undefined));
  return workerModule;
}

/**
 * What names the code that compiles a doc, for the compile cache: the compile workers' bundle (its
 * folder is named by a hash of its code, packages included: the in-process compile runs the same
 * sources) and the installed packages' lock, for what the bundle only points at (Oniguruma's binary).
 */
export async function compilerKey(): Promise<string> {
  const bundle = path.basename(path.dirname(fileURLToPath(await compileWorkerModule())));
  // Packages installed without npm's lock (another package manager): the bundle's hash covers their code.
  return `${bundle}\0${installKey() ?? 'no lock'}`;
}

let install: { key: string | undefined } | undefined;
/** A hash of npm's record of the installed packages (`node_modules/.package-lock.json`), or undefined without one; read once per process, as the bundles are looked up. */
export function installKey(): string | undefined {
  if (!install) {
    try {
      install = { key: createHash('sha256').update(readFileSync(INSTALL_STAMP)).digest('hex') };
    } catch {
      install = { key: undefined };
    }
  }
  return install.key;
}

/** Starts `count` compile workers (from the cached bundle of compile-worker.ts; see `bundledModule`). */
export function startCompileWorkers(count: number, options: { youngGenerationMb?: number } = {}): CompileWorkers {
  const maxYoungGenerationSizeMb = options.youngGenerationMb ?? youngGenerationMb(0);
  const started = compileWorkerModule().then((url) => {
    return Array.from({ length: count }, () => new Worker(url, { resourceLimits: { maxYoungGenerationSizeMb } }));
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
    async compile(content, { config, diagnostics, data, later, cache }) {
      const workers = await Promise.race([failed, started]);
      const all: SourceDoc[] = [...content.docs.values()].flat();
      const routes = Object.fromEntries([...content.docs].map(([locale, docs]) => [locale, docs.map((d): [string, string] => [d.relPath, d.route])]));
      for (const w of workers) w.postMessage({ type: 'init', config, routes, data: data ?? {}, cache } satisfies WorkerRequest);
      // The docs that need the later data wait for it; it goes to every worker before any of them.
      const arrived = later
        ? later.data.then((extra) => {
            for (const w of workers) w.postMessage({ type: 'data', data: extra } satisfies WorkerRequest);
          })
        : Promise.resolve();
      arrived.catch(() => undefined); // awaited by the workers that reach the waiting docs; a failure fails the compile there
      const results: Array<{ page: Omit<CompiledPage, 'doc'>; diagnostics: Diagnostic[]; place?: EntryPlace; hit: boolean } | undefined> = new Array(all.length);
      // Handed out a few at a time as workers free up (see compile-plan.ts).
      const plan = new CompilePlan(all, { batchSize: Math.max(1, Math.min(16, Math.ceil(all.length / (count * 8)))), waits: later?.needs });
      let hasArrived = !later;
      arrived.then(() => (hasArrived = true)).catch(() => undefined);
      const takeNow = (worker: number) => plan.next(worker, hasArrived);
      const take = async (worker: number) => {
        const batch = takeNow(worker);
        if (batch) return batch;
        await arrived;
        return plan.next(worker, true);
      };
      let batchId = 0;
      const replies = new Map<number, (reply: Extract<WorkerReply, { type: 'batch' }>) => void>();
      const onReply = (m: WorkerReply) => {
        if (m.type === 'batch') replies.get(m.id)?.(m);
      };
      for (const w of workers) w.on('message', onReply);
      const send = (w: Worker, indexes: number[]) => {
        const id = batchId++;
        const reply = new Promise<Extract<WorkerReply, { type: 'batch' }>>((resolve) => replies.set(id, resolve));
        w.postMessage({ type: 'batch', id, docs: indexes.map((i) => all[i]!) } satisfies WorkerRequest);
        const stored = Promise.race([failed, reply]).then((done) => {
          replies.delete(id);
          indexes.forEach((i, k) => (results[i] = { page: done.pages[k]!, diagnostics: done.diagnostics[k]!, place: done.places[k], hit: done.hits[k]! }));
        });
        // A failed worker fails every queued batch; the first one awaited reports it, the others must not go unhandled.
        stored.catch(() => undefined);
        return stored;
      };
      const handedOut = Promise.all(
        workers.map(async (w, worker) => {
          // With data still to load, each worker gets several batches at once: the main thread, busy
          // loading it, hands out no more until it is done. Afterwards one batch at a time.
          const queued: Array<Promise<void>> = [];
          for (let k = 0; k < (later ? PREFILL_BATCHES : 1); k++) {
            const batch = takeNow(worker) ?? (k === 0 ? await take(worker) : undefined);
            if (!batch) break;
            queued.push(send(w, batch));
          }
          while (queued.length) {
            await queued.shift();
            if (queued.length) continue;
            const batch = await take(worker);
            if (batch) queued.push(send(w, batch));
          }
        }),
      );
      try {
        await handedOut;
      } finally {
        for (const w of workers) w.off('message', onReply);
      }
      const classes = new Map<string, string>();
      for (const w of workers) {
        const reply = next(w, 'styles');
        w.postMessage({ type: 'styles' } satisfies WorkerRequest);
        for (const [name, style] of ((await reply) as Extract<WorkerReply, { type: 'styles' }>).classes) classes.set(name, style);
      }
      if (cache) writeCacheIndex(cache, indexOf(all.map((doc, k) => [doc, results[k]!.place])), [...content.docs.keys()]);
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
      return { pages, css: styleClassesCss(classes), reused: results.filter((r) => r!.hit).length };
    },
    async close() {
      const workers = await started.catch(() => []);
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

function indexOf(places: Array<[SourceDoc, EntryPlace | undefined]>): CacheIndex {
  const index: CacheIndex = {};
  for (const [doc, place] of places) if (place) index[entryName(doc)] = place;
  return index;
}

/** The highlighting classes as CSS, sorted by name so the stylesheet (and its hash) does not depend on which thread saw a style first. */
export function styleClassesCss(classes: Map<string, string | Record<string, string>>): string {
  return [...classes]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, style]) => `.${name}{${styleText(style)}}`)
    .join('');
}

/**
 * Compiles every doc of every locale, on `workers` when given (a build of a real site), else
 * in-process (small sites, tests). Returns the pages and the code-highlighting CSS.
 */
export async function compileSite(content: ContentTree, options: CompileSiteOptions & { workers?: CompileWorkers }): Promise<CompiledSite> {
  if (options.workers) return options.workers.compile(content, options);
  const data = options.later ? { ...options.data, ...(await options.later.data) } : options.data;
  // Loaded here, not at the top: when workers compile, the main thread never needs the Markdown
  // chain, and loading its few hundred modules through tsx costs it half a second.
  const [{ createProcessor }, { createStyleToClass }, { compileMarkdown, compileEntry }] = await Promise.all([import('./markdown/create-processor.ts'), import('./markdown/highlighter.ts'), import('./compile-markdown.ts')]);
  const styleToClass = createStyleToClass();
  const processor = await createProcessor({ styleToClass });
  const registry = () => styleToClass.getClassRegistry() as Map<string, string | Record<string, string>>;
  if (!options.cache) return { pages: compileMarkdown(content, { config: options.config, processor, diagnostics: options.diagnostics, data }), css: styleClassesCss(registry()), reused: 0 };
  const cache = new CompileCache(options.cache);
  const places: Array<[SourceDoc, EntryPlace | undefined]> = [];
  const pages = new Map<string, CompiledPage[]>();
  try {
    for (const [locale, docs] of content.docs) {
      const byRel = new Map(docs.map((d) => [d.relPath, d.route]));
      const list = docs.map((doc) => {
        const done = cache.compile(doc, data ?? {}, (rel) => byRel.get(rel), registry, (routeOf) => compileEntry(doc, routeOf, { config: options.config, processor, data }));
        places.push([doc, done.place]);
        for (const d of done.problems) options.diagnostics.add(d);
        return { doc, ...done.page };
      });
      pages.set(locale, list);
    }
  } finally {
    cache.close();
  }
  writeCacheIndex(options.cache, indexOf(places), [...content.docs.keys()]);
  return { pages, css: styleClassesCss(new Map([...cache.reusedClasses, ...registry()])), reused: cache.reused };
}
