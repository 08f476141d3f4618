/**
 * The compiled pages of the last run, in memory: a doc is compiled again only when something it was
 * compiled from changed. That is its source (file, frontmatter, body, translation state), the data
 * its directives render (the same object as last time: the loaders make a new one only when its
 * files changed), and the route of every page it looked up while compiling (its links, its
 * operation's page): when one of those pages appears, moves or goes, the doc is compiled again, or
 * it would keep the warning and the dead href of a link to a page since written. Its problems are
 * kept with it and reported by every run that reuses it.
 */
import type { Diagnostic } from '../../diagnostics.ts';
import { directivesUsedBy, type DirectiveData } from './directives.ts';
import type { CompiledPage } from './compile-markdown.ts';
import type { SourceDoc } from '../load/load-content.ts';
import type { MarkdownData } from './markdown/types.ts';
import type { MarkdownProcessor } from './markdown/create-processor.ts';

type RouteOf = (relPath: string) => string | undefined;

export interface InProcessCompiler {
  processor: MarkdownProcessor;
  /** The highlighter's classes so far, name -> style. */
  registry: () => Map<string, string | Record<string, string>>;
}

interface MemoEntry {
  source: Pick<SourceDoc, 'file' | 'frontmatter' | 'body' | 'translation'>;
  page: CompiledPage;
  /** The data objects the page was compiled with, for the kinds of data its directives render. */
  data: Partial<Record<DirectiveData, unknown>>;
  lookups: Map<string, string | undefined>;
  problems: Diagnostic[];
}

export class CompileMemo {
  readonly #entries = new Map<string, MemoEntry>();
  #compiler: Promise<InProcessCompiler> | undefined;
  /** The highlighting classes of the pages that came from the compile cache: this run's highlighter never met their code. */
  readonly reusedClasses = new Map<string, string>();
  /** The highlighting classes of the pages compiled in the runs so far (their names are hashes of the style: they never clash). */
  readonly compiledClasses = new Map<string, string>();

  /** The Markdown processor and its highlighter's classes, made on first use and kept for the runs after. */
  compiler(): Promise<InProcessCompiler> {
    this.#compiler ??= (async () => {
      // Loaded here, not at the top: when workers compile, the main thread never needs the Markdown chain.
      const [{ createProcessor }, { createStyleToClass }] = await Promise.all([import('./markdown/create-processor.ts'), import('./markdown/highlighter.ts')]);
      const styleToClass = createStyleToClass();
      const processor = await createProcessor({ styleToClass });
      return { processor, registry: () => styleToClass.getClassRegistry() as Map<string, string | Record<string, string>> };
    })();
    return this.#compiler;
  }

  /** The page compiled last time from `doc`, if nothing it was compiled from changed since. */
  get(doc: SourceDoc, data: MarkdownData, routeOf: RouteOf): { page: CompiledPage; problems: Diagnostic[] } | undefined {
    const hit = this.#entries.get(memoKey(doc));
    if (!hit || !sameSource(doc, hit.source)) return undefined;
    for (const kind of directivesUsedBy(doc.body)) if (hit.data[kind] !== data[kind]) return undefined;
    for (const [rel, route] of hit.lookups) if (routeOf(rel) !== route) return undefined;
    return { page: hit.page, problems: hit.problems };
  }

  /** The last page compiled from the doc's file, whatever changed since (dev keeps showing it while the new one has errors). */
  lastGood(doc: SourceDoc): CompiledPage | undefined {
    return this.#entries.get(memoKey(doc))?.page;
  }

  set(doc: SourceDoc, entry: { page: CompiledPage; data: MarkdownData; lookups: Map<string, string | undefined>; problems: Diagnostic[] }): void {
    const data: MemoEntry['data'] = {};
    for (const kind of directivesUsedBy(doc.body)) data[kind] = entry.data[kind];
    this.#entries.set(memoKey(doc), { source: { file: doc.file, frontmatter: doc.frontmatter, body: doc.body, translation: doc.translation }, page: entry.page, data, lookups: entry.lookups, problems: entry.problems });
  }
}

const memoKey = (doc: Pick<SourceDoc, 'locale' | 'relPath'>) => `${doc.locale}:${doc.relPath}`;

/** Unchanged files come back from the content loader's read cache as the same objects, so this is mostly pointer comparisons. */
function sameSource(a: SourceDoc, b: MemoEntry['source']): boolean {
  return a.file === b.file && a.body === b.body && a.translation === b.translation && (a.frontmatter === b.frontmatter || JSON.stringify(a.frontmatter) === JSON.stringify(b.frontmatter));
}

/** `routeOf`, recording what it answered into `lookups`. */
export function recordingLookups(routeOf: RouteOf, lookups: Map<string, string | undefined>): RouteOf {
  return (rel) => {
    const route = routeOf(rel);
    lookups.set(rel, route);
    return route;
  };
}
