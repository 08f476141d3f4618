import type { Root } from 'mdast';
import type { Plugin } from 'unified';
import { SKIP, visit } from './visit.ts';
import { pageData } from './types.ts';

/**
 * remark-directive reads `:word` in prose as a text directive ("ratio 3:1" is safe, "see:here" is not).
 * Text directives nobody handled are turned back into the text the writer typed; unknown block
 * directives are errors with their line, so a typo like `:::warnign` does not vanish silently.
 */
export const remarkDirectiveFallback: Plugin<[{ known: ReadonlySet<string> }], Root> = ({ known }) => (tree, file) => {
  const { ctx, out } = pageData(file);
  visit(tree, (node, index, parent) => {
    if (node.type === 'textDirective' && parent && index !== undefined) {
      const attrs = Object.entries(node.attributes ?? {}).map(([k, v]) => (v ? `${k}="${v}"` : k));
      const label = node.children.length ? `[${node.children.map((c) => ('value' in c ? c.value : '')).join('')}]` : '';
      parent.children.splice(index, 1, { type: 'text', value: `:${node.name}${label}${attrs.length ? `{${attrs.join(' ')}}` : ''}` });
      return SKIP;
    }
    if ((node.type === 'leafDirective' || node.type === 'containerDirective') && !known.has(node.name) && !node.data?.hName) {
      out.problems.push({
        line: node.position ? node.position.start.line + ctx.bodyLineOffset : undefined,
        column: node.position?.start.column,
        rule: 'unknown-directive',
        severity: 'error',
        message: `unknown directive \`${node.type === 'containerDirective' ? ':::' : '::'}${node.name}\`; expected one of ${[...known].map((k) => `\`${k}\``).join(', ')}`,
      });
    }
    return undefined;
  });
};
