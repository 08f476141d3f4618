import type { Root as HastRoot } from 'hast';
import type { Root } from 'mdast';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import type { ShikiTransformer } from 'shiki';
import { unified, type Processor } from 'unified';
import { DIRECTIVE_NAMES, DIRECTIVES, type DirectiveDefinition } from '../directives.ts';
import { remarkBlockSyntax } from './remark-block-syntax.ts';
import { remarkCode } from './remark-code.ts';
import { remarkDirectiveFallback } from './remark-directive-fallback.ts';
import { remarkDirectiveSyntax } from './remark-directive-syntax.ts';
import { remarkGithubAlerts } from './remark-github-alerts.ts';
import { remarkHeadingIds } from './remark-heading-ids.ts';
import { getHighlighter } from './highlighter.ts';
import { remarkLinks } from './remark-links.ts';
import { remarkParseGfm } from './remark-parse-gfm.ts';
import { remarkSections } from './remark-sections.ts';
import { remarkTableFocus } from './remark-table-focus.ts';
import { remarkTypography } from './remark-typography.ts';
import { remarkRawScripts } from './remark-raw-scripts.ts';
import { remarkUnclosedHtml } from './remark-unclosed-html.ts';
import { remarkUnsafeUrls } from './remark-unsafe-urls.ts';

export type MarkdownProcessor = Processor<Root, Root, HastRoot, HastRoot, string>;

/** The one place the Markdown chain is assembled. Reusable across pages; per-page input goes in `file.data.paydocs`. */
export async function createProcessor(options: { styleToClass: ShikiTransformer }): Promise<MarkdownProcessor> {
  const highlighter = await getHighlighter();
  // The directives' plugins, by the phase each runs in (directives.ts), in the registry's order.
  const loaded = await Promise.all(DIRECTIVES.map(async (d) => [d.phase, await d.plugin()] as const));
  const phase = (name: DirectiveDefinition['phase']) => loaded.filter(([p]) => p === name).map(([, plugin]) => plugin);
  return unified()
    // remark-parse + remark-gfm, looking for literal autolinks only where there may be one.
    .use(remarkParseGfm)
    .use(remarkDirective)
    // Code fences and HTML comments that run to the end of the page: first, as they cause other errors.
    .use(remarkBlockSyntax)
    // Unclosed containers and `:::` lines micromark left as text, before any plugin moves nodes.
    .use(remarkDirectiveSyntax)
    // GitHub's `> [!NOTE]` alerts, as the admonitions they stand for.
    .use(remarkGithubAlerts)
    // The writer's own links and raw HTML, before directives add theirs: unsafe URLs, scripts, block
    // elements left open (each reads the source at the nodes' positions, which only the parser's nodes have).
    .use(remarkUnsafeUrls)
    .use(remarkRawScripts)
    .use(remarkUnclosedHtml)
    // First: directives such as API operations become ordinary headings, tables, tabs and code for the plugins below.
    .use(phase('expand'))
    .use(remarkHeadingIds)
    .use(remarkSections)
    // After sections (long tables stay out of the search text unless marked searchable), before links
    // (links in cells are checked like any other).
    .use(phase('render'))
    // Every table that scrolls by itself takes the focus (the data tables' own boxes do).
    .use(remarkTableFocus)
    .use(remarkLinks)
    .use(phase('container'))
    .use(remarkCode, { highlighter, styleToClass: options.styleToClass })
    .use(remarkDirectiveFallback, { known: DIRECTIVE_NAMES })
    // Last on the prose: the search text, heading ids and TOC keep the text as written.
    .use(remarkTypography)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeStringify, { allowDangerousHtml: true }) as unknown as MarkdownProcessor;
}
