import type { Root } from 'mdast';
import type { Plugin } from 'unified';
import { visit } from './visit.ts';

/**
 * A Markdown table scrolls sideways by itself when it is wider than the column (a phone: CSS
 * `display: block; overflow-x: auto`), so it must take the keyboard focus to be scrolled without a
 * mouse (axe: scrollable-region-focusable), like the code blocks (shiki's `<pre tabindex="0">`). A
 * data table is left alone: its scrolling box is the focusable region around it; so is an operation's
 * field list, which never scrolls (cards on a phone).
 */
export const remarkTableFocus: Plugin<[], Root> = () => (tree) => {
  visit(tree, 'table', (node, _index, parent) => {
    const box = parent?.data?.hProperties?.className;
    if (Array.isArray(box) && box.includes('data-table__scroll')) return;
    // An operation's field list turns into stacked cards on a phone: it never scrolls.
    const own = node.data?.hProperties?.className;
    if (Array.isArray(own) && own.includes('api-fields')) return;
    node.data = { ...node.data, hProperties: { ...node.data?.hProperties, tabIndex: 0 } };
  });
};
