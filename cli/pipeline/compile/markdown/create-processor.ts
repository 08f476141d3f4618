import type { Root as HastRoot } from 'hast';
import type { Root } from 'mdast';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import type { ShikiTransformer } from 'shiki';
import { unified, type Processor } from 'unified';
import { ADMONITION_TYPES, remarkAdmonitions } from './remark-admonitions.ts';
import { remarkApiOperation } from './remark-api-operation.ts';
import { remarkBlockSyntax } from './remark-block-syntax.ts';
import { remarkCode } from './remark-code.ts';
import { remarkDataTable } from './remark-data-table.ts';
import { remarkDirectiveFallback } from './remark-directive-fallback.ts';
import { remarkDirectiveSyntax } from './remark-directive-syntax.ts';
import { remarkHeadingIds } from './remark-heading-ids.ts';
import { getHighlighter } from './highlighter.ts';
import { remarkLinks } from './remark-links.ts';
import { remarkParseGfm } from './remark-parse-gfm.ts';
import { remarkSections } from './remark-sections.ts';
import { remarkStatusDiagram } from './remark-status-diagram.ts';
import { remarkTableFocus } from './remark-table-focus.ts';
import { remarkTabs } from './remark-tabs.ts';
import { remarkTypography } from './remark-typography.ts';

export type MarkdownProcessor = Processor<Root, Root, HastRoot, HastRoot, string>;

/** Block directives a page may use. Extended by content plugins (API operations, data tables). */
export const KNOWN_DIRECTIVES = new Set<string>([...ADMONITION_TYPES, 'tabs', 'data-table', 'status-diagram', 'api-operation']);

/** The one place the Markdown chain is assembled. Reusable across pages; per-page input goes in `file.data.paydocs`. */
export async function createProcessor(options: { styleToClass: ShikiTransformer }): Promise<MarkdownProcessor> {
  const highlighter = await getHighlighter();
  return unified()
    // remark-parse + remark-gfm, looking for literal autolinks only where there may be one.
    .use(remarkParseGfm)
    .use(remarkDirective)
    // Code fences and HTML comments that run to the end of the page: first, as they cause other errors.
    .use(remarkBlockSyntax)
    // Unclosed containers and `:::` lines micromark left as text, before any plugin moves nodes.
    .use(remarkDirectiveSyntax)
    // First: operations become ordinary headings, tables, tabs and code for the plugins below.
    .use(remarkApiOperation)
    .use(remarkHeadingIds)
    .use(remarkSections)
    // After sections (long tables stay out of the search text unless marked searchable), before links
    // (links in cells are checked like any other).
    .use(remarkDataTable)
    .use(remarkStatusDiagram)
    // Every table that scrolls by itself takes the focus (the data tables' own boxes do).
    .use(remarkTableFocus)
    .use(remarkLinks)
    .use(remarkAdmonitions)
    .use(remarkTabs)
    .use(remarkCode, { highlighter, styleToClass: options.styleToClass })
    .use(remarkDirectiveFallback, { known: KNOWN_DIRECTIVES })
    // Last on the prose: the search text, heading ids and TOC keep the text as written.
    .use(remarkTypography)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeStringify, { allowDangerousHtml: true }) as unknown as MarkdownProcessor;
}
