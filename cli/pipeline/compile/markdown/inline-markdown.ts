import type { PhrasingContent, Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Position } from 'unist';
import { visit } from './visit.ts';

/**
 * Characters that can start inline Markdown (code, emphasis, links, autolinks, HTML, entities,
 * escapes, hard breaks), or a line start that makes a block. Text without any is one text node.
 */
export const MARKDOWN_SYNTAX = /[`*_[\]<>&\\!~|\n]|^\s*(?:[#>+=-]|\d+[.)])|https?:|www\.|@/;

const inline = unified().use(remarkParse);
const parsed = new Map<string, PhrasingContent[]>();

/**
 * Inline Markdown of a short text (an API field description, a table cell) as phrasing nodes, all
 * placed at `position` (links are reported at the directive's line: that is where the writer can
 * act). Plain sentences skip the parser; parses are cached and callers get a copy, since later
 * plugins mutate nodes.
 */
export function phrasing(markdown: string, position: Position | undefined): PhrasingContent[] {
  if (!MARKDOWN_SYNTAX.test(markdown)) return [{ type: 'text', value: markdown.trim(), position }];
  let nodes = parsed.get(markdown);
  if (!nodes) {
    const first = inline.parse(markdown).children[0];
    nodes = first && first.type === 'paragraph' ? first.children : [{ type: 'text', value: markdown }];
    visit({ type: 'root', children: nodes } as Root, (n) => {
      delete n.position;
    });
    parsed.set(markdown, nodes);
  }
  const copy = structuredClone(nodes);
  if (position) visit({ type: 'root', children: copy } as Root, (n) => void (n.position = position));
  return copy;
}
