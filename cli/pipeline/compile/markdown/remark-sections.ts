import type { Nodes, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { Plugin } from 'unified';
import { pageData, type Section } from './types.ts';

/** Blocks whose children are blocks, kept apart by a space; the children of any other node are a run of text. */
const BLOCK_PARENTS = new Set(['blockquote', 'list', 'listItem', 'table', 'tableRow', 'containerDirective', 'footnoteDefinition']);

/**
 * Text of inline content: a line break (`\\` or two spaces at a line's end, `<br>`, or the one between
 * an API field's name and its `required`) is a space.
 */
function phrasingText(node: Nodes): string {
  if (node.type === 'break' || (node.type === 'html' && /^<br\s*\/?>$/i.test(node.value))) return ' ';
  if ('children' in node) return (node.children as Nodes[]).map(phrasingText).join('');
  return toString(node, { includeHtml: false });
}

/** Text of a node for search: prose, lists, tables and inline code; fenced code is left out as noise. */
function textOf(node: RootContent): string {
  if (node.type === 'code' || node.type === 'html' || node.type === 'definition') return '';
  if (node.type === 'containerDirective' && node.name === 'tabs') return '';
  // A paragraph's text is its inline nodes run together: a space between them put one before the
  // full stop after a link or `code` ("refunds of Efecty cash pay-ins . Other" in the excerpts).
  if ('children' in node && BLOCK_PARENTS.has(node.type)) return (node.children as RootContent[]).map(textOf).filter(Boolean).join(' ');
  return phrasingText(node);
}

/**
 * Splits the page into sections at every h2 and h3 and keeps their plain text, so the search
 * index is built from what the compiler already parsed, never from the HTML. Runs after
 * heading ids are set. The page title is added by the caller as the first section's title.
 */
export const remarkSections: Plugin<[], Root> = () => (tree, file) => {
  const { out } = pageData(file);
  const sections: Section[] = [{ id: '', title: '', level: 1, text: '' }];
  const parts: string[][] = [[]];
  for (const node of tree.children) {
    if (node.type === 'heading' && (node.depth === 2 || node.depth === 3)) {
      const id = String((node.data?.hProperties as { id?: string } | undefined)?.id ?? '');
      const title = node.children.filter((c) => !(c.type === 'link' && c.url.startsWith('#'))).map((c) => toString(c)).join('').trim();
      sections.push({ id, title, level: node.depth, text: '' });
      parts.push([]);
      continue;
    }
    const text = textOf(node).replace(/\s+/g, ' ').trim();
    if (text) parts[parts.length - 1]!.push(text);
  }
  sections.forEach((s, i) => (s.text = parts[i]!.join(' ')));
  out.sections = sections.filter((s, i) => i === 0 || s.title || s.text);
};
