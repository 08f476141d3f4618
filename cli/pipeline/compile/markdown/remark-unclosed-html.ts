import type { Html, Root } from 'mdast';
import type { Plugin } from 'unified';
import { htmlTags, positionIn } from '../../check/html-tags.ts';
import { pageData } from './types.ts';
import { visit } from './visit.ts';

/**
 * Block elements whose end tag the browser never implies: one left open in raw HTML takes in the
 * rest of the page, the pagination and the footer too. (`<p>`, `<li>`, `<td>` and the like are
 * closed by what follows them, and inline elements only restyle text.)
 */
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'center', 'details', 'dialog', 'div', 'dl', 'fieldset', 'figcaption', 'figure', 'footer',
  'form', 'header', 'hgroup', 'main', 'menu', 'nav', 'ol', 'pre', 'search', 'section', 'summary', 'table', 'ul',
]);

/**
 * A raw block element opened and never closed (a `<details>` without `</details>`) is a warning at
 * the line where it opens (an error with --strict). The tags are followed across the page's HTML
 * nodes in order, as the browser meets them: `<details>` in one paragraph and `</details>` after
 * some Markdown pair up.
 */
export const remarkUnclosedHtml: Plugin<[], Root> = () => (tree, file) => {
  const { ctx, out } = pageData(file);
  const open: Array<{ name: string; line?: number; column?: number }> = [];
  visit(tree, 'html', (node: Html) => {
    const { start, end } = node.position ?? {};
    const text = start?.offset !== undefined && end?.offset !== undefined ? String(file.value).slice(start.offset, end.offset) : node.value;
    for (const tag of htmlTags(text)) {
      if (!BLOCKS.has(tag.name)) continue;
      if (!tag.end) {
        const at = start ? positionIn(text, tag.index, start) : undefined;
        open.push({ name: tag.name, line: at && at.line + ctx.bodyLineOffset, column: at?.column });
        continue;
      }
      // The browser closes the nearest open element of that name and everything opened inside it; a
      // stray end tag is ignored.
      let at = open.length - 1;
      while (at >= 0 && open[at]!.name !== tag.name) at--;
      if (at !== -1) open.length = at;
    }
  });
  for (const o of open) {
    out.problems.push({
      line: o.line,
      column: o.column,
      rule: 'unclosed-html',
      severity: 'warning',
      message: `\`<${o.name}>\` is opened here and never closed: expected \`</${o.name}>\``,
      hint: 'close it; without it, the rest of the page, the pagination and the footer end up inside it',
    });
  }
};
