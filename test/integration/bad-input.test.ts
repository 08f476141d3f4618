import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../cli/pipeline/emit/emit-site.ts';
import type { BuildOptions } from '../../cli/pipeline/build-site.ts';
import { BAD, build, fingerprint, paydocs, site } from '../helpers/bad-site.ts';

let previous: string;
let previousPrint: Record<string, string>;

beforeAll(async () => {
  // A good build of the base site is the `dist/` every bad build must leave alone.
  const dir = site('_base');
  const r = await build(dir);
  expect(r.failed, r.err).toBe(false);
  previous = path.join(dir, 'dist');
  previousPrint = fingerprint(previous);
  expect(Object.keys(previousPrint)).toContain('guide/index.html');
});

/** Lays a bad case over a copy of the previous dist/ and checks that dist/ survived it untouched, with no temporary folder left. */
function overPrevious(name: string, prepare?: (dir: string) => void): { dir: string; survived: () => void } {
  const dir = site(name);
  prepare?.(dir);
  cpSync(previous, path.join(dir, 'dist'), { recursive: true });
  const survived = () => {
    expect(fingerprint(path.join(dir, 'dist'))).toEqual(previousPrint);
    // No half-written temporary folder is left next to it either.
    expect(readdirSync(dir).filter((f) => f.startsWith('.dist'))).toEqual([]);
  };
  return { dir, survived };
}

/** Builds a bad case (the pipeline of `paydocs build`) over a copy of the previous dist/; returns its errors. Asserts it failed and left dist/ untouched. */
async function buildBad(name: string, prepare?: (dir: string) => void, options: Partial<BuildOptions> = {}): Promise<string> {
  const { dir, survived } = overPrevious(name, prepare);
  const r = await build(dir, options);
  expect(r.failed, r.err).toBe(true);
  survived();
  return r.err;
}

/** The same with the CLI itself, for what only a process shows (Node loading docs.config.ts); returns stderr. Asserts exit 1. */
async function buildBadWithCli(name: string, prepare?: (dir: string) => void): Promise<string> {
  const { dir, survived } = overPrevious(name, prepare);
  const r = await paydocs(['build'], dir);
  expect(r.code, r.out + r.err).toBe(1);
  survived();
  return r.err;
}

// Every case builds a folder of its own: they run side by side (the CLI ones in processes of their own).
describe.concurrent('cli/pipeline (bad input corpus: exact errors, previous dist/ kept)', () => {
  it('bad YAML in frontmatter', async ({ expect }) => {
    expect(await buildBad('bad-yaml')).toMatchInlineSnapshot(`
      "content/docs/guide.md:4:1: invalid YAML in frontmatter: missed comma between flow collection entries
      "
    `);
  });

  describe('a docs.config.ts that cannot load', () => {
    const editConfig = (edit: (text: string) => string) => (dir: string) => {
      const cfg = path.join(dir, 'docs.config.ts');
      writeFileSync(cfg, edit(readFileSync(cfg, 'utf8')));
    };

    it('a syntax error: its line and column', async ({ expect }) => {
      expect((await buildBadWithCli('_base', editConfig((t) => t.replace("title: 'Example Docs',", "title: 'Example Docs'")))).replace(/\n+.*Nothing was written.\n/, '')).toMatchInlineSnapshot(`"docs.config.ts:6:3: cannot load: Expected "}" but found "brand""`);
    });

    it('an import of a file that does not exist', async ({ expect }) => {
      expect(await buildBadWithCli('_base', editConfig((t) => `import { brand } from './brand.ts';\n${t.replace("brand: 'Examplepay',", 'brand,')}`))).toContain(`docs.config.ts:1:23: cannot load: Could not resolve "./brand.ts"`);
    });

    it('an error thrown while it runs: its line and column, through the source map of the compiled config', async ({ expect }) => {
      let line = 0;
      const bad = 'const region = (process.env as Record<string, string | undefined>).NO_SUCH_VARIABLE!.trim();';
      const out = await buildBadWithCli(
        '_base',
        editConfig((t) => {
          line = t.split('\n').length + 1;
          return `${t}\n${bad}\n`;
        }),
      );
      // V8 points at the property read: `trim`.
      expect(out).toContain(`docs.config.ts:${line}:${bad.indexOf('trim') + 1}: cannot load: TypeError: Cannot read properties of undefined (reading 'trim')`);
      expect(await buildBadWithCli('_base', editConfig((t) => `${t}\nthrow new Error('no brand chosen yet');\n`))).toMatch(/^docs\.config\.ts:\d+:7: cannot load: Error: no brand chosen yet$/m);
    });

    it('an error thrown by a file it imports: that file, line and column', async ({ expect }) => {
      const bad = "if (!process.env.NO_SUCH_BRAND) throw new Error('set NO_SUCH_BRAND');";
      const out = await buildBadWithCli('_base', (dir) => {
        writeFileSync(path.join(dir, 'brand.ts'), `export const brand = 'Examplepay';\n${bad}\n`);
        editConfig((t) => `import { brand } from './brand.ts';\n${t.replace("brand: 'Examplepay',", 'brand,')}`)(dir);
      });
      // V8 points at the error's construction: `new Error`.
      expect(out).toContain(`brand.ts:2:${bad.indexOf('new Error') + 1}: cannot load: Error: set NO_SUCH_BRAND\n`);
    });

    it('a local module and a package it imports are loaded (the package from the project, where it is imported)', async ({ expect }) => {
      const dir = site('_base');
      const pkg = path.join(dir, 'node_modules/brand-names');
      mkdirSync(pkg, { recursive: true });
      writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'brand-names', type: 'module', exports: { '.': './index.js' } }));
      writeFileSync(path.join(pkg, 'index.js'), "export const names = { local: 'Localpay' };\n");
      writeFileSync(path.join(dir, 'brand.ts'), "import { names } from 'brand-names';\nexport const brand: string = names.local;\n");
      editConfig((t) => `import { brand } from './brand.ts';\n${t.replace("brand: 'Examplepay',", 'brand,')}`)(dir);
      const r = await paydocs(['build'], dir);
      expect(r.code, r.err).toBe(0);
      expect(readFileSync(path.join(dir, 'dist/index.html'), 'utf8')).toContain('Localpay');
    });
  });

  it('wrong types in frontmatter', async ({ expect }) => {
    expect(await buildBad('wrong-types')).toMatchInlineSnapshot(`
      "content/docs/guide.md:4: sidebar_position: expected number, received string
      content/docs/guide.md:5: draft: expected boolean, received string
      content/docs/guide.md:6: keywords: expected array, received string
      "
    `);
  });

  it('a translation folder for an unknown locale', async ({ expect }) => {
    expect(await buildBad('unknown-locale')).toMatchInlineSnapshot(`
      "content/i18n/de: unknown locale \`de\`; expected one of \`ru\`
        hint: add \`de\` to i18n.locales in docs.config.ts, or rename the folder
      "
    `);
  });

  it('blank title', async ({ expect }) => {
    expect(await buildBad('blank-title')).toMatchInlineSnapshot(`
      "content/docs/guide.md:2: title: expected a non-empty string, received \`\`
      "
    `);
  });

  it('links to nowhere', async ({ expect }) => {
    expect(await buildBad('link-to-nowhere')).toMatchInlineSnapshot(`
      "content/docs/guide.md:8:5: link to \`./api/nowhere.md\`: no file \`content/docs/api/nowhere.md\`
        hint: check the file name: a link to a page is to its \`.md\` file, relative to this file
      content/docs/guide.md:8:34: link to \`/introduction\`: no page at \`/introduction\`
        hint: check the path of \`/introduction\`
      content/docs/guide.md:8:65: link to \`../reference/errors.md#auth\`: no file \`content/docs/../reference/errors.md\`
        hint: check the file name: a link to a page is to its \`.md\` file, relative to this file
      "
    `);
  });

  it('a redirect loop', async ({ expect }) => {
    expect(await buildBad('redirect-loop')).toMatchInlineSnapshot(`
      "content/redirects.yaml:2: redirect loop: \`/old-guide\` → \`/legacy-guide\` → \`/old-guide\`
        hint: point each old path at a page
      content/redirects.yaml:4: redirect loop: \`/legacy-guide\` → \`/old-guide\` → \`/legacy-guide\`
        hint: point each old path at a page
      content/redirects.yaml:7: \`/older\` redirects to \`/old-guide\`, which is itself redirected in a loop
        hint: point each old path straight at a page
      "
    `);
  });

  it('a redirect to a missing page, with a locale prefix, and over a page', async ({ expect }) => {
    expect(await buildBad('redirect-missing-page')).toMatchInlineSnapshot(`
      "content/redirects.yaml:2: redirect target \`/guid\` is not a page
        hint: did you mean \`/guide\`?
      content/redirects.yaml:3: from: expected a path without the locale prefix, received \`/ru/start\`
        hint: write \`/start\`; each redirect applies to every locale
      content/redirects.yaml:4: \`/ru/start\` redirects to \`/guide\`, which is itself redirected to \`/\`
        hint: point \`/ru/start\` straight to \`/\`
      content/redirects.yaml:5: \`/guide\` is a page (\`content/docs/guide.md\`), so it cannot be redirected
        hint: delete the redirect, or move the page away first
      "
    `);
  });

  it('a duplicate slug', async ({ expect }) => {
    expect(await buildBad('duplicate-slug')).toMatchInlineSnapshot(`
      "content/docs/guide-copy.md:4: slug: route \`/guide\` is also claimed by \`content/docs/guide.md\`
        hint: change the \`slug\`, or remove it to use the route of the file name (\`/guide-copy\`)
      "
    `);
  });

  it('a duplicate doc id', async ({ expect }) => {
    expect(await buildBad('duplicate-id')).toMatchInlineSnapshot(`
      "content/docs/setup.md:2: doc id \`guide\` is also used by \`content/docs/guide.md\`
        hint: give one of them another \`id\`
      "
    `);
  });

  it('pagination to a doc id that does not exist', async ({ expect }) => {
    expect(await buildBad('unknown-pagination')).toMatchInlineSnapshot(`
      "content/docs/guide.md:5: pagination_next: expected the id of a doc, received \`gide\`; did you mean \`guide\`?
        hint: a doc id is its path under content/docs/ without \`.md\` (or its \`id\`), or \`null\` for no link
      "
    `);
  });

  it('a file that is not UTF-8', async ({ expect }) => {
    expect(await buildBad('not-utf8')).toMatchInlineSnapshot(`
      "content/docs/guide.md:1: expected UTF-8 text, received bytes that are not valid UTF-8
        hint: save the file as UTF-8
      "
    `);
  });

  it('an empty file', async ({ expect }) => {
    expect(await buildBad('empty-file')).toMatchInlineSnapshot(`
      "content/docs/guide.md:1: expected frontmatter with at least \`title\`, received an empty file
      "
    `);
  });

  it('a 5 MB page', async ({ expect }) => {
    const err = await buildBad('huge-page', (dir) => {
      const line = 'Paste of a server log that should never have been committed to the docs. '.repeat(4) + '\n';
      writeFileSync(path.join(dir, 'content/docs/huge.md'), `---\ntitle: Huge\n---\n\n${line.repeat(Math.ceil((5 * 1024 * 1024) / line.length))}`);
    });
    expect(err).toMatchInlineSnapshot(`
      "content/docs/huge.md:1: expected a page of at most 1 MB, received 5.0 MB
        hint: split it into several pages, or move data to content/data/
      "
    `);
  });

  it('a translation with no English source', async ({ expect }) => {
    expect(await buildBad('orphan-translation')).toMatchInlineSnapshot(`
      "content/i18n/ru/api/create.md:1: translation of a page that does not exist: expected \`content/docs/api/create.md\`
        hint: rename the file to match its English source, or delete it
      "
    `);
  });

  it('broken links in Markdown (both locales), a React page and the navbar; anchors ignored by default', async ({ expect }) => {
    expect(await buildBad('broken-links-everywhere')).toMatchInlineSnapshot(`
      "content/i18n/ru/intro.md:7:62: link to \`./pricing.md\`: no file \`content/docs/pricing.md\`
        hint: check the file name: a link to a page is to its \`.md\` file, relative to this file
      content/pages/promo.tsx:14:24: link to \`/pricing\` on \`/promo\`: no page at \`/pricing\`
        hint: check the path of \`/pricing\`
      content/pages/promo.tsx:14:24: link to \`/ru/pricing\` on \`/ru/promo\`: no page at \`/ru/pricing\`
        hint: check the path of \`/ru/pricing\`
      docs.config.ts:12:41: navbar.items[1].to: no page at \`/api/overview\`
        hint: use the route of a page, such as \`/\`
      "
    `);
  });

  it('broken anchors too with --check-anchors', async ({ expect }) => {
    const dir = site('broken-links-everywhere');
    // What `paydocs check --check-anchors` runs.
    const r = await build(dir, { dryRun: true, checkAnchors: true });
    expect(r.failed).toBe(true);
    expect(r.err).toMatchInlineSnapshot(`
      "content/docs/guide.md:8:13: link to \`./intro.md#first-step\`: no heading \`#first-step\` on \`/\`
        hint: did you mean \`#first-steps\`?
      content/docs/guide.md:8:53: no heading \`#signin\` on this page
        hint: did you mean \`#signing\`?
      content/i18n/ru/intro.md:7:62: link to \`./pricing.md\`: no file \`content/docs/pricing.md\`
        hint: check the file name: a link to a page is to its \`.md\` file, relative to this file
      content/pages/promo.tsx:14:24: link to \`/pricing\` on \`/promo\`: no page at \`/pricing\`
        hint: check the path of \`/pricing\`
      content/pages/promo.tsx:14:24: link to \`/ru/pricing\` on \`/ru/promo\`: no page at \`/ru/pricing\`
        hint: check the path of \`/ru/pricing\`
      content/pages/promo.tsx:15:24: link to \`/guide#no-such-heading\` on \`/promo\`: no heading \`#no-such-heading\` on \`/guide\`
      content/pages/promo.tsx:15:24: link to \`/ru/guide#no-such-heading\` on \`/ru/promo\`: no heading \`#no-such-heading\` on \`/ru/guide\`
      docs.config.ts:12:41: navbar.items[1].to: no page at \`/api/overview\`
        hint: use the route of a page, such as \`/\`
      "
    `);
  });

  it('directives left as text or left open, and missing images: errors at their lines in build and check', async ({ expect }) => {
    const prepare = (dir: string) => {
      const guide = path.join(dir, 'content/docs/guide.md');
      const lines = readFileSync(guide, 'utf8').split('\n');
      // After line 6: a note that is never closed swallows the rest of the page; `:::tip Title` and a lone `:::` stay text.
      lines.splice(6, 0, ':::tip Sandbox only', 'Try it first.', ':::', '', '![diagram](./img/missing.png)', '![logo](/img/nologo.svg) ![icon](/img/favicon.svg)', '', ':::', '', ':::note', 'Unclosed note.', '');
      writeFileSync(guide, lines.join('\n'));
    };
    const err = await buildBad('_base', prepare);
    expect(err).toMatchInlineSnapshot(`
      "content/docs/guide.md:7:1: \`:::tip Sandbox only\`: an admonition's title goes in brackets: \`:::tip[Sandbox only]\`
      content/docs/guide.md:11:1: image \`./img/missing.png\` on \`/guide\`: no such file (looked in \`content/static/img/missing.png\`)
        hint: a relative image loads from the page's URL; images are files in content/static, so write the path from the site root, e.g. \`/img/missing.png\`
      content/docs/guide.md:11:1: image \`./img/missing.png\` on \`/ru/guide\`: no such file (looked in \`content/static/ru/img/missing.png\`)
        hint: a relative image loads from the page's URL; images are files in content/static, so write the path from the site root, e.g. \`/img/missing.png\`
      content/docs/guide.md:12:1: image \`/img/nologo.svg\`: no such file (looked in \`content/static/img/nologo.svg\`)
        hint: put the file in content/static, or fix the path
      content/docs/guide.md:14:1: a lone \`:::\` closes nothing
        hint: remove it, or open a container above it (\`:::note\` … \`:::\`); write \`\\:::\` for the literal text
      content/docs/guide.md:16:1: \`:::note\` is never closed; expected a \`:::\` line after its content
        hint: without it, the rest of the page (or of the list item or quote it is in) is inside it
      "
    `);
    const dir = site('_base');
    prepare(dir);
    // What `paydocs check --strict` runs: the same errors.
    const check = await build(dir, { dryRun: true, strict: true });
    expect(check.failed).toBe(true);
    expect(check.err).toBe(err);
  });

  it('an OpenAPI document with an error: that error alone, not one more per `::api-operation`', async ({ expect }) => {
    const err = await buildBad('_base', (dir) => {
      mkdirSync(path.join(dir, 'content/api'), { recursive: true });
      writeFileSync(path.join(dir, 'content/api/openapi.yaml'), 'openapi: 3.1.0\ninfo: { title: Mini, version: 1\npaths: {}\n');
      const guide = path.join(dir, 'content/docs/guide.md');
      writeFileSync(guide, `${readFileSync(guide, 'utf8')}\n::api-operation{id="thing_get"}\n\n::api-operation{id="thing_put"}\n`);
    });
    expect(err).toMatchInlineSnapshot(`
      "content/api/openapi.yaml:3:1: invalid YAML: Flow map in block collection must be sufficiently indented and end with a }
      "
    `);
  });

  it('warnings do not fail a build, except with --strict', async ({ expect }) => {
    const prepare = (dir: string) => {
      writeFileSync(path.join(dir, 'content/redirects.yaml'), '- from: /old-guide\n  to: /guide\n');
      writeFileSync(path.join(dir, 'content/docs/intro.md'), readFileSync(path.join(dir, 'content/docs/intro.md'), 'utf8').replace('(./guide.md)', '(/old-guide)'));
    };
    const dir = site('_base');
    prepare(dir);
    const ok = await build(dir);
    expect(ok.failed).toBe(false);
    expect(ok.err).toMatchInlineSnapshot(`
      "content/docs/intro.md:7:34: warning: link to \`/old-guide\`: \`/old-guide\` is redirected to \`/guide\`
        hint: link to the page itself
      "
    `);
    const strict = await buildBad('_base', prepare, { strict: true });
    expect(strict).toMatchInlineSnapshot(`
      "content/docs/intro.md:7:34: warning: link to \`/old-guide\`: \`/old-guide\` is redirected to \`/guide\`
        hint: link to the page itself
      "
    `);
  });

  it('all mistakes at once: every error listed in one run', async ({ expect }) => {
    const err = await buildBad('link-to-nowhere', (dir) => {
      cpSync(path.join(BAD, 'wrong-types/content/docs/guide.md'), path.join(dir, 'content/docs/other.md'));
      cpSync(path.join(BAD, 'redirect-loop/content/redirects.yaml'), path.join(dir, 'content/redirects.yaml'));
      cpSync(path.join(BAD, 'orphan-translation/content'), path.join(dir, 'content'), { recursive: true });
    });
    expect(err).toMatchInlineSnapshot(`
      "content/docs/guide.md:8:5: link to \`./api/nowhere.md\`: no file \`content/docs/api/nowhere.md\`
        hint: check the file name: a link to a page is to its \`.md\` file, relative to this file
      content/docs/guide.md:8:34: link to \`/introduction\`: no page at \`/introduction\`
        hint: check the path of \`/introduction\`
      content/docs/guide.md:8:65: link to \`../reference/errors.md#auth\`: no file \`content/docs/../reference/errors.md\`
        hint: check the file name: a link to a page is to its \`.md\` file, relative to this file
      content/docs/other.md:4: sidebar_position: expected number, received string
      content/docs/other.md:5: draft: expected boolean, received string
      content/docs/other.md:6: keywords: expected array, received string
      content/i18n/ru/api/create.md:1: translation of a page that does not exist: expected \`content/docs/api/create.md\`
        hint: rename the file to match its English source, or delete it
      content/redirects.yaml:2: redirect loop: \`/old-guide\` → \`/legacy-guide\` → \`/old-guide\`
        hint: point each old path at a page
      content/redirects.yaml:4: redirect loop: \`/legacy-guide\` → \`/old-guide\` → \`/legacy-guide\`
        hint: point each old path at a page
      content/redirects.yaml:7: \`/older\` redirects to \`/old-guide\`, which is itself redirected in a loop
        hint: point each old path straight at a page
      "
    `);
  });
});

describe.concurrent('cli/pipeline (HTML injection in a title)', () => {
  it('builds, and escapes title and description everywhere they are emitted', async ({ expect }) => {
    const dir = site('html-injection');
    const r = await build(dir);
    expect(r.failed, r.err).toBe(false);
    const dist = path.join(dir, 'dist');
    const html = readFileSync(path.join(dist, 'guide/index.html'), 'utf8');
    // No markup from the title or description made it into the document as markup.
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('<title>Guide &lt;/title&gt;&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt; | Example Docs</title>');
    expect(html).toContain('<meta data-ph name="description" content="Say &quot;hi&quot; &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; more">');
    expect(html).toContain('<h1 class="doc__title">Guide &lt;/title&gt;&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;</h1>');
    // The inline boot JSON cannot close its <script>.
    const boot = /<script id="__boot" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(boot).not.toContain('<');
    expect((JSON.parse(boot) as { page: { title: string } }).page.title).toBe('Guide </title><script>alert("t")</script> & <b>bold</b>');
    // The page chunk is a JS module: the title is a JSON string in it, not code.
    const chunks = readdirSync(path.join(dist, 'assets/p')).map((f) => readFileSync(path.join(dist, 'assets/p', f), 'utf8'));
    const chunk = chunks.find((c) => c.includes('"href":"/guide"'))!;
    expect((new Function(`${chunk.replace('export default', 'return')}`)() as { title: string }).title).toBe('Guide </title><script>alert("t")</script> & <b>bold</b>');
    // The sitemap has no titles, only escaped URLs; llms.txt is Markdown with the title as link text.
    expect(readFileSync(path.join(dist, 'sitemap.xml'), 'utf8')).not.toContain('<script');
    expect(readFileSync(path.join(dist, 'llms.txt'), 'utf8')).toContain('- [Guide </title><script>alert("t")</script> & <b>bold</b>](https://docs.example.com/guide.md): Say "hi"');
    // Every other HTML file (the Russian fallback too) escapes it as well.
    for (const f of listFiles(dist).filter((f) => f.endsWith('.html'))) {
      const text = readFileSync(path.join(dist, f), 'utf8');
      expect(text, f).not.toContain('<script>alert');
      expect(text, f).not.toContain('<img src=x');
    }
    expect(existsSync(path.join(dist, 'ru/guide/index.html'))).toBe(true);
  });
});
