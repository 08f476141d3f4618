import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileDoc } from '../../cli/pipeline/compile/compile-markdown.ts';
import { createProcessor } from '../../cli/pipeline/compile/markdown/create-processor.ts';
import { createStyleToClass } from '../../cli/pipeline/compile/markdown/highlighter.ts';
import { validateConfig } from '../../cli/pipeline/load/load-config.ts';
import type { SourceDoc } from '../../cli/pipeline/load/load-content.ts';
import { readMarkdownFile } from '../../cli/pipeline/load/read-markdown-file.ts';
import { DiagnosticList, formatDiagnostic } from '../../cli/diagnostics.ts';
import { defineConfig } from '../../config/index.ts';

const base = {
  url: 'https://docs.example.com',
  title: 'Example Docs',
  brand: 'Examplepay',
  favicon: 'img/favicon.svg',
  i18n: { defaultLocale: 'en', locales: ['en'] },
  navbar: {},
  theme: { footer: { copyright: 'Copyright' } },
};
const config = validateConfig(defineConfig(base));
const processor = await createProcessor({ styleToClass: createStyleToClass() });

/** Compiles `body` as `content/docs/guide.md`, whose body starts on line 5 (four lines of frontmatter). */
function compile(body: string, cfg = config) {
  const doc: SourceDoc = {
    locale: 'en',
    file: 'content/docs/guide.md',
    relPath: 'guide.md',
    id: 'guide',
    route: '/guide',
    frontmatter: { title: 'Guide', hide_table_of_contents: false, draft: false, noindex: false },
    body,
    bodyLineOffset: 4,
    hash: 'abc',
  };
  const diagnostics = new DiagnosticList();
  const page = compileDoc(doc, (rel) => (rel === 'guide.md' ? '/guide' : undefined), { config: cfg, processor, diagnostics });
  return { page, problems: diagnostics.items.map(formatDiagnostic) };
}

describe('remark-unsafe-urls: links that run code are errors', () => {
  it('javascript:, vbscript: and data: links in every Markdown form, matched as the browser reads them', () => {
    const { problems } = compile(
      [
        '[a](javascript:alert(1))',
        '',
        '<JavaScript:alert(2)>',
        '',
        '[b][ref] and [c](<java\tscript:alert(3)>)',
        '',
        '[ref]: VBScript:msgbox',
        '',
        '[d](data:text/html;base64,PHNjcmlwdD5hbGVydCg0KTwvc2NyaXB0Pg==)',
        '',
        '[e](&#106;avascript:alert(5))',
        '',
      ].join('\n'),
    );
    expect(problems).toMatchInlineSnapshot(`
      [
        "content/docs/guide.md:5:1: link to \`javascript:alert(1)\`: a \`javascript:\` URL runs code when the link is followed
        hint: link to a page or to an http(s) URL; code belongs in the theme (renderer/), not in a page",
        "content/docs/guide.md:7:1: link to \`JavaScript:alert(2)\`: a \`javascript:\` URL runs code when the link is followed
        hint: link to a page or to an http(s) URL; code belongs in the theme (renderer/), not in a page",
        "content/docs/guide.md:9:14: link to \`java\\tscript:alert(3)\`: a \`javascript:\` URL runs code when the link is followed
        hint: link to a page or to an http(s) URL; code belongs in the theme (renderer/), not in a page",
        "content/docs/guide.md:11:1: link to \`VBScript:msgbox\`: a \`vbscript:\` URL runs code when the link is followed
        hint: link to a page or to an http(s) URL; code belongs in the theme (renderer/), not in a page",
        "content/docs/guide.md:13:1: link to \`data:text/html;base64,PHNjcmlwdD5hbGVydCg0KTwvc2NyaXB0Pg==\`: a \`data:\` URL opens a document of its own
        hint: put the file in content/static and link to its path",
        "content/docs/guide.md:15:1: link to \`javascript:alert(5)\`: a \`javascript:\` URL runs code when the link is followed
        hint: link to a page or to an http(s) URL; code belongs in the theme (renderer/), not in a page",
      ]
    `);
  });

  it('raw HTML: href and src, with spaces and entities; data: images are fine only where an image loads', () => {
    const { problems } = compile(
      [
        'Text <a href=" javascript:alert(1)">x</a> and <a href="jav&#x09;ascript:alert(2)">y</a>.',
        '',
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="">',
        '<img src="data:image/svg+xml,%3Csvg%3E%3C/svg%3E" alt="">',
        '![ok](data:image/webp;base64,UklGRg==)',
        '',
        '<iframe src="data:text/html,<script>alert(3)</script>"></iframe>',
        '',
        '<a href="data:image/png;base64,iVBORw0KGgo=">png</a>',
        '',
      ].join('\n'),
    );
    expect(problems).toMatchInlineSnapshot(`
      [
        "content/docs/guide.md:5:6: \`<a href>\` \`javascript:alert(1)\`: a \`javascript:\` URL runs code when the link is followed
        hint: link to a page or to an http(s) URL; code belongs in the theme (renderer/), not in a page",
        "content/docs/guide.md:5:47: \`<a href>\` \`jav\\tascript:alert(2)\`: a \`javascript:\` URL runs code when the link is followed
        hint: link to a page or to an http(s) URL; code belongs in the theme (renderer/), not in a page",
        "content/docs/guide.md:11:1: \`<iframe src>\` \`data:text/html,<script>alert(3)</script>\`: a \`data:\` URL opens a document of its own
        hint: put the file in content/static and link to its path",
        "content/docs/guide.md:13:1: \`<a href>\` \`data:image/png;base64,iVBORw0KGgo=\`: a \`data:\` URL opens a document of its own
        hint: put the file in content/static and link to its path",
      ]
    `);
  });

  it('ordinary links pass', () => {
    expect(compile('[a](https://example.com) [b](mailto:x@example.com) [c](#signing) [d](./guide.md) <https://example.com/javascript:x>\n').problems).toEqual([]);
  });
});

describe('remark-raw-scripts: scripts and inline handlers in pages', () => {
  const body = ['Intro.', '', '<script>alert(1)</script>', '', '<img src="/x.png" onerror="alert(2)" alt=""> and <span ONCLICK=alert(3)>z</span>', ''].join('\n');

  it('are errors with the line and a hint naming the config field', () => {
    expect(compile(body).problems).toMatchInlineSnapshot(`
      [
        "content/docs/guide.md:7:1: raw \`<script>\` in a page: scripts in pages are off
        hint: move the code into the theme (renderer/); if pages must carry scripts, allow them with \`markdown: { allowScripts: true }\` in docs.config.ts",
        "content/docs/guide.md:9:1: inline event handler \`onerror\` on \`<img>\`: scripts in pages are off
        hint: move the code into the theme (renderer/); if pages must carry scripts, allow them with \`markdown: { allowScripts: true }\` in docs.config.ts",
        "content/docs/guide.md:9:50: inline event handler \`onclick\` on \`<span>\`: scripts in pages are off
        hint: move the code into the theme (renderer/); if pages must carry scripts, allow them with \`markdown: { allowScripts: true }\` in docs.config.ts",
      ]
    `);
  });

  it('pass when docs.config.ts opts in with markdown.allowScripts', () => {
    const allowed = validateConfig(defineConfig({ ...base, markdown: { allowScripts: true } }));
    expect(compile(body, allowed).problems).toEqual([]);
    expect(config.markdown.allowScripts).toBe(false);
  });

  it('code that shows a script is not one', () => {
    expect(compile('`<script>` and `onclick=`\n\n```html\n<script>alert(1)</script>\n```\n').problems).toEqual([]);
  });
});

describe('remark-unclosed-html: a raw block element never closed', () => {
  it('is a warning at the line where it opens', () => {
    const { problems } = compile(['<details>', '<summary>More</summary>', '', 'Hidden text.', '', '## Next {#next}', '', '<div class="x">', '', 'Text.', ''].join('\n'));
    expect(problems).toMatchInlineSnapshot(`
      [
        "content/docs/guide.md:5:1: warning: \`<details>\` is opened here and never closed: expected \`</details>\`
        hint: close it; without it, the rest of the page, the pagination and the footer end up inside it",
        "content/docs/guide.md:12:1: warning: \`<div>\` is opened here and never closed: expected \`</div>\`
        hint: close it; without it, the rest of the page, the pagination and the footer end up inside it",
      ]
    `);
  });

  it('closed across Markdown, nested, or with elements whose end the browser implies: nothing', () => {
    const body = ['<details>', '<summary>More</summary>', '', 'Hidden **text**.', '', '</details>', '', '<div><p>One<br>two</div>', '', '<!-- <div> -->', '<script>var s = "<div>"</script>', ''].join('\n');
    const allowed = validateConfig(defineConfig({ ...base, markdown: { allowScripts: true } }));
    expect(compile(body, allowed).problems).toEqual([]);
  });
});

describe('read-markdown-file: a frontmatter block never closed', () => {
  it('is an error at line 1 with a hint, where it used to give a page with an empty body', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'paydocs-fm-'));
    const read = (text: string) => {
      writeFileSync(path.join(dir, 'guide.md'), text);
      const diagnostics = new DiagnosticList();
      const result = readMarkdownFile(path.join(dir, 'guide.md'), 'content/docs/guide.md', diagnostics);
      return { ok: result.ok, problems: diagnostics.items.map(formatDiagnostic) };
    };
    expect(read('---\ntitle: Guide\ndescription: A guide.\n\n## Signing {#signing}\n\n- Sign every request.\n')).toEqual({
      ok: false,
      problems: ['content/docs/guide.md:1: the frontmatter opened here is never closed: expected a `---` line after it\n  hint: end the frontmatter with a line of three dashes; without it, the whole file is read as frontmatter and the page is empty'],
    });
    expect(read('---\ntitle: Guide\n---\n\n## Signing {#signing}\n').ok).toBe(true);
  });
});
