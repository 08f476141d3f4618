import type { Paragraph, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { Plugin } from 'unified';
import { visit } from './visit.ts';
import type { StringKey } from '../../../../shared/i18n/strings.ts';
import { pageData } from './types.ts';
import { ADMONITION_ALIASES, ADMONITION_NAMES, type AdmonitionName, type AdmonitionType } from '../admonition-types.ts';

/**
 * `:::note`, `:::tip`, `:::info`, `:::warning`, `:::danger`, with an optional title in brackets
 * (`:::warning[Sandbox only]`), become `<aside class="admonition admonition-warning">` with a heading-like title.
 * Docusaurus's `:::caution` and `:::important` look like the type they stand for, titled with their own
 * name; a GitHub alert (remark-github-alerts.ts) may say which type it looks like.
 */
export const remarkAdmonitions: Plugin<[], Root> = () => (tree, file) => {
  const { ctx } = pageData(file);
  visit(tree, 'containerDirective', (node: ContainerDirective) => {
    if (!(ADMONITION_NAMES as readonly string[]).includes(node.name)) return;
    const name = node.name as AdmonitionName;
    const type: AdmonitionType = (node.data as { admonitionType?: AdmonitionType } | undefined)?.admonitionType ?? (name in ADMONITION_ALIASES ? ADMONITION_ALIASES[name as keyof typeof ADMONITION_ALIASES] : (name as AdmonitionType));
    let titleChildren: Paragraph['children'] = [{ type: 'text', value: ctx.strings[`admonition.${name}` as StringKey] }];
    const first = node.children[0];
    if (first && first.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
      titleChildren = first.children;
      node.children.shift();
    }
    node.data = {
      hName: 'aside',
      hProperties: { className: ['admonition', `admonition-${type}`], role: 'note' },
    };
    node.children.unshift({
      type: 'paragraph',
      data: { hProperties: { className: ['admonition__title'] } },
      children: [{ type: 'html', value: `<span class="admonition__icon" aria-hidden="true"></span>` }, ...titleChildren],
    });
  });
};
