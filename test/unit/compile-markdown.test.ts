import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../cli/pipeline/load/load-config.ts';
import { compileDoc } from '../../cli/pipeline/compile/compile-markdown.ts';
import type { SourceDoc } from '../../cli/pipeline/load/load-content.ts';
import { createProcessor } from '../../cli/pipeline/compile/markdown/create-processor.ts';
import { createStyleToClass } from '../../cli/pipeline/compile/markdown/highlighter.ts';
import { DiagnosticList, formatDiagnostic } from '../../cli/diagnostics.ts';
import siteConfig from '../fixtures/full-config/docs.config.ts';

const config = validateConfig(siteConfig);
const styleToClass = createStyleToClass();
const processor = await createProcessor({ styleToClass });
const routes: Record<string, string> = { 'intro.md': '/', 'api/transaction_create.md': '/api/transaction_create', 'reference/api_error_codes.md': '/reference/api_error_codes' };

function compile(body: string, opts: { locale?: string; relPath?: string } = {}) {
  const diagnostics = new DiagnosticList();
  const doc: SourceDoc = {
    locale: opts.locale ?? 'en',
    file: `content/docs/${opts.relPath ?? 'api/transaction_create.md'}`,
    relPath: opts.relPath ?? 'api/transaction_create.md',
    id: 'x',
    route: '/api/transaction_create',
    frontmatter: { title: 'T', hide_table_of_contents: false, draft: false, noindex: false },
    body,
    bodyLineOffset: 4,
    hash: 'abc',
  };
  const page = compileDoc(doc, (rel) => routes[rel], { config, processor, diagnostics });
  return { page, errors: diagnostics.items.map(formatDiagnostic) };
}

describe('cli/pipeline/compile/compile-markdown', () => {
  it('renders GFM tables, task lists and autolinks', () => {
    const { page } = compile('| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\nSee https://corvopay.com now.');
    expect(page.html).toContain('<table tabindex="0">');
    expect(page.html).toContain('type="checkbox" checked');
    expect(page.html).toContain('<a href="https://corvopay.com">https://corvopay.com</a>');
  });

  it('turns admonitions into labelled notes with default and custom titles, per locale', () => {
    const en = compile(':::warning\nCareful.\n:::\n\n:::tip[Sandbox first]\nTry it.\n:::').page.html;
    expect(en).toContain('<aside class="admonition admonition-warning" role="note">');
    expect(en).toMatch(/admonition__title">.*Warning<\/p>/);
    expect(en).toMatch(/admonition__title">.*Sandbox first<\/p>/);
    const ru = compile(':::danger\nОсторожно.\n:::', { locale: 'ru' }).page.html;
    expect(ru).toMatch(/admonition__title">.*Осторожно<\/p>/);
  });

  it('gives headings stable unique ids, keeps Cyrillic, honours {#id}, and collects h2-h3 for the TOC', () => {
    const { page } = compile('## Подпись запроса\n\n### Details\n\n### Details\n\n## Signing {#request-signing}\n\n#### Deep');
    expect(page.toc).toEqual([
      { id: 'подпись-запроса', text: 'Подпись запроса', level: 2 },
      { id: 'details', text: 'Details', level: 3 },
      { id: 'details-1', text: 'Details', level: 3 },
      { id: 'request-signing', text: 'Signing', level: 2 },
    ]);
    expect(page.html).toContain('<h2 id="request-signing">Signing<a href="#request-signing" class="hash-link" aria-label="Direct link to Signing">#</a></h2>');
    expect(page.headingIds).toContain('deep');
  });

  it('highlights code with both themes as classes (no per-token inline colours), with title and highlighted lines', () => {
    const { page } = compile('```json title="Response" {2}\n{\n  "status": "success"\n}\n```');
    expect(page.html).toMatch(/^<div class="code-block" data-lang="json"><div class="code-block__title">Response<\/div><pre class="shiki[^"]*" tabindex="0"><code>/);
    expect(page.html).not.toContain('<pre><div');
    expect(page.html).toMatch(/<span class="line highlighted">/);
    expect(page.html).not.toMatch(/style="color:/);
    const css = styleToClass.getCSS();
    expect(css).toContain('--shiki-light');
    expect(css).toContain('--shiki-dark');
    for (const lang of ['java', 'json', 'bash', 'php', 'javascript', 'python', 'http', 'kotlin']) {
      expect(compile('```' + lang + '\nx\n```').errors).toEqual([]);
    }
  });

  it('builds tab groups from fenced code, labelled by title or language', () => {
    const { page } = compile(':::tabs{group="lang"}\n```bash\ncurl x\n```\n```python title="Python 3"\nprint(1)\n```\n:::');
    expect(page.html).toContain('<div class="tabs" data-group="lang"><div role="tablist" class="tabs__list">');
    expect(page.html).toContain('data-value="curl" class="tabs__tab">cURL</button>');
    expect(page.html).toContain('data-value="python-3" class="tabs__tab">Python 3</button>');
    expect(page.html).toMatch(/<div role="tabpanel" id="tabs-0-panel-1" aria-labelledby="tabs-0-tab-1" data-value="python-3" class="tabs__panel" hidden>/);
  });

  it('rewrites relative .md links to routes in the page locale and records their lines', () => {
    const en = compile('See [errors](../reference/api_error_codes.md#auth).\n\n[home](../intro.md)');
    expect(en.page.html).toContain('<a href="/reference/api_error_codes#auth">errors</a>');
    expect(en.page.html).toContain('<a href="/">home</a>');
    const ru = compile('См. [коды](../reference/api_error_codes.md) и [раздел](/api/transaction_create).', { locale: 'ru' });
    expect(ru.page.html).toContain('<a href="/ru/reference/api_error_codes">коды</a>');
    expect(ru.page.html).toContain('<a href="/ru/api/transaction_create">раздел</a>');
    expect(ru.page.links.map((l) => [l.kind, l.path, l.line])).toEqual([
      ['doc', '/ru/reference/api_error_codes', 5],
      ['path', '/ru/api/transaction_create', 5],
    ]);
  });

  it('reports unknown block directives with the file line, and leaves prose colons alone', () => {
    const { page, errors } = compile('Ratio 3:1 and note:this stay.\n\n:::warnign\nx\n:::');
    expect(page.html).toContain('Ratio 3:1 and note:this stay.');
    expect(errors).toMatchInlineSnapshot(`
      [
        "content/docs/api/transaction_create.md:7:1: unknown directive \`:::warnign\`; expected one of \`note\`, \`tip\`, \`info\`, \`warning\`, \`danger\`, \`caution\`, \`important\`, \`tabs\`, \`data-table\`, \`status-diagram\`, \`api-operation\`",
      ]
    `);
  });

  it('keeps section text per heading for the search index, without code', () => {
    const { page } = compile('Intro text.\n\n## Signing {#signing}\n\nHMAC-SHA256 over the body.\n\n```bash\ncurl secret\n```\n\n### Example\n\nA worked example.');
    expect(page.sections).toEqual([
      { id: '', title: 'T', level: 1, text: 'Intro text.' },
      { id: 'signing', title: 'Signing', level: 2, text: 'HMAC-SHA256 over the body.' },
      { id: 'example', title: 'Example', level: 3, text: 'A worked example.' },
    ]);
  });

  it('runs a paragraph\'s inline nodes together in the search text, and keeps blocks apart', () => {
    const { page } = compile('Refunds of [cash pay-ins](../intro.md). Type `payin`, **`payout`** or _refund_.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| [x](../intro.md). | y |');
    expect(page.sections[0]!.text).toBe('Refunds of cash pay-ins. Type payin, payout or refund. one two a b x. y');
  });

  it('puts a space for a line break in the search text: the words on either side stay two words', () => {
    const { page } = compile('Pay-ins\\\nand payouts  \nsettle daily.\n\n| field |\n|---|\n| `order_id`<br>required |');
    expect(page.sections[0]!.text).toBe('Pay-ins and payouts settle daily. field order_id required');
  });
});

describe('cli/pipeline/compile/markdown/remark-links (absolute paths)', () => {
  it('keeps the query, and leaves static files without a locale prefix', () => {
    const ru = compile('[поиск](/search?q=payout#top) и ![схема](/img/flow.png) и [файл](/img/logo.svg)', { locale: 'ru' });
    expect(ru.page.html).toContain('<a href="/ru/search?q=payout#top">поиск</a>');
    expect(ru.page.html).toContain('<a href="/img/logo.svg">файл</a>');
  });
});
