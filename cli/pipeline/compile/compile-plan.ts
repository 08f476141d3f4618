/**
 * The order in which the compile workers get the docs (see `startCompileWorkers`): which batch the
 * next idle worker takes. Kept apart, and free of threads, so that it can be tested on its own.
 */
import { USES_API } from '../../cache/compile-cache.ts';
import type { SourceDoc } from '../load/load-content.ts';

/**
 * A fenced block in one of the grammars that cost the most to start. Each worker compiles a grammar's
 * regular expressions the first time it meets the language (measured cold in one thread, for the
 * site's blocks of each language: javascript 206 ms against 44 warm, php 191 against 37, python 69
 * against 33), so the docs with such code, and the API pages, whose request samples are in all of
 * them, go to one worker (see `CompilePlan`).
 */
export const COSTLY_CODE = /^[ \t]*(?:`{3,}|~{3,})[ \t]*(?:javascript|js|jsx|typescript|ts|tsx|php|python|py|java|kotlin|kt|http)\b/im;

/** Lane 0: docs with code in a costly grammar, or an API operation; lane 1: the others. */
export function laneOf(doc: SourceDoc): 0 | 1 {
  return COSTLY_CODE.test(doc.body) || USES_API.test(doc.body) ? 0 : 1;
}

/**
 * Hands out the docs (indexes into `docs`) in batches, longest first so that the workers finish
 * together, a page and its translations together (the worker's highlighter cache serves the code
 * they share). Two lanes (`laneOf`; a page's group goes where any of its docs would): worker 0 takes
 * from lane 0, the others from lane 1, and a worker takes from the other lane only when its own has
 * nothing it can compile yet, so that only one worker starts the costly grammars while there is
 * other work. The docs that `wait` (for data still loading) are handed out once it has come: worker 0
 * then takes the API pages before any other doc.
 *
 * On the real site, 10 interleaved pairs of cold builds (2026-11-25, medians): wall 4.27 → 4.18 s, CPU
 * 7.69 → 7.42 s (and 4.52 → 4.41 s, 8.10 → 7.82 s in a busier hour); the 10x copy 26.1 / 26.0 s (3 pairs).
 */
export class CompilePlan {
  readonly #lanes: Array<{ now: number[]; waiting: number[] }>;
  readonly #batchSize: number;

  constructor(docs: readonly SourceDoc[], options: { batchSize: number; waits?: (doc: SourceDoc) => boolean }) {
    this.#batchSize = options.batchSize;
    const groups = new Map<string, number[]>();
    docs.forEach((doc, i) => groups.set(doc.relPath, [...(groups.get(doc.relPath) ?? []), i]));
    const size = (g: number[]) => g.reduce((n, i) => n + docs[i]!.body.length, 0);
    const sorted = [...groups.values()].sort((a, b) => size(b) - size(a));
    const waits = options.waits ?? (() => false);
    this.#lanes = [0, 1].map(() => ({ now: [], waiting: [] }));
    for (const group of sorted) {
      const lane = this.#lanes[group.some((i) => laneOf(docs[i]!) === 0) ? 0 : 1]!;
      for (const i of group) (waits(docs[i]!) ? lane.waiting : lane.now).push(i);
    }
  }

  /**
   * The next batch for worker `worker`, or undefined when it has nothing it can compile yet
   * (`arrived`: whether the data the waiting docs need has come) or at all.
   */
  next(worker: number, arrived: boolean): number[] | undefined {
    const own = worker === 0 ? 0 : 1;
    return this.#take(own, 'now') ?? (arrived ? this.#take(own, 'waiting') : undefined) ?? this.#take(1 - own, 'now') ?? (arrived ? this.#take(1 - own, 'waiting') : undefined);
  }

  #take(lane: number, queue: 'now' | 'waiting'): number[] | undefined {
    const list = this.#lanes[lane]![queue];
    return list.length ? list.splice(0, this.#batchSize) : undefined;
  }
}
