/**
 * The site data the directives render (the reference data and the OpenAPI document), across runs: the
 * first run loads both (from the data cache when none of their files changed, see site-data.ts); a
 * later run loads again only the one whose files changed. With `keepLastGood` (dev), while a file is
 * broken the pages keep being compiled with its last good value, and its problems are reported.
 */
import type { PaydocsConfig } from '../../../config/index.ts';
import { codeKey } from '../../cache/code-key.ts';
import { DiagnosticList, type Diagnostic } from '../../diagnostics.ts';
import type { MarkdownData } from '../compile/markdown/types.ts';
import type { Changes } from '../graph.ts';
import type { Step } from '../step.ts';
import { loadSiteData } from './site-data.ts';

export interface LoadedSiteData {
  markdown: MarkdownData;
  problems: Diagnostic[];
}

interface Part<T> {
  value: T;
  good: boolean;
  problems: Diagnostic[];
}

export class SiteDataLoader {
  readonly #options: { root: string; cache?: boolean; keepLastGood: boolean };
  #api: Part<MarkdownData['api']> | undefined;
  #reference: Part<MarkdownData['reference']> | undefined;
  #locales = '';

  constructor(options: { root: string; cache?: boolean; keepLastGood: boolean }) {
    this.#options = options;
  }

  async load(input: { config: PaydocsConfig; changes: Changes; step: Step }): Promise<LoadedSiteData> {
    const { config, changes, step } = input;
    const { root } = this.#options;
    const locales = config.i18n.locales;
    const defaultLocale = config.i18n.defaultLocale;
    // The document's translations are read for the config's locales: a change of them loads it again.
    const localesKey = JSON.stringify([defaultLocale, locales]);
    if (!this.#api || !this.#reference) {
      const loaded = await loadSiteData({ root, locales, defaultLocale, cache: this.#options.cache ? { code: codeKey() } : undefined, step });
      this.#api = part(loaded.api, loaded.problems.api);
      this.#reference = part(loaded.reference, loaded.problems.data);
    } else {
      if (changes.has('api') || localesKey !== this.#locales) {
        const list = new DiagnosticList();
        // Imported when needed: the OpenAPI validator and the ISO tables take a tenth of a second to load, which a start from the data cache does without.
        const { loadApi } = await import('./api/load-api.ts');
        this.#api = this.#keep(this.#api, part(await loadApi({ root, locales, defaultLocale, diagnostics: list }), list.items));
      }
      if (changes.has('data')) {
        const list = new DiagnosticList();
        const { loadData } = await import('./load-data.ts');
        this.#reference = this.#keep(this.#reference, part(loadData({ root, diagnostics: list }), list.items));
      }
    }
    this.#locales = localesKey;
    return { markdown: { api: this.#api.value, reference: this.#reference.value }, problems: [...this.#api.problems, ...this.#reference.problems] };
  }

  /** The new value, or with `keepLastGood` the last good one while the new one has errors (its problems reported either way). */
  #keep<T>(previous: Part<T>, next: Part<T>): Part<T> {
    if (next.good || !previous.good || !this.#options.keepLastGood) return next;
    return { ...previous, problems: next.problems };
  }

  async close(): Promise<void> {}
}

function part<T>(value: T, problems: Diagnostic[]): Part<T> {
  return { value, good: !problems.some((d) => d.severity === 'error'), problems };
}
