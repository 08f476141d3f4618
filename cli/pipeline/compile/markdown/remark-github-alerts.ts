import type { Blockquote, Root, RootContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { Plugin } from 'unified';
import { GITHUB_ALERTS } from '../admonition-types.ts';
import { visit } from './visit.ts';

/** `[!NOTE]` alone on the quote's first line (any case, as GitHub reads it). */
const MARKER = /^\[!([A-Za-z]+)\][ \t]*(?:\n|$)/;

/**
 * GitHub's alerts become the admonition each stands for, so that plain GitHub Markdown renders as it
 * does on GitHub:
 *
 *     > [!WARNING]
 *     > Refunds cannot be undone.
 *
 * is `:::warning` (the admonitions plugin renders it). Early in the chain, before the search text is
 * cut, so the marker is no text of the page. A quote whose marker GitHub does not know stays a quote.
 */
export const remarkGithubAlerts: Plugin<[], Root> = () => (tree) => {
  visit(tree, 'blockquote', (node: Blockquote, index, parent) => {
    const first = node.children[0];
    const text = first?.type === 'paragraph' ? first.children[0] : undefined;
    if (!parent || index === undefined || text?.type !== 'text') return;
    const m = MARKER.exec(text.value);
    const alert = m ? GITHUB_ALERTS[m[1]!.toUpperCase()] : undefined;
    if (!m || !alert || first?.type !== 'paragraph') return;
    text.value = text.value.slice(m[0].length);
    if (!text.value) first.children.shift();
    // A line break right after the marker (written with two spaces) goes with it.
    if (first.children[0]?.type === 'break') first.children.shift();
    const children = first.children.length ? node.children : node.children.slice(1);
    const admonition: ContainerDirective = { type: 'containerDirective', name: alert.name, attributes: {}, children: children as ContainerDirective['children'], position: node.position };
    if (alert.type !== alert.name) admonition.data = { admonitionType: alert.type } as ContainerDirective['data'];
    parent.children[index] = admonition as RootContent;
  });
};
