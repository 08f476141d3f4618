import type { ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { Code, Root } from 'mdast';
import type { ShikiTransformer } from 'shiki';
import type { Plugin } from 'unified';
import { visit } from './visit.ts';
import { parseFenceMeta } from './fence-meta.ts';
import { dualThemeCodeToHast } from './dual-theme.ts';
import { THEMES, type Highlighter } from './highlighter.ts';
import { pageData } from './types.ts';

const ALIASES: Record<string, string> = { sh: 'bash', shell: 'bash', curl: 'bash', js: 'javascript', ts: 'typescript', yml: 'yaml', kt: 'kotlin', py: 'python', console: 'shellsession' };

export interface RemarkCodeOptions {
  highlighter: Highlighter;
  styleToClass: ShikiTransformer;
}

/**
 * Highlights fenced code with shiki at build time, with a light and a dark theme in one markup
 * (switched by CSS), a title and highlighted lines from the fence meta, and a copy button.
 */
export const remarkCode: Plugin<[RemarkCodeOptions], Root> = ({ highlighter, styleToClass }) => {
  const cache = new Map<string, string>();
  const codeToHast = dualThemeCodeToHast(highlighter, THEMES);
  return (tree, file) => {
    const { ctx, out } = pageData(file);
    const loaded = new Set(highlighter.getLoadedLanguages());
    visit(tree, 'code', (node: Code, index, parent) => {
      const meta = parseFenceMeta(node.meta);
      const lineCount = node.value.split('\n').length;
      const beyond = [...meta.highlight].filter((n) => n < 1 || n > lineCount);
      for (const range of meta.backwards) {
        out.problems.push({ line: node.position ? node.position.start.line + ctx.bodyLineOffset : undefined, rule: 'code-highlight', severity: 'warning', message: `highlighted range \`${range}\` runs backwards: nothing there to highlight`, hint: `write \`${range.split('-').reverse().join('-')}\`` });
      }
      if (beyond.length) {
        const shown = beyond.length > 3 ? `${beyond.slice(0, 3).join(', ')}, …` : beyond.join(', ');
        out.problems.push({ line: node.position ? node.position.start.line + ctx.bodyLineOffset : undefined, rule: 'code-highlight', severity: 'warning', message: `highlighted line${beyond.length === 1 ? '' : 's'} ${shown} of a block of ${lineCount} line${lineCount === 1 ? '' : 's'}: nothing there to highlight` });
      }
      let lang = (node.lang ?? 'text').toLowerCase();
      lang = ALIASES[lang] ?? lang;
      if (lang !== 'text' && !loaded.has(lang)) {
        out.problems.push({ line: node.position ? node.position.start.line + ctx.bodyLineOffset : undefined, rule: 'code-language', severity: 'warning', message: `unknown code language \`${node.lang}\`; shown as plain text` });
        lang = 'text';
      }
      // The same block is highlighted once per processor: the Russian page repeats the English page's
      // code, and dev recompiles a page whose other blocks did not change. What is kept is the
      // block's HTML, placed as a raw node: copying and serializing its many token spans again for
      // every page that repeats it cost more than highlighting did.
      const cacheKey = `${lang}\u0000${[...meta.highlight].join(',')}\u0000${node.value}`;
      let html = cache.get(cacheKey);
      if (html === undefined) {
        const root = codeToHast(node.value, {
          lang,
          themes: THEMES,
          defaultColor: false,
          transformers: [
            {
              line(el, line) {
                if (meta.highlight.has(line)) this.addClassToHast(el, 'highlighted');
              },
            },
            styleToClass,
          ],
        });
        html = toHtml(root, { allowDangerousHtml: true });
        cache.set(cacheKey, html);
      }
      const pre = { type: 'raw', value: html } as unknown as ElementContent;
      const children: ElementContent[] = [];
      if (meta.title) children.push({ type: 'element', tagName: 'div', properties: { className: ['code-block__title'] }, children: [{ type: 'text', value: meta.title }] });
      children.push(pre);
      children.push({
        type: 'element',
        tagName: 'button',
        // Named by its visible word (what a reader using speech input says), described by the title; the word
        // is a live region, so "Copied" is announced when it replaces it.
        properties: { type: 'button', className: ['copy-button'], title: ctx.strings['code.copy'], dataCopy: '' },
        children: [{ type: 'element', tagName: 'span', properties: { ariaLive: 'polite' }, children: [{ type: 'text', value: ctx.strings['code.copyLabel'] }] }],
      });
      // A node type of our own, not `code`: remark-rehype would wrap a `code` node's output in another <pre>.
      const block = { type: 'paydocsCodeBlock', data: { hName: 'div', hProperties: { className: ['code-block'], dataLang: lang }, hChildren: children } };
      if (parent && index !== undefined) parent.children.splice(index, 1, block as unknown as Code);
    });
  };
};
