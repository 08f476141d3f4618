/**
 * The registry of directives: everything the pipeline needs to know of each, in one place. Adding a
 * directive is one entry here plus its remark plugin in `markdown/`.
 *
 * - `names`: the directive names it handles (`::api-operation`, `:::note`...).
 * - `data`: the site data it renders. A page that uses it waits for that data to load, and is
 *   compiled again (in dev, and past the compile cache) when that data changes.
 * - `grammars`: languages of the code it generates, loaded into the highlighter.
 * - `buildStrings`: prefixes of the interface strings it renders into the page's HTML at build time,
 *   which the browser's site module therefore leaves out.
 * - `phase`: where its plugin runs in the Markdown chain (see markdown/create-processor.ts).
 * - `plugin`: its remark plugin, loaded when the processor is made (the main thread of a build never
 *   loads the Markdown chain when the workers compile).
 */
import type { Root } from 'mdast';
import type { Plugin } from 'unified';
import type { SampleGrammar } from './markdown/highlighter.ts';
import { ADMONITION_NAMES } from './admonition-types.ts';
import { BUILD_ONLY_GROUPS, type BuildOnlyGroup } from '../../../shared/i18n/strings.ts';

/** The site data directives render: the OpenAPI document, the reference data of `content/data`. */
export type DirectiveData = 'api' | 'reference';

export interface DirectiveDefinition {
  names: readonly string[];
  data: readonly DirectiveData[];
  grammars: readonly SampleGrammar[];
  buildStrings: readonly BuildOnlyGroup[];
  /**
   * `expand`: turns the directive into ordinary Markdown, before headings get ids (an operation's headings,
   * tables and code go through every plugin after it); `render`: after the sections for search are cut;
   * `container`: after links, on containers whose content is already compiled Markdown.
   */
  phase: 'expand' | 'render' | 'container';
  plugin: () => Promise<Plugin<[], Root>>;
}

export const DIRECTIVES: readonly DirectiveDefinition[] = [
  {
    names: ADMONITION_NAMES,
    data: [],
    grammars: [],
    buildStrings: ['admonition'],
    phase: 'container',
    plugin: async () => (await import('./markdown/remark-admonitions.ts')).remarkAdmonitions,
  },
  {
    names: ['tabs'],
    data: [],
    grammars: [],
    buildStrings: [],
    phase: 'container',
    plugin: async () => (await import('./markdown/remark-tabs.ts')).remarkTabs,
  },
  {
    names: ['data-table'],
    data: ['reference'],
    grammars: [],
    buildStrings: ['dataTable'],
    phase: 'render',
    plugin: async () => (await import('./markdown/remark-data-table.ts')).remarkDataTable,
  },
  {
    names: ['status-diagram'],
    data: ['reference'],
    grammars: [],
    buildStrings: ['statusDiagram'],
    phase: 'render',
    plugin: async () => (await import('./markdown/remark-status-diagram.ts')).remarkStatusDiagram,
  },
  {
    names: ['api-operation'],
    data: ['api'],
    // The request samples' languages (compile/api/request-samples.ts) and the bodies.
    grammars: ['http', 'bash', 'php', 'python', 'javascript', 'java', 'kotlin', 'json'],
    buildStrings: ['api'],
    phase: 'expand',
    plugin: async () => (await import('./markdown/remark-api-operation.ts')).remarkApiOperation,
  },
];

/** Every directive name a page may use. */
export const DIRECTIVE_NAMES: ReadonlySet<string> = new Set(DIRECTIVES.flatMap((d) => d.names));

/** The grammars the directives' generated code needs. */
export const DIRECTIVE_GRAMMARS: readonly SampleGrammar[] = [...new Set(DIRECTIVES.flatMap((d) => d.grammars))];

/** Prefixes of the interface strings only the build renders (shared/i18n/strings.ts: the directives' groups, the redirect pages', llms.txt's). */
export const BUILD_ONLY_STRINGS: readonly string[] = BUILD_ONLY_GROUPS.map((group) => `${group}.`);

/** A use of a directive of one of `names` (`::api-operation{…}`), wherever it is written. */
const usePattern = (names: readonly string[]) => new RegExp(`::(?:${names.join('|')})\\b`);
const DATA_USES: ReadonlyArray<[DirectiveData, RegExp]> = (['api', 'reference'] as const).map((kind) => [kind, usePattern(DIRECTIVES.filter((d) => d.data.includes(kind)).flatMap((d) => d.names))]);

/** The kinds of site data a page's directives render. */
export function directivesUsedBy(body: string): DirectiveData[] {
  return DATA_USES.filter(([, pattern]) => pattern.test(body)).map(([kind]) => kind);
}
