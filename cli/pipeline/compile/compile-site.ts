/**
 * Compiling a whole site: on worker threads for a real site (see compile-worker.ts), in-process for a
 * small one. Kept apart from compile-markdown.ts, which the workers import: the pool's own imports
 * (esbuild, to bundle the worker) stay out of every worker.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import type { PaydocsConfig } from '../../../config/index.ts';
import type { DiagnosticList } from '../../diagnostics.ts';
import { CompileCache, compileThrough, entryName, styleText, writeCacheIndex, type CacheIndex, type CompileCacheSpec, type EntryPlace } from '../../cache/compile-cache.ts';
import { CompileMemo, recordingLookups } from './compile-memo.ts';
import { compileEntry } from './compile-markdown.ts';
import type { CompiledPage } from './compile-markdown.ts';
import type { CompileReply, CompileRequest } from './compile-worker.ts';
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
  /** Compiles every doc of every locale; the result is in the same order as `content.docs`. */
  compile(content: ContentTree, options: CompileSiteOptions): Promise<CompiledSite>;
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
  // Walked with the entry types: Node 20's `readdirSync(dir, { recursive: true })` stats every entry
  // (13-16 ms on the real site, 67-139 ms on the 10x copy, against 3 and 21-23), before any worker starts.
  const docs = [DOCS_DIR, I18N_DIR].reduce((n, dir) => n + walkContent(path.join(root, dir)).filter((f) => f.endsWith('.md')).length, 0);
  return docs >= MIN_DOCS_FOR_WORKERS ? startCompileWorkers(threads, { youngGenerationMb: youngGenerationMb(docs) }) : undefined;
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
    async compile(content, { config, diagnostics, data, later, cache }) {
      const all: SourceDoc[] = [...content.docs.values()].flat();
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
      return { pages, css: styleClassesCss(classes), reused: results.filter((r) => r.hit).length };
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
 * Compiles every doc of every locale, on `workers` when given (a cold build of a real site), else
 * in-process with `memo`: a doc whose page the memo holds and nothing it was compiled from changed is
 * not compiled again (the dev server's later runs). Returns the pages and the code-highlighting CSS.
 */
export async function compileSite(content: ContentTree, options: CompileSiteOptions & { workers?: CompileWorkers; memo?: CompileMemo; keepLastGood?: boolean }): Promise<CompiledSite> {
  if (options.workers) return options.workers.compile(content, options);
  const data: MarkdownData = options.later ? { ...options.data, ...(await options.later.data) } : (options.data ?? {});
  const memo = options.memo ?? new CompileMemo();
  const { processor, registry } = await memo.compiler();
  const cache = options.cache && new CompileCache(options.cache);
  const places: Array<[SourceDoc, EntryPlace | undefined]> = [];
  const pages = new Map<string, CompiledPage[]>();
  let reused = 0;
  try {
    for (const [locale, docs] of content.docs) {
      const byRel = new Map(docs.map((d) => [d.relPath, d.route]));
      const routeOf = (rel: string) => byRel.get(rel);
      const list = docs.map((doc): CompiledPage => {
        const hit = memo.get(doc, data, routeOf);
        if (hit) {
          for (const d of hit.problems) options.diagnostics.add(d);
          return hit.page;
        }
        const lookups = new Map<string, string | undefined>();
        const done = compileThrough(cache, doc, data, recordingLookups(routeOf, lookups), registry, (lookup) => compileEntry(doc, lookup, { config: options.config, processor, data }));
        places.push([doc, done.place]);
        if (done.hit) reused++;
        for (const d of done.problems) options.diagnostics.add(d);
        const page: CompiledPage = { doc, ...done.page };
        // Dev keeps showing the last good page of a file while its new version has errors.
        const lastGood = options.keepLastGood && done.problems.some((d) => d.severity === 'error') ? memo.lastGood(doc) : undefined;
        if (lastGood) return lastGood;
        memo.set(doc, { page, data, lookups, problems: done.problems });
        return page;
      });
      pages.set(locale, list);
    }
  } finally {
    cache?.close();
  }
  if (cache) {
    for (const [name, style] of cache.reusedClasses) memo.reusedClasses.set(name, style);
    writeCacheIndex(options.cache!, indexOf(places), [...content.docs.keys()]);
  }
  return { pages, css: styleClassesCss(new Map([...memo.reusedClasses, ...registry()])), reused };
}
