import type { Strings } from '../../../../shared/i18n/strings.ts';
import type { ApiLoadFailure, ApiModel } from '../../load/api/load-api.ts';
import type { ReferenceData } from '../../load/load-data.ts';

export interface TocItem {
  id: string;
  text: string;
  level: number;
}

/** A link found in a page, kept with its position for the link checker. */
export interface LinkRef {
  /** What the writer wrote. */
  raw: string;
  /** Site path it resolves to (locale prefix included, no base, no hash), or undefined for external links. */
  path?: string;
  hash?: string;
  /** `image`: the `src` of an image, with `path` the file it loads (resolved like the browser does, against the page's URL). */
  kind: 'doc' | 'path' | 'external' | 'anchor' | 'image';
  line?: number;
  column?: number;
}

/** Text of one heading section, for the search index. */
export interface Section {
  /** Heading id, `''` for the text above the first heading. */
  id: string;
  title: string;
  level: number;
  text: string;
  /**
   * Words the section is also found by, indexed with its text but not shown in excerpts (a data table
   * row: the table's caption, so `USD currency code` finds the row).
   */
  context?: string;
}

/** What the per-page plugins read: set on `file.data.paydocs` before processing. */
export interface PageContext {
  locale: string;
  /** Path below the locale's docs root, `api/x.md`. */
  relPath: string;
  /** Project-relative file, for diagnostics. */
  file: string;
  bodyLineOffset: number;
  strings: Strings;
  /** `api/x.md` -> `/api/x` (no locale prefix). */
  routeOfRelPath: (relPath: string) => string | undefined;
  /** Route without locale prefix -> site path with it (`/x` -> `/ru/x`). */
  localizePath: (route: string) => string;
  tocMin: number;
  tocMax: number;
  /** `markdown.allowScripts` of the config: raw `<script>` and inline event handlers are allowed. */
  allowScripts: boolean;
  /** Site data the content directives render, loaded and validated once per build. */
  data: MarkdownData;
}

/** Plain data (posted to compile workers as is) that directives read. */
export interface MarkdownData {
  /** `content/api/openapi.yaml` and its translations, for `::api-operation`; `{ failed: true }` when it has errors of its own. */
  api?: ApiModel | ApiLoadFailure;
  /** `content/data/*.yaml` and the ISO code lists, for `::data-table` and `::status-diagram`. */
  reference?: ReferenceData;
}

/**
 * Why the data of `file` (`content/data/test_cards.yaml`) is not there. `failed`: the file exists but
 * did not load; its own errors are reported, so a directive that needs it says nothing more.
 * `absent`: the site has no such file. Read from `failed` on the reference data, the files the
 * loader found but could not use; `unknown` from a loader that does not say.
 */
export function missingDataFile(data: MarkdownData, file: string): 'failed' | 'absent' | 'unknown' {
  const failed = data.reference?.failed;
  return failed === undefined ? 'unknown' : failed.includes(file) ? 'failed' : 'absent';
}

/** How a directive names a data file it cannot use, by `missingDataFile`. */
export const MISSING_DATA_FILE = { absent: 'which this site does not have', unknown: 'which is missing or has errors (reported above)' } as const;

/** What the plugins leave behind on `file.data.paydocs`. */
export interface PageOutput {
  toc: TocItem[];
  links: LinkRef[];
  sections: Section[];
  headingIds: string[];
  /** What the content directives wrote, as Markdown, for the page's Markdown twin: `[start, end)` of the directive in the body. */
  markdown: DirectiveMarkdown[];
  problems: Array<{ line?: number; column?: number; message: string; hint?: string; rule: string; severity: 'error' | 'warning' }>;
}

/** A directive's source range in the page body (offsets) and the Markdown of what it rendered. */
export type DirectiveMarkdown = [start: number, end: number, markdown: string];

export type PageFileData = { ctx: PageContext; out: PageOutput };

export function pageData(file: { data: Record<string, unknown> }): PageFileData {
  return file.data.paydocs as PageFileData;
}
