import GithubSlugger from 'github-slugger';
import type { Heading, Root, Text } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { Plugin } from 'unified';
import { visit } from './visit.ts';
import { format } from '../../../../shared/i18n/strings.ts';
import { pageData } from './types.ts';

const EXPLICIT_ID = /\s*\{#([^}\s]+)\}\s*$/;
/** What looks like an explicit id but cannot be one: `{#bad id}`, `{#}`, `{#a#b}`. */
const MALFORMED_ID = /\s*\{#([^}]*)\}\s*$/;
/** Letters (any script), digits, `-`, `_` and `.`, starting with a letter or digit: an id that needs no escaping in a URL fragment. */
const VALID_ID = /^[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u;

/**
 * Gives every heading a stable, unique id: an explicit `{#id}` at the end of the heading wins
 * (so a translation can keep the English id), otherwise a GitHub-style slug, which keeps
 * Cyrillic letters. Adds a direct-link anchor and collects the table of contents.
 */
export const remarkHeadingIds: Plugin<[], Root> = () => (tree, file) => {
  const { ctx, out } = pageData(file);
  const slugger = new GithubSlugger();
  const line = (node: Heading) => (node.position ? node.position.start.line + ctx.bodyLineOffset : undefined);
  /** Id -> file line of the heading that has it. */
  const used = new Map<string, number | undefined>();
  visit(tree, 'heading', (node: Heading) => {
    if (node.depth === 1) {
      // The layout writes the page's one h1 from its `title`; a second one breaks the outline.
      out.problems.push({
        line: line(node),
        column: node.position?.start.column,
        rule: 'body-h1',
        severity: 'warning',
        message: 'a `#` heading in the text makes a second h1: the page title from the frontmatter is already its h1',
        hint: 'use `##` for a section, or put the text in `title:` and delete the line',
      });
    }
    let id: string | undefined;
    const last = node.children[node.children.length - 1];
    if (last && last.type === 'text') {
      const m = EXPLICIT_ID.exec(last.value);
      const bad = m ? (VALID_ID.test(m[1]!) ? undefined : m) : MALFORMED_ID.exec(last.value);
      if (bad) {
        const suggestion = new GithubSlugger().slug(bad[1]!).replace(/^[^\p{L}\p{N}]+/u, '');
        out.problems.push({
          line: line(node),
          column: node.position?.start.column,
          rule: 'invalid-heading-id',
          severity: 'error',
          message: bad[1]!.trim()
            ? `heading id \`${bad[1]}\` is not a valid id: expected letters, digits, \`-\`, \`_\` or \`.\`, starting with a letter or digit`
            : 'empty heading id `{#}`',
          hint: suggestion ? `write \`{#${suggestion}}\`` : 'write an id after the `#`, e.g. `## Title {#title}`, or drop the braces for a generated one',
        });
        (last as Text).value = last.value.slice(0, bad.index);
      } else if (m) {
        id = m[1];
        (last as Text).value = last.value.slice(0, m.index);
        if (used.has(id)) {
          const first = used.get(id);
          out.problems.push({
            line: line(node),
            column: node.position?.start.column,
            rule: 'duplicate-heading-id',
            severity: 'error',
            message: `heading id \`${id}\` is used twice on this page${first !== undefined ? ` (first on line ${first})` : ''}`,
            hint: 'give one of the headings another explicit id: `## Title {#other-id}`',
          });
        }
        slugger.slug(id);
      }
    }
    const text = toString(node).trim();
    if (!id) id = slugger.slug(text);
    if (!used.has(id)) used.set(id, line(node));
    out.headingIds.push(id);
    const data = (node.data ??= {});
    data.hProperties = { ...(data.hProperties as object), id };
    if (node.depth >= 2) {
      node.children.push({
        type: 'link',
        url: `#${id}`,
        title: null,
        data: { hProperties: { className: ['hash-link'], 'aria-label': format(ctx.strings['heading.directLink'], { title: text }) } },
        children: [{ type: 'text', value: '#' }],
      });
    }
    if (node.depth >= ctx.tocMin && node.depth <= ctx.tocMax) out.toc.push({ id, text, level: node.depth });
  });
};
