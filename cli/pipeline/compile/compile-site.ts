/**
 * Compiling a whole site: on worker threads for a real site (see compile-worker.ts), in-process for a
 * small one. Kept apart from compile-markdown.ts, which the workers import: the pool's own imports
 * (esbuild, to bundle the worker) stay out of every worker.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import type { PaydocsConfig } from '../../../config/index.ts';
import type { Diagnostic, DiagnosticList } from '../../diagnostics.ts';
import { CompileCache, compileThrough, entryName, styleText, writeCacheIndex, type CacheIndex, type CompileCacheSpec, type EntryPlace } from '../../cache/compile-cache.ts';
import { CompileMemo, recordingLookups } from './compile-memo.ts';
import { compileEntry } from './compile-markdown.ts';
import type { CompiledPage } from './compile-markdown.ts';
import type { CompiledDoc, CompileReply, CompileRequest } from './compile-worker.ts';
import { DOCS_DIR, I18N_DIR, walkContent } from '../load/content-dirs.ts';
import type { ContentTree, SourceDoc } from '../load/load-content.ts';
import type { MarkdownData } from './markdown/types.ts';
import { startWorkerPool } from '../../workers/worker-pool.ts';
import { siblingModule } from '../../workers/worker-script.ts';

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
  /** Compiles the docs of `only` (default: every doc of every locale), each with the routes of the whole content. */
  compile(content: ContentTree, options: CompileSiteOptions & { only?: ReadonlySet<SourceDoc> }): Promise<{ results: Map<SourceDoc, CompiledDoc>; classes: Map<string, string> }>;
  close(): Promise<void>;
}

/** Threads for a build: `PAYDOCS_THREADS` if set, else one per core (at most 8). */
export function defaultThreads(): number {
  const env = Number(process.env.PAYDOCS_THREADS);
  return Number.isInteger(env) && env >= 0 ? env : Math.min(availableParallelism(), 8);
}

/**
 * Starts compile workers for the project at `root` if it is big enough to gain from them (else undefined:
 * compile in-process); `force`: for docs already known to be enough, whatever the project's size.
 */
export function startCompileWorkersFor(root: string, threads = defaultThreads(), { force = false } = {}): CompileWorkers | undefined {
  if (threads < 2) return undefined;
  // Walked with the entry types: Node 20's `readdirSync(dir, { recursive: true })` stats every entry
  // (13-16 ms on the real site, 67-139 ms on the 10x copy, against 3 and 21-23), before any worker starts.
  const docs = [DOCS_DIR, I18N_DIR].reduce((n, dir) => n + walkContent(path.join(root, dir)).filter((f) => f.endsWith('.md')).length, 0);
  return force || docs >= MIN_DOCS_FOR_WORKERS ? startCompileWorkers(threads, { youngGenerationMb: youngGenerationMb(docs) }) : undefined;
}

/**
 * V8 flags for the compile workers, which V8 reads when a thread's isolate starts (so set just before
 * they start, the main thread keeps its defaults): a compile is a short burst of mostly cold code, which
 * V8's default tier-up spends seconds of CPU optimizing. Measured gain in docs/performance.md.
 */
const COMPILE_WORKER_V8_FLAGS = ['--interrupt-budget=540672', '--max-inlined-bytecode-size=0'];

/** Starts `count` compile workers (compile-worker.ts) in a pool; they warm up their processors while the content loads. */
export function startCompileWorkers(count: number, options: { youngGenerationMb?: number } = {}): CompileWorkers {
  for (const flag of COMPILE_WORKER_V8_FLAGS) v8.setFlagsFromString(flag);
  const pool = startWorkerPool<CompileRequest, CompileReply>(siblingModule(import.meta.url, 'compile-worker'), {
    size: count,
    resourceLimits: { maxYoungGenerationSizeMb: options.youngGenerationMb ?? youngGenerationMb(0) },
  });
  const failed = (error: Error): never => {
    throw Object.assign(new Error(`compile worker: ${error.message}`), { stack: error.stack });
  };
  return {
    size: pool.size,
    async compile(content, { config, data, later, cache, only }) {
      const all: SourceDoc[] = [...content.docs.values()].flat().filter((doc) => !only || only.has(doc));
      const routes = Object.fromEntries([...content.docs].map(([locale, docs]) => [locale, docs.map((d): [string, string] => [d.relPath, d.route])]));
      const setup = pool.broadcast({ type: 'init', config, routes, data: data ?? {}, cache }).catch(failed);
      const results: Array<Extract<CompileReply, { type: 'batch' }>['docs'][number]> = new Array(all.length);
      // Longest first, so that the threads finish together; the docs that need data still loading wait for it.
      const order = all.map((_, i) => i).sort((a, b) => all[b]!.body.length - all[a]!.body.length);
      const waits = later ? order.filter((i) => later.needs(all[i]!)) : [];
      const now = later ? order.filter((i) => !later.needs(all[i]!)) : order;
      const batchSize = Math.max(1, Math.min(16, Math.ceil(all.length / (pool.size * 8))));
      const compileBatches = (indexes: number[]) => {
        const runs: Array<Promise<void>> = [];
        for (let k = 0; k < indexes.length; k += batchSize) {
          const batch = indexes.slice(k, k + batchSize);
          const run = pool.run({ type: 'batch', docs: batch.map((i) => all[i]!) }).then((reply) => {
            if (reply.type !== 'batch') throw new Error(`compile worker: a batch answered with \`${reply.type}\``);
            batch.forEach((i, n) => (results[i] = reply.docs[n]!));
          }, failed);
          run.catch(() => undefined); // awaited below, with the others
          runs.push(run);
        }
        return runs;
      };
      const first = compileBatches(now);
      // The later data goes to every thread before any doc that needs it (a thread handles its messages in order).
      const rest = later
        ? later.data.then(async (extra) => {
            await pool.broadcast({ type: 'data', data: extra }).catch(failed);
            await Promise.all(compileBatches(waits));
          })
        : Promise.resolve();
      await Promise.all([setup, ...first, rest]);
      const classes = new Map<string, string>();
      for (const reply of await pool.broadcast({ type: 'styles' }).catch(failed)) {
        if (reply.type === 'styles') for (const [name, style] of reply.classes) classes.set(name, style);
      }
      return { results: new Map(all.map((doc, k) => [doc, results[k]!])), classes };
    },
    close: () => pool.close(),
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
 * Compiles every doc of every locale. With `workers` (a cold build of a real site), all of them on the
 * workers. Otherwise in-process, cache first: a doc whose page the memo holds (dev), or whose entry in the
 * compile cache is still good, is not compiled; the rest are compiled here, or with `startWorkers` on
 * workers started for them when there are enough (a build after the config changed).
 */
export async function compileSite(content: ContentTree, options: CompileSiteOptions & { workers?: CompileWorkers; startWorkers?: () => CompileWorkers | undefined; memo?: CompileMemo; keepLastGood?: boolean }): Promise<CompiledSite> {
  const { diagnostics } = options;
  if (options.workers) {
    const { results, classes } = await options.workers.compile(content, options);
    // The memo of a dev session started on workers: its later runs compile in-process only what changed.
    const data = options.later ? { ...options.data, ...(await options.later.data) } : (options.data ?? {});
    for (const [doc, r] of results) options.memo?.set(doc, { page: { doc, ...r.page }, data, lookups: new Map(r.lookups), problems: r.diagnostics });
    for (const [name, style] of classes) options.memo?.compiledClasses.set(name, style);
    if (options.cache) writeCacheIndex(options.cache, indexOf([...results].map(([doc, r]) => [doc, r.place])), [...content.docs.keys()]);
    const pages = pagesOf(content, (doc) => results.get(doc)!, diagnostics);
    return { pages, css: styleClassesCss(classes), reused: [...results.values()].filter((r) => r.hit).length };
  }
  const data: MarkdownData = options.later ? { ...options.data, ...(await options.later.data) } : (options.data ?? {});
  const memo = options.memo ?? new CompileMemo();
  const cache = options.cache && new CompileCache(options.cache);
  const routes = new Map([...content.docs].map(([locale, docs]) => [locale, new Map(docs.map((d) => [d.relPath, d.route]))]));
  const routeOf = (doc: SourceDoc) => (rel: string) => routes.get(doc.locale)?.get(rel);
  const done = new Map<SourceDoc, { page: CompiledPage; problems: Diagnostic[]; place?: EntryPlace; hit: boolean }>();
  let classes = new Map<string, string>();
  try {
    const misses: SourceDoc[] = [];
    for (const doc of [...content.docs.values()].flat()) {
      const hit = memo.get(doc, data, routeOf(doc));
      if (hit) done.set(doc, { ...hit, hit: false });
      else {
        // The routes the entry's page looked up are looked up again: the memo keeps them, as if it had compiled the page.
        const lookups = new Map<string, string | undefined>();
        const reused = cache?.reuse(doc, data, recordingLookups(routeOf(doc), lookups));
        if (reused) {
          const page: CompiledPage = { doc, ...reused.page };
          memo.set(doc, { page, data, lookups, problems: reused.problems });
          done.set(doc, { page, problems: reused.problems, place: reused.place, hit: true });
        } else misses.push(doc);
      }
    }
    const workers = misses.length >= MIN_DOCS_FOR_WORKERS ? options.startWorkers?.() : undefined;
    if (workers) {
      try {
        const compiled = await workers.compile(content, { ...options, data, later: undefined, only: new Set(misses) });
        for (const [doc, r] of compiled.results) done.set(doc, { page: { doc, ...r.page }, problems: r.diagnostics, place: r.place, hit: false });
        classes = compiled.classes;
      } finally {
        void workers.close();
      }
    } else if (misses.length) {
      const { processor, registry } = await memo.compiler();
      for (const doc of misses) {
        const lookups = new Map<string, string | undefined>();
        const compiled = compileThrough(cache, doc, data, recordingLookups(routeOf(doc), lookups), registry, (lookup) => compileEntry(doc, lookup, { config: options.config, processor, data }));
        const page: CompiledPage = { doc, ...compiled.page };
        // Dev keeps showing the last good page of a file while its new version has errors.
        const lastGood = options.keepLastGood && compiled.problems.some((d) => d.severity === 'error') ? memo.lastGood(doc) : undefined;
        if (!lastGood) memo.set(doc, { page, data, lookups, problems: compiled.problems });
        done.set(doc, { page: lastGood ?? page, problems: compiled.problems, place: compiled.place, hit: false });
      }
      classes = new Map([...registry()].map(([name, style]) => [name, styleText(style)]));
    }
  } finally {
    cache?.close();
  }
  if (cache) {
    for (const [name, style] of cache.reusedClasses) memo.reusedClasses.set(name, style);
    writeCacheIndex(options.cache!, indexOf([...done].map(([doc, r]) => [doc, r.place])), [...content.docs.keys()]);
  }
  for (const [name, style] of classes) memo.compiledClasses.set(name, style);
  const pages = pagesOf(content, (doc) => done.get(doc)!, diagnostics);
  return { pages, css: styleClassesCss(new Map([...memo.reusedClasses, ...memo.compiledClasses])), reused: [...done.values()].filter((r) => r.hit).length };
}

/** The compiled pages by locale, in the order of the content, with each doc's problems reported. */
function pagesOf(content: ContentTree, resultOf: (doc: SourceDoc) => { page: Omit<CompiledPage, 'doc'>; diagnostics?: Diagnostic[]; problems?: Diagnostic[] }, diagnostics: DiagnosticList): Map<string, CompiledPage[]> {
  const pages = new Map<string, CompiledPage[]>();
  for (const [locale, docs] of content.docs) {
    pages.set(
      locale,
      docs.map((doc) => {
        const r = resultOf(doc);
        for (const d of r.diagnostics ?? r.problems ?? []) diagnostics.add(d);
        return { ...r.page, doc };
      }),
    );
  }
  return pages;
}
