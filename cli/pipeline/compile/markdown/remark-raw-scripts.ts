import type { Html, Root } from 'mdast';
import type { Plugin } from 'unified';
import { htmlTags, positionIn } from '../../check/html-tags.ts';
import { pageData } from './types.ts';
import { visit } from './visit.ts';

const HINT = 'move the code into the theme (renderer/); if pages must carry scripts, allow them with `markdown: { allowScripts: true }` in docs.config.ts';

/**
 * A raw `<script>` or an inline event handler (`onclick=`, `onerror=`) in a page is an error unless
 * the config allows scripts (`markdown.allowScripts`): a page is text a writer edits, and code in it
 * runs with the site's origin on every reader's machine. The site's Content-Security-Policy would
 * block such code anyway, so a page that needs it would break silently in the browser; the build says so.
 */
export const remarkRawScripts: Plugin<[], Root> = () => (tree, file) => {
  const { ctx, out } = pageData(file);
  if (ctx.allowScripts) return;
  const html = (node: Html) => {
    const { start, end } = node.position ?? {};
    const text = start?.offset !== undefined && end?.offset !== undefined ? String(file.value).slice(start.offset, end.offset) : node.value;
    for (const tag of htmlTags(text)) {
      if (tag.end) continue;
      const at = start ? positionIn(text, tag.index, start) : undefined;
      const report = (message: string) => out.problems.push({ line: at && at.line + ctx.bodyLineOffset, column: at?.column, rule: 'raw-script', severity: 'error', message, hint: HINT });
      if (tag.name === 'script') report('raw `<script>` in a page: scripts in pages are off');
      for (const a of tag.attributes) {
        if (/^on[a-z]+$/.test(a.name)) report(`inline event handler \`${a.name}\` on \`<${tag.name}>\`: scripts in pages are off`);
      }
    }
  };
  visit(tree, 'html', html);
};
