import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import type { ApiModel } from '../../cli/pipeline/load/api/load-api.ts';
import type { OpenApiDocument } from '../../cli/pipeline/compile/api/operation-model.ts';
import type { LocaleRoutes } from '../../cli/pipeline/routes/build-routes.ts';
import { checkLinks } from '../../cli/pipeline/check/check-links.ts';
import { compileDoc, type CompiledPage } from '../../cli/pipeline/compile/compile-markdown.ts';
import { validateConfig } from '../../cli/pipeline/load/load-config.ts';
import type { SourceDoc } from '../../cli/pipeline/load/load-content.ts';
import { loadData } from '../../cli/pipeline/load/load-data.ts';
import { createProcessor } from '../../cli/pipeline/compile/markdown/create-processor.ts';
import { createStyleToClass } from '../../cli/pipeline/compile/markdown/highlighter.ts';
import { generatedPaths } from '../../cli/pipeline/emit/write-llms.ts';
import type { MarkdownData } from '../../cli/pipeline/compile/markdown/types.ts';
import { DiagnosticList, formatDiagnostic } from '../../cli/diagnostics.ts';
import siteConfig from '../fixtures/full-config/docs.config.ts';
import { fixture } from '../helpers/fixture.ts';

const config = validateConfig(siteConfig);
const processor = await createProcessor({ styleToClass: createStyleToClass() });
/** relPath -> route, the same in both locales. */
const ROUTES: Record<string, string> = {
  'intro.md': '/',
  'callbacks.md': '/callbacks',
  'api/thing_get.md': '/api/thing_get',
  'api/thing_put.md': '/api/thing_put',
  'reference/test_cards.md': '/reference/test_cards',
};

function source(body: string, opts: { locale?: string; relPath?: string; translation?: SourceDoc['translation'] } = {}): SourceDoc {
  const locale = opts.locale ?? 'en';
  const relPath = opts.relPath ?? 'callbacks.md';
  return {
    locale,
    file: `${opts.translation === 'missing' || locale === 'en' ? 'content/docs' : `content/i18n/${locale}`}/${relPath}`,
    relPath,
    id: relPath.replace(/\.md$/, ''),
    route: ROUTES[relPath]!,
    frontmatter: { title: 'T', hide_table_of_contents: false, draft: false, noindex: false },
    body,
    // The body starts on line 5 of the file, after four lines of frontmatter.
    bodyLineOffset: 4,
    hash: 'abc',
    translation: opts.translation,
  };
}

function compile(body: string, opts: Parameters<typeof source>[1] & { data?: MarkdownData } = {}) {
  const diagnostics = new DiagnosticList();
  const page = compileDoc(source(body, opts), (rel) => ROUTES[rel], { config, processor, diagnostics, data: opts.data });
  return { page, errors: diagnostics.items.map(formatDiagnostic) };
}

describe('cli/pipeline/compile/markdown/remark-directive-syntax: unclosed containers', () => {
  it('an unclosed admonition is an error at its line, and the page still compiles', () => {
    const { page, errors } = compile('# Callbacks\n\nIntro.\n\n:::note\nUnclosed note.\n\n## Later heading\n\nMuch more text.\n');
    expect(errors).toMatchInlineSnapshot(`
      [
        "content/docs/callbacks.md:9:1: \`:::note\` is never closed; expected a \`:::\` line after its content
        hint: without it, the rest of the page (or of the list item or quote it is in) is inside it",
        "content/docs/callbacks.md:5:1: warning: a \`#\` heading in the text makes a second h1: the page title from the frontmatter is already its h1
        hint: use \`##\` for a section, or put the text in \`title:\` and delete the line",
      ]
    `);
    expect(page.html).toContain('<aside class="admonition admonition-note"');
  });

  it('the same for `:::tabs`, any other container, at the end of the page, and in a list item or quote', () => {
    expect(compile(':::tabs{group="lang"}\n```bash\ncurl x\n```\n').errors).toEqual([expect.stringMatching(/^content\/docs\/callbacks\.md:5:1: `:::tabs` is never closed; expected a `:::` line after its content\n/)]);
    expect(compile('Text.\n\n:::warning[Careful]').errors).toEqual([expect.stringMatching(/^content\/docs\/callbacks\.md:7:1: `:::warning` is never closed/)]);
    expect(compile(':::::danger\nx\n').errors).toEqual([expect.stringMatching(/`:::::danger` is never closed; expected a `:::::` line/)]);
    expect(compile('- item\n\n  :::note\n  inner\n\n- next\n').errors).toEqual([expect.stringMatching(/^content\/docs\/callbacks\.md:7:3: `:::note` is never closed/)]);
    expect(compile('> :::tip\n> quoted\n\nafter\n').errors).toEqual([expect.stringMatching(/^content\/docs\/callbacks\.md:5:3: `:::tip` is never closed/)]);
  });

  it("nested containers with the same fence: the outer one is reported, its fence being the inner one's, with both ways out", () => {
    expect(compile(':::note\n:::tabs\n```js\nx\n```\n:::\n').errors).toMatchInlineSnapshot(`
      [
        "content/docs/callbacks.md:5:1: \`:::note\` is never closed: the \`:::\` on line 10 that ends it was meant for \`:::tabs\` (line 6)
        hint: close \`:::note\` with a \`:::\` line after its content; or, to nest \`:::tabs\` in it, give it more colons: \`::::note\` … \`::::\`",
      ]
    `);
    expect(compile('::::note\n:::tabs\n```js\nx\n```\n:::\n::::\n').errors).toEqual([]);
  });

  it('closed containers, empty ones and ones with a label or attributes are fine', () => {
    const ok = [':::note\nok\n:::\n', ':::note\n:::\n', ':::warning[Sandbox only]\nx\n:::', ':::tabs{group="lang"}\n```bash\ncurl\n```\n:::\n', '- item\n\n  :::note\n  inner\n  :::\n\n- next\n', '> :::tip\n> quoted\n> :::\n'];
    for (const body of ok) expect(compile(body).errors, body).toEqual([]);
  });
});

describe('cli/pipeline/compile/markdown/remark-directive-syntax: fence lines micromark left as text', () => {
  it('the Docusaurus title syntax, an unclosed title and a lone `:::`', () => {
    const { page, errors } = compile('Intro.\n\n:::tip Sandbox only\ntext2\n:::\n\n:::warning[Unclosed title\n\nBody.\n\n:::\n\nMore.\n\n:::\n');
    expect(errors).toMatchInlineSnapshot(`
      [
        "content/docs/callbacks.md:7:1: \`:::tip Sandbox only\`: an admonition's title goes in brackets: \`:::tip[Sandbox only]\`",
        "content/docs/callbacks.md:11:1: \`:::warning[Unclosed title\`: the title has no closing \`]\`; expected \`:::warning[Unclosed title]\`",
        "content/docs/callbacks.md:19:1: a lone \`:::\` closes nothing
        hint: remove it, or open a container above it (\`:::note\` … \`:::\`); write \`\\:::\` for the literal text",
      ]
    `);
    // What it is today: the text as typed (the errors fail the build).
    expect(page.html).toContain('<p>:::tip Sandbox only\ntext2\n:::</p>');
  });

  it('a space after the colons or before the attributes, text after the name, a leaf directive cut short', () => {
    const errors = (body: string) => compile(body).errors;
    expect(errors('::: note\nx\n:::\n')).toEqual(['content/docs/callbacks.md:5:1: `::: note`: no space goes between `:::` and the name: `:::note`']);
    expect(errors(':::tabs {group="lang"}\n```js\nx\n```\n:::\n')).toEqual(['content/docs/callbacks.md:5:1: `:::tabs {group="lang"}`: no space goes between the name and `{`: `:::tabs{group="lang"}`']);
    expect(errors(':::tabs lang\n```js\nx\n```\n:::\n')).toEqual(['content/docs/callbacks.md:5:1: `:::tabs lang`: nothing may follow `:::tabs` on its line but `[label]` and `{key="value"}`']);
    expect(errors('Text.\n\n::data-table{src="test_cards"\n')).toEqual([
      'content/docs/callbacks.md:7:1: `::data-table{src="test_cards"` is not a directive; expected `::name{key="value"}` alone on its line\n  hint: check the closing `}` or `]` and the quotes of the attribute values',
    ]);
  });

  it('a `:::` that cannot close the container it is in says which fence does', () => {
    expect(compile('::::note\nx\n:::\n::::\n').errors).toMatchInlineSnapshot(`
      [
        "content/docs/callbacks.md:7:1: a lone \`:::\` closes nothing
        hint: \`::::note\` (line 5) closes with \`::::\`",
      ]
    `);
  });

  it('leaves `:::` alone in code, inline code, escaped, and inside a line of prose', () => {
    const ok = ['```yaml\n:::note\nunclosed in a code block\n```\n', '    :::tip Indented code\n', 'Inline `a\n:::b` code.\n', '\\:::\n', 'Ratio 3:::1 in prose.\n', 'The `:::note` syntax.\n'];
    for (const body of ok) expect(compile(body).errors, body).toEqual([]);
  });
});

describe('cli/pipeline/compile/markdown/remark-block-syntax: code fences and HTML comments that run to the end', () => {
  it('a code fence never closed is an error at its opening line, at the end of the page and in a list item', () => {
    expect(compile('Intro.\n\n```json\n{"a": 1}\n\n## Later heading\n').errors).toMatchInlineSnapshot(`
      [
        "content/docs/callbacks.md:7:1: the code block opened here is never closed: expected a closing \`\`\` line
        hint: without it, the rest of the page is shown as code",
      ]
    `);
    expect(compile('- item\n\n  ~~~~bash\n  curl x\n').errors).toEqual([
      'content/docs/callbacks.md:7:3: the code block opened here is never closed: expected a closing ~~~~ line\n  hint: without it, the rest of the page is shown as code',
    ]);
  });

  it('a block that runs into a fence with a language lost its end: reported there, not at the `:::` the wrong pairing leaves alone', () => {
    const body = 'Intro.\n\n```bash\ncurl x\n\n:::tabs\n```php\necho 1;\n```\n```python\nprint(1)\n```\n:::\n';
    expect(compile(body).errors[0]).toBe(
      'content/docs/callbacks.md:7:1: the code block opened here runs into the fence line ```php on line 11: expected a closing ``` line before it\n  hint: close the block; to show fences inside a code block, open it with a longer fence (````)',
    );
  });

  it('an HTML comment without `-->` is an error at its line', () => {
    expect(compile('Intro.\n\n<!-- todo\n\n## Hidden heading\n\ntext\n').errors).toEqual([
      'content/docs/callbacks.md:7:1: the HTML comment opened here is never closed: expected `-->`\n  hint: without it, the browser hides the rest of the page',
    ]);
  });

  it('closed fences (also longer closing ones, in quotes and lists), fences shown inside a longer fence, indented code and closed comments are fine', () => {
    const ok = [
      '```json\n{}\n```\n',
      '```\nplain\n`````\n',
      '> ```js\n> x()\n> ```\n',
      '1. step\n\n   ```bash\n   curl x\n   ```\n',
      '````text\n```js\nx()\n```\n````\n',
      '    indented\n    code\n',
      '<!-- a note -->\n\n<!--\nlonger\n-->\n\nText <!-- inline --> here.\n',
      '```\n```\n',
    ];
    for (const body of ok) expect(compile(body).errors, body).toEqual([]);
  });
});

describe('images (remark-links, check-links)', () => {
  /** Compiles the page in both locales (the Russian one untranslated, or translated) and checks its links. */
  function check(body: string, opts: { ruTranslated?: boolean } = {}) {
    const diagnostics = new DiagnosticList();
    const en = compileDoc(source(body), (rel) => ROUTES[rel], { config, processor, diagnostics });
    const ru = compileDoc(source(body, { locale: 'ru', translation: opts.ruTranslated ? undefined : 'missing' }), (rel) => ROUTES[rel], { config, processor, diagnostics });
    const pages = new Map<string, CompiledPage[]>([
      ['en', [en]],
      ['ru', [ru]],
    ]);
    const known = new Set(['/', '/callbacks', '/ru/', '/ru/callbacks', '/img/logo.svg', '/img/favicon.svg']);
    checkLinks({ pages, known, checkAnchors: false, diagnostics });
    return diagnostics.items.map(formatDiagnostic);
  }

  it('a missing image is an error at its line, whether the path is absolute or relative to the page', () => {
    expect(check('Intro.\n\n![diagram](./img/missing.png)\n\n![logo](/img/nologo.svg)\n')).toMatchInlineSnapshot(`
      [
        "content/docs/callbacks.md:7:1: image \`./img/missing.png\` on \`/callbacks\`: no such file (looked in \`content/static/img/missing.png\`)
        hint: a relative image loads from the page's URL; images are files in content/static, so write the path from the site root, e.g. \`/img/missing.png\`",
        "content/docs/callbacks.md:9:1: image \`/img/nologo.svg\`: no such file (looked in \`content/static/img/nologo.svg\`)
        hint: put the file in content/static, or fix the path",
        "content/docs/callbacks.md:7:1: image \`./img/missing.png\` on \`/ru/callbacks\`: no such file (looked in \`content/static/ru/img/missing.png\`)
        hint: a relative image loads from the page's URL; images are files in content/static, so write the path from the site root, e.g. \`/img/missing.png\`",
      ]
    `);
  });

  it('a link or image written as HTML is checked as the browser reads it, at its line and column', () => {
    const body = 'Intro.\n\nSee <a href="/nowhere">x</a> and <img src="/img/nope.png" alt="x">.\n\n<div>\n  <a class="b" href=\'/callbacks#top\'>ok</a>\n  <a href="https://example.com/">ext</a> <a href="#here">here</a>\n  <!-- <a href="/commented-out">x</a> -->\n  <img src="/img/logo.svg" alt=""> <a href="../ru/">ru</a> <a href="/gone/">gone</a>\n</div>\n';
    expect(check(body)).toMatchInlineSnapshot(`
      [
        "content/docs/callbacks.md:7:14: link to \`/nowhere\`: no page at \`/nowhere\`
        hint: check the path of \`/nowhere\`",
        "content/docs/callbacks.md:7:44: image \`/img/nope.png\`: no such file (looked in \`content/static/img/nope.png\`)
        hint: put the file in content/static, or fix the path",
        "content/docs/callbacks.md:13:69: link to \`/gone/\`: no page at \`/gone\`
        hint: check the path of \`/gone\`",
      ]
    `);
  });

  it('an HTML link in a list item or a quote is named at the column an editor shows; a malformed escape is reported, not a crash', () => {
    const body = '- item\n\n  <div>\n    <a href="/in-list">x</a>\n  </div>\n\n> <p>\n> <a href="/in-quote">y</a>\n> </p>\n\n<a href="/x?a=1&amp;b=2#%E0%A4%A">z</a> [w](/bad%E0%A4%A#%E0%A4%A)\n';
    expect(check(body)).toMatchInlineSnapshot(`
      [
        "content/docs/callbacks.md:8:14: link to \`/in-list\`: no page at \`/in-list\`
        hint: check the path of \`/in-list\`",
        "content/docs/callbacks.md:12:12: link to \`/in-quote\`: no page at \`/in-quote\`
        hint: check the path of \`/in-quote\`",
        "content/docs/callbacks.md:15:10: link to \`/x?a=1&b=2#%E0%A4%A\`: no page at \`/x\`
        hint: did you mean \`/\`?",
        "content/docs/callbacks.md:15:41: link to \`/bad%E0%A4%A#%E0%A4%A\`: no page at \`/bad%E0%A4%A\`
        hint: check the path of \`/bad%E0%A4%A\`",
      ]
    `);
  });

  it('a link to a file the build writes beside the pages (a Markdown twin, llms.txt, the sitemap) is no broken link', () => {
    const diagnostics = new DiagnosticList();
    const body = 'Get [this page as Markdown](/callbacks.md), <a href="/llms.txt">llms.txt</a>, <a href="/ru/llms-full.txt">all</a> and [the sitemap](/sitemap.xml); not [this](/callbacks.txt).\n\n<a href="./api/thing_get.md">a file</a>\n';
    const page = compileDoc(source(body), (rel) => ROUTES[rel], { config, processor, diagnostics });
    const locales = [{ locale: 'en', sidebar: [], routes: [{ kind: 'doc', locale: 'en', href: '/callbacks', page, breadcrumbs: [], alternates: [] }] }, { locale: 'ru', sidebar: [], routes: [] }] as unknown as LocaleRoutes[];
    const known = new Set(['/callbacks', ...generatedPaths(config, locales)]);
    checkLinks({ pages: new Map([['en', [page]]]), known, checkAnchors: false, diagnostics });
    expect(diagnostics.items.map(formatDiagnostic)).toEqual([
      'content/docs/callbacks.md:5:152: link to `/callbacks.txt`: no page at `/callbacks.txt`\n  hint: did you mean `/callbacks.md`?',
      // An HTML link written like a Markdown one says how to write it.
      'content/docs/callbacks.md:7:10: link to `./api/thing_get.md`: no page at `/api/thing_get.md`\n  hint: an HTML link is a path the browser reads, not a file: use a Markdown link `[…](./api/thing_get.md)`, or the page\'s path from the site root',
    ]);
  });

  it('an image in content/static passes; remote and data images are not checked; a relative one misses on the Russian page', () => {
    expect(check('![logo](/img/logo.svg) ![r](https://cdn.example.com/x.png) ![d](data:image/png;base64,AAAA) ![p](//cdn.example.com/y.png)\n', { ruTranslated: true })).toEqual([]);
    // `./img/logo.svg` on `/callbacks` is `/img/logo.svg`; on `/ru/callbacks` it is `/ru/img/logo.svg`, which the site does not have.
    expect(check('![logo](./img/logo.svg)\n', { ruTranslated: true })).toEqual([
      'content/i18n/ru/callbacks.md:5:1: image `./img/logo.svg` on `/ru/callbacks`: no such file (looked in `content/static/ru/img/logo.svg`)\n  hint: a relative image loads from the page\'s URL; images are files in content/static, so write the path from the site root, e.g. `/img/logo.svg`',
    ]);
  });
});

const MINI = `openapi: 3.1.0
info: { title: Mini, version: '1' }
servers: [{ url: 'https://sandbox.example.com/v1' }]
paths:
  /thing/get:
    post:
      operationId: thing_get
      x-page: /api/thing_get
      summary: Get a thing
      responses:
        '200':
          description: The thing.
  /thing/put:
    post:
      operationId: thing_put
      x-page: /api/thing_put
      summary: Put a thing
      responses:
        '200':
          description: Done.
`;

function apiModel(text = MINI): ApiModel {
  return { file: 'content/api/openapi.yaml', doc: YAML.parse(text) as OpenApiDocument, texts: {}, errorAnchors: {} };
}

describe('cli/pipeline/compile/markdown/remark-api-operation', () => {
  it('an operation on a page other than its `x-page` is an error at the directive, and is not rendered', () => {
    const { page, errors } = compile('Intro.\n\n## Response\n\n::api-operation{id="thing_put"}\n', { data: { api: apiModel() } });
    expect(errors).toMatchInlineSnapshot(`
      [
        "content/docs/callbacks.md:9:1: operation \`thing_put\` belongs on \`/api/thing_put\` (its \`x-page\` in content/api/openapi.yaml), not on \`/callbacks\`
        hint: link to it there, e.g. \`[thing_put](./api/thing_put.md)\`, or change its \`x-page\`",
      ]
    `);
    expect(page.html).not.toContain('api-endpoint');
    // On its own page it renders, in every locale.
    for (const locale of ['en', 'ru']) expect(compile('::api-operation{id="thing_put"}\n', { relPath: 'api/thing_put.md', locale, data: { api: apiModel() } }).errors).toEqual([]);
  });

  it('an `x-page` that is no page is load-api\'s error (against the spec): the page that renders it says nothing', () => {
    const api = apiModel(MINI.replace('x-page: /api/thing_put', 'x-page: /api/nowhere'));
    const { page, errors } = compile('::api-operation{id="thing_put"}\n', { relPath: 'api/thing_put.md', data: { api } });
    expect(errors).toEqual([]);
    expect(page.html).toContain('api-endpoint');
  });

  it('a heading id used twice names the line of both, also for the headings an operation writes', () => {
    const { errors } = compile('## Response {#response}\n\nText.\n\n::api-operation{id="thing_put"}\n', { relPath: 'api/thing_put.md', data: { api: apiModel() } });
    expect(errors).toMatchInlineSnapshot(`
      [
        "content/docs/api/thing_put.md:9:1: heading id \`response\` is used twice on this page (first on line 5)
        hint: give one of the headings another explicit id: \`## Title {#other-id}\`",
      ]
    `);
  });

  it('an explicit heading id that cannot be one is an error with the id to write, and does not show in the heading', () => {
    const { page, errors } = compile('## Refunds {#partial refunds}\n\n## Limits {#}\n\n## Fees {#-fees}\n\n## Лимиты {#лимиты}\n\n## Ok {#ok_1.2}\n', { relPath: 'callbacks.md' });
    expect(errors).toMatchInlineSnapshot(`
      [
        "content/docs/callbacks.md:5:1: heading id \`partial refunds\` is not a valid id: expected letters, digits, \`-\`, \`_\` or \`.\`, starting with a letter or digit
        hint: write \`{#partial-refunds}\`",
        "content/docs/callbacks.md:7:1: empty heading id \`{#}\`
        hint: write an id after the \`#\`, e.g. \`## Title {#title}\`, or drop the braces for a generated one",
        "content/docs/callbacks.md:9:1: heading id \`-fees\` is not a valid id: expected letters, digits, \`-\`, \`_\` or \`.\`, starting with a letter or digit
        hint: write \`{#fees}\`",
      ]
    `);
    expect(page.html).not.toContain('{#');
    expect(page.html).toContain('id="лимиты"');
    expect(page.html).toContain('id="ok_1.2"');
  });

  it('a `#` heading in the text is a warning (the title is the h1), and a `#` line in a code block is not one', () => {
    const { errors } = compile('# Callbacks\n\nText.\n\n```bash\n# a shell comment\n```\n', { relPath: 'callbacks.md' });
    expect(errors).toMatchInlineSnapshot(`
      [
        "content/docs/callbacks.md:5:1: warning: a \`#\` heading in the text makes a second h1: the page title from the frontmatter is already its h1
        hint: use \`##\` for a section, or put the text in \`title:\` and delete the line",
      ]
    `);
  });

  it('highlighted lines beyond the end of a code block are a warning at the fence; lines within it are fine', () => {
    const { errors } = compile('```json {5-9}\n{}\n```\n\n```bash {0,2}\nfirst\nsecond\n```\n\n```js {1,3}\na\nb\nc\n```\n\n```js {3-1}\na\nb\nc\n```\n', { relPath: 'callbacks.md' });
    expect(errors).toEqual([
      'content/docs/callbacks.md:5: warning: highlighted lines 5, 6, 7, … of a block of 1 line: nothing there to highlight',
      'content/docs/callbacks.md:9: warning: highlighted line 0 of a block of 2 lines: nothing there to highlight',
      'content/docs/callbacks.md:20: warning: highlighted range `3-1` runs backwards: nothing there to highlight\n  hint: write `1-3`',
    ]);
  });

  it('an API document that failed to load (its errors reported by load-api) adds nothing; a missing one is an error', () => {
    const body = '::api-operation{id="thing_put"}\n\n::api-operation{id="thing_get"}\n';
    expect(compile(body, { relPath: 'api/thing_put.md', data: { api: { file: 'content/api/openapi.yaml', failed: true } } }).errors).toEqual([]);
    expect(compile(body, { relPath: 'api/thing_put.md', data: {} }).errors).toEqual([
      'content/docs/api/thing_put.md:5:1: `::api-operation` needs content/api/openapi.yaml, which this site does not have',
      'content/docs/api/thing_put.md:7:1: `::api-operation` needs content/api/openapi.yaml, which this site does not have',
    ]);
  });
});

describe('cli/pipeline/compile/markdown/remark-data-table and remark-status-diagram: data that did not load', () => {
  const full = loadData({ root: fixture('api-data'), diagnostics: new DiagnosticList() });
  const without = (name: string) => new Map([...full.tables].filter(([n]) => n !== name));
  const body = '::data-table{src="test_cards"}\n\n::status-diagram\n';

  it('a data file that exists but failed to load (`failed` from the loader): the directives say nothing', () => {
    const reference = { ...full, statuses: undefined, tables: without('test_cards'), failed: ['content/data/test_cards.yaml', 'content/data/transaction_statuses.yaml'] };
    const { page, errors } = compile(body, { relPath: 'reference/test_cards.md', data: { reference } });
    expect(errors).toEqual([]);
    expect(page.html).not.toContain('data-table');
  });

  it('a data file the site does not have: an error naming it, not "unknown data source"', () => {
    const reference = { ...full, statuses: undefined, tables: without('test_cards'), failed: [] };
    expect(compile(body, { relPath: 'reference/test_cards.md', data: { reference } }).errors).toEqual([
      'content/docs/reference/test_cards.md:5:1: `::data-table{src="test_cards"}` needs `content/data/test_cards.yaml`, which this site does not have',
      'content/docs/reference/test_cards.md:7:1: `::status-diagram` needs `content/data/transaction_statuses.yaml`, which this site does not have',
    ]);
    // A name no file gives is still unknown.
    expect(compile('::data-table{src="test_card"}\n', { relPath: 'reference/test_cards.md', data: { reference: full } }).errors[0]).toMatch(/^content\/docs\/reference\/test_cards\.md:5:1: unknown data source `test_card`; expected one of /);
  });
});
