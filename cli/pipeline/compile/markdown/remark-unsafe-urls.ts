import type { Definition, Html, Image, Link, Root } from 'mdast';
import type { Plugin } from 'unified';
import { htmlTags, positionIn } from '../../check/html-tags.ts';
import { shownUrl, unsafeUrl, type UrlContext } from '../../check/unsafe-url.ts';
import { pageData } from './types.ts';
import { visit } from './visit.ts';

/** Attributes of raw HTML whose value the browser follows or loads as a URL. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'poster', 'data', 'cite', 'background']);

/** `srcset`'s URLs: candidates split by commas, each a URL and an optional width or density. */
const srcsetUrls = (value: string) => value.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '').filter(Boolean);

/**
 * Links and images whose URL runs code or opens a document of its own (`javascript:`, `vbscript:`,
 * a `data:` URL that is not an image loaded as one) are errors: a reader who clicks such a link runs
 * whatever the writer (or whoever edited the page) put there. Checked in Markdown links, autolinks,
 * definitions, images and the URL attributes of raw HTML, after the browser's own clean-up of the URL
 * (`java\tscript:` is `javascript:`), so nothing the browser would run gets past.
 */
export const remarkUnsafeUrls: Plugin<[], Root> = () => (tree, file) => {
  const { ctx, out } = pageData(file);
  const report = (what: string, raw: string, context: UrlContext, line: number | undefined, column: number | undefined) => {
    const bad = unsafeUrl(raw, context);
    if (!bad) return;
    const hint = bad.scheme !== 'data:'
      ? 'link to a page or to an http(s) URL; code belongs in the theme (renderer/), not in a page'
      : context === 'image'
        ? 'put the image in content/static and write its path, such as `/img/diagram.png`'
        : 'put the file in content/static and link to its path';
    out.problems.push({ line: line === undefined ? undefined : line + ctx.bodyLineOffset, column, rule: 'unsafe-url', severity: 'error', message: `${what} \`${shownUrl(raw)}\`: a \`${bad.scheme}\` URL ${bad.reason}`, hint });
  };
  const markdown = (node: Link | Definition | Image) => report(node.type === 'image' ? 'image' : 'link to', node.url, node.type === 'image' ? 'image' : 'link', node.position?.start.line, node.position?.start.column);
  // Scanned as written in the file (with a list's indent or a quote's `>`), so columns are the editor's.
  const html = (node: Html) => {
    const { start, end } = node.position ?? {};
    const text = start?.offset !== undefined && end?.offset !== undefined ? String(file.value).slice(start.offset, end.offset) : node.value;
    for (const tag of htmlTags(text)) {
      for (const a of tag.attributes) {
        if (!URL_ATTRIBUTES.has(a.name)) continue;
        const at = start ? positionIn(text, tag.index, start) : undefined;
        // An image element loads its source as an image: a `data:image/png` there shows a picture and runs nothing.
        const context: UrlContext = (tag.name === 'img' || tag.name === 'source') && (a.name === 'src' || a.name === 'srcset') ? 'image' : a.name === 'poster' ? 'image' : 'link';
        for (const url of a.name === 'srcset' ? srcsetUrls(a.value) : [a.value]) report(`\`<${tag.name} ${a.name}>\``, url, context, at?.line, at?.column);
      }
    }
  };
  visit(tree, (node) => {
    if (node.type === 'link' || node.type === 'definition' || node.type === 'image') markdown(node);
    else if (node.type === 'html') html(node);
  });
};
