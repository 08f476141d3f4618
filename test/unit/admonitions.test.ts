/**
 * Admonitions in every spelling a team brings (issue 34, item 4): paydocs' own `:::note`…`:::danger`,
 * Docusaurus's `:::caution` and `:::important`, and GitHub's `> [!NOTE]` alerts.
 */
import { describe, expect, it } from 'vitest';
import { DiagnosticList, formatDiagnostic } from '../../cli/diagnostics.ts';
import { compileDoc } from '../../cli/pipeline/compile/compile-markdown.ts';
import { createProcessor } from '../../cli/pipeline/compile/markdown/create-processor.ts';
import { createStyleToClass } from '../../cli/pipeline/compile/markdown/highlighter.ts';
import type { SourceDoc } from '../../cli/pipeline/load/load-content.ts';
import { validateConfig } from '../../cli/pipeline/load/load-config.ts';
import fixtureConfig from '../fixtures/basic/docs.config.ts';

const config = validateConfig(fixtureConfig);
const processor = await createProcessor({ styleToClass: createStyleToClass() });

function compile(body: string, locale = 'en') {
  const diagnostics = new DiagnosticList();
  const doc: SourceDoc = { locale, file: 'content/docs/guide.md', relPath: 'guide.md', id: 'guide', route: '/guide', frontmatter: { title: 'Guide', hide_table_of_contents: false, draft: false, noindex: false }, body, bodyLineOffset: 0, hash: 'h' };
  const page = compileDoc(doc, () => undefined, { config, processor, diagnostics });
  return { html: page.html, text: page.sections.map((s) => s.text).join(' '), problems: diagnostics.items.map(formatDiagnostic) };
}

/** The admonitions of `html`: [class, title text, body HTML]. */
function admonitions(html: string): Array<[string, string, string]> {
  return [...html.matchAll(/<aside class="admonition admonition-(\w+)" role="note"><p class="admonition__title"><span[^>]*><\/span>(.*?)<\/p>\s*([\s\S]*?)<\/aside>/g)].map((m) => [m[1]!, m[2]!, m[3]!.trim()]);
}

describe('admonitions', () => {
  it('GitHub alerts render as the admonition each stands for, titled in the page locale', () => {
    const body = ['NOTE', 'TIP', 'IMPORTANT', 'WARNING', 'CAUTION'].map((t) => `> [!${t}]\n> Refunds for ${t.toLowerCase()}.`).join('\n\n');
    const { html, problems } = compile(body);
    expect(problems).toEqual([]);
    expect(admonitions(html)).toEqual([
      ['note', 'Note', '<p>Refunds for note.</p>'],
      ['tip', 'Tip', '<p>Refunds for tip.</p>'],
      ['info', 'Important', '<p>Refunds for important.</p>'],
      ['warning', 'Warning', '<p>Refunds for warning.</p>'],
      ['danger', 'Caution', '<p>Refunds for caution.</p>'],
    ]);
    expect(admonitions(compile('> [!caution]\n> Возврат необратим.', 'ru').html)).toEqual([['danger', 'Предостережение', '<p>Возврат необратим.</p>']]);
  });

  it('keeps the alert body whole (several paragraphs, lists, code) and leaves the marker out of the search text', () => {
    const { html, text } = compile('> [!WARNING]\n> First line **bold**.\n>\n> - one\n> - two\n>\n> ```bash\n> curl -X POST\n> ```');
    const [[type, , inner]] = admonitions(html) as [[string, string, string]];
    expect(type).toBe('warning');
    expect(inner).toContain('<p>First line <strong>bold</strong>.</p>');
    expect(inner).toContain('<li>one</li>');
    expect(inner).toContain('curl');
    expect(text).not.toContain('[!WARNING]');
    expect(text).toContain('First line');
  });

  it('a quote that is no alert stays a quote: an unknown marker, a marker not alone on its line, no marker', () => {
    for (const body of ['> [!FOO]\n> text', '> [!NOTE] inline text', '> Just a quote.', '> text\n> [!NOTE]']) {
      const { html } = compile(body);
      expect(html, body).toContain('<blockquote>');
      expect(admonitions(html), body).toEqual([]);
    }
  });

  it("accepts Docusaurus's :::caution and :::important, with their own titles and a custom one", () => {
    const { html, problems } = compile(':::caution\nCheck the amount.\n:::\n\n:::important[Before you go live]\nRotate the key.\n:::');
    expect(problems).toEqual([]);
    expect(admonitions(html)).toEqual([
      ['warning', 'Caution', '<p>Check the amount.</p>'],
      ['info', 'Before you go live', '<p>Rotate the key.</p>'],
    ]);
    expect(admonitions(compile(':::important\nВажно.\n:::', 'ru').html)[0]?.[1]).toBe('Важно');
  });
});
