import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Parent, Root, RootContent } from 'mdast';
import { directiveToMarkdown } from 'mdast-util-directive';
import { gfmAutolinkLiteralToMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteToMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughToMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableToMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemToMarkdown } from 'mdast-util-gfm-task-list-item';
import { toMarkdown } from 'mdast-util-to-markdown';
import remarkDirective from 'remark-directive';
// `data.hName` on mdast nodes: declared by mdast-util-to-hast, whose types remark-rehype loads.
import type {} from 'remark-rehype';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { loadApi } from '../../cli/pipeline/load/api/load-api.ts';
import { pageFileData } from '../../cli/pipeline/compile/compile-markdown.ts';
import { directivesUsedBy } from '../../cli/pipeline/compile/directives.ts';

const needsLaterData = (doc: { body: string }): boolean => directivesUsedBy(doc.body).length > 0;
import { loadConfig } from '../../cli/pipeline/load/load-config.ts';
import { loadContent } from '../../cli/pipeline/load/load-content.ts';
import { loadData } from '../../cli/pipeline/load/load-data.ts';
import { remarkApiOperation } from '../../cli/pipeline/compile/markdown/remark-api-operation.ts';
import { remarkDataTable } from '../../cli/pipeline/compile/markdown/remark-data-table.ts';
import { remarkParseGfm } from '../../cli/pipeline/compile/markdown/remark-parse-gfm.ts';
import { remarkStatusDiagram } from '../../cli/pipeline/compile/markdown/remark-status-diagram.ts';
import { DiagnosticList } from '../../cli/diagnostics.ts';

/**
 * GFM and directives, as paydocs parses them. Table cells are not padded to align the pipes: the
 * padding was 38 % of the generated Markdown, text Docusaurus would parse and paydocs never does.
 */
const TO_MARKDOWN = [
  gfmAutolinkLiteralToMarkdown(),
  gfmFootnoteToMarkdown(),
  gfmStrikethroughToMarkdown(),
  gfmTableToMarkdown({ tablePipeAlign: false }),
  gfmTaskListItemToMarkdown(),
  directiveToMarkdown(),
];

/**
 * The pages whose content paydocs generates (`::api-operation`, `::data-table`, `::status-diagram`),
 * written out as the Markdown those directives become: parameter and error tables, request samples,
 * response examples, reference tables, the status diagram (an inline SVG). Docusaurus does not know
 * the directives; fed them as they are, it prints one line of text where paydocs renders a page, and
 * builds less than paydocs does. With this, both tools build the same pages.
 *
 * It runs paydocs's own directive plugins (the same data, the same strings) and serializes the tree
 * with mdast-util-to-markdown. Returns the new text of each such file (frontmatter kept), keyed by
 * its path relative to `content/`.
 */
export async function expandDirectives(root: string): Promise<Map<string, string>> {
  const diagnostics = new DiagnosticList();
  const config = await loadConfig(root);
  const content = loadContent({ root, config, mode: 'build', diagnostics });
  const reference = loadData({ root, diagnostics });
  const api = await loadApi({ root, locales: config.i18n.locales, defaultLocale: config.i18n.defaultLocale, diagnostics });
  // A site paydocs would not build is not benchmarked: its errors, as `paydocs build` reports them.
  diagnostics.throwIfErrors();
  const processor = unified().use(remarkParseGfm).use(remarkDirective).use(remarkApiOperation).use(remarkDataTable).use(remarkStatusDiagram);
  const out = new Map<string, string>();
  for (const docs of content.docs.values()) {
    const byRel = new Map(docs.map((d) => [d.relPath, d.route]));
    for (const doc of docs) {
      if (!needsLaterData(doc) || doc.translation === 'missing') continue;
      const file = new VFile({ value: doc.body, path: doc.file });
      const data = pageFileData(doc, (rel) => byRel.get(rel), config, { api, reference });
      file.data.paydocs = data;
      const tree = processor.runSync(processor.parse(file), file) as Root;
      const problems = data.out.problems.filter((p) => p.severity === 'error');
      if (problems.length) throw new Error(`${doc.file}: ${problems.map((p) => p.message).join('; ')}`);
      const raw = readFileSync(path.join(root, doc.file), 'utf8');
      // gray-matter's body is the end of the file; what comes before it is the frontmatter, kept as written.
      if (!raw.endsWith(doc.body)) throw new Error(`${doc.file}: cannot tell its frontmatter from its body`);
      const frontmatter = raw.slice(0, raw.length - doc.body.length);
      const body = toMarkdown(asPlainMarkdown(tree), { extensions: TO_MARKDOWN });
      out.set(path.relative(path.join(root, 'content'), path.join(root, doc.file)).split(path.sep).join('/'), frontmatter + body);
    }
  }
  return out;
}

/**
 * What only paydocs's theme uses goes: the blockquotes the plugins render as `<div>` (the data
 * tables' scroll box and wrapper) give way to their content, and the filter box, hidden until
 * paydocs's client script enables it, is left out. Everything a reader sees stays.
 */
export function asPlainMarkdown(tree: Root): Root {
  const walk = (parent: Parent) => {
    parent.children = parent.children.flatMap((node: RootContent): RootContent[] => {
      if (node.type === 'html' && node.value.startsWith('<div class="data-table__filter"')) return [];
      if ('children' in node) walk(node);
      return node.type === 'blockquote' && node.data?.hName === 'div' ? node.children : [node];
    }) as typeof parent.children;
  };
  walk(tree);
  return tree;
}
