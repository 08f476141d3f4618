import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../cli/pipeline/load/load-config.ts';
import { loadContent } from '../../cli/pipeline/load/load-content.ts';
import { readMarkdownFile } from '../../cli/pipeline/load/read-markdown-file.ts';
import { DiagnosticList, formatDiagnostic } from '../../cli/diagnostics.ts';

const fixture = (name: string) => path.resolve(import.meta.dirname, '../fixtures', name);

async function load(name: string, mode: 'build' | 'dev' = 'build') {
  const root = fixture(name);
  const config = await loadConfig(root);
  const diagnostics = new DiagnosticList();
  const content = loadContent({ root, config, mode, diagnostics });
  return { content, diagnostics };
}

describe('cli/pipeline/load/load-content', () => {
  it('reports every frontmatter error with file, line, key, expected and found', async () => {
    const { diagnostics } = await load('frontmatter-errors');
    expect(diagnostics.errors.map(formatDiagnostic)).toMatchInlineSnapshot(`
      [
        "content/docs/api/no_title.md:3: unknown key \`tags\`",
        "content/docs/api/transaction_create.md:3: sidebar_position: expected number, received string",
        "content/docs/api/transaction_create.md:4: hide_table_of_contents: expected boolean, received string",
      ]
    `);
  });

  it('leaves drafts out of production builds and keeps them in dev', async () => {
    const build = await load('drafts', 'build');
    const dev = await load('drafts', 'dev');
    expect(build.content.docs.get('en')!.map((d) => d.route)).toEqual(['/']);
    expect(dev.content.docs.get('en')!.map((d) => d.route).sort()).toEqual(['/', '/wip']);
  });

  it('warns (does not fail) when pagination points at a draft, and fails on an id that does not exist', async () => {
    const root = path.join(mkdtempSync(path.join(os.tmpdir(), 'paydocs-drafts-')), 'drafts');
    cpSync(fixture('drafts'), root, { recursive: true });
    const cfg = path.join(root, 'docs.config.ts');
    writeFileSync(cfg, readFileSync(cfg, 'utf8').replace(/'(\.\.\/)+config\/index\.ts'/, `'${path.resolve(import.meta.dirname, '../../config/index.ts')}'`));
    const intro = path.join(root, 'content/docs/intro.md');
    writeFileSync(intro, readFileSync(intro, 'utf8').replace(/^---\n/, '---\npagination_next: wip\npagination_prev: nowhere\n'));
    const config = await loadConfig(root);
    const diagnostics = new DiagnosticList();
    loadContent({ root, config, mode: 'build', diagnostics });
    expect(diagnostics.items.map(formatDiagnostic)).toEqual([
      'content/docs/intro.md:3: pagination_prev: expected the id of a doc, received `nowhere`\n  hint: a doc id is its path under content/docs/ without `.md` (or its `id`), or `null` for no link',
      'content/docs/intro.md:2: warning: pagination_next: doc `wip` is a draft, left out of this build; the sidebar order decides the link instead',
    ]);
    expect(diagnostics.items.map((d) => d.severity ?? 'error')).toEqual(['error', 'warning']);
  });

  it("leaves a draft's translation out with it, instead of calling it an orphan", async () => {
    const build = await load('drafts', 'build');
    expect(build.diagnostics.items.map(formatDiagnostic)).toEqual([]);
    expect(build.content.docs.get('ru')!.map((d) => d.route)).toEqual(['/']);
    const dev = await load('drafts', 'dev');
    expect(dev.diagnostics.items.map(formatDiagnostic)).toEqual([]);
    expect(dev.content.docs.get('ru')!.map((d) => [d.route, d.translation ?? 'translated']).sort()).toEqual([['/', 'missing'], ['/wip', 'translated']]);
  });

  it('gives every English page a Russian route, falling back to English where not translated', async () => {
    const { content, diagnostics } = await load('basic');
    expect(diagnostics.errors).toEqual([]);
    const ru = content.docs.get('ru')!;
    expect(ru.map((d) => [d.route, d.translation ?? 'translated'])).toEqual([
      ['/api/create', 'missing'],
      ['/guide', 'missing'],
      ['/', 'translated'],
    ]);
    expect(content.categories.get('ru')!.get('api')).toMatchObject({ label: 'API (рус)', position: 10 });
  });
});

describe('cli/pipeline/load/read-markdown-file: files it cannot take', () => {
  const read = (text: string | undefined, setup?: (abs: string) => void) => {
    const abs = path.join(mkdtempSync(path.join(os.tmpdir(), 'paydocs-read-')), 'page.md');
    if (text !== undefined) writeFileSync(abs, text);
    setup?.(abs);
    const diagnostics = new DiagnosticList();
    const result = readMarkdownFile(abs, 'content/docs/page.md', diagnostics);
    return { ok: result.ok, errors: diagnostics.items.map(formatDiagnostic) };
  };

  it('frontmatter without its closing `---` names the opening line and the first line of text, not a YAML error far in the prose', () => {
    // The page's later `---` (a rule) is where gray-matter would end the YAML.
    const r = read('---\ntitle: Callbacks\nkeywords: [a, b]\n\nA callback is an HTTP `POST`: it says what changed.\n\n---\n\nMore.\n');
    expect(r).toEqual({ ok: false, errors: ['content/docs/page.md:1: the frontmatter opened here is never closed: expected a `---` line before line 5, the first line of text\n  hint: end the frontmatter with a line of three dashes'] });
    // Broken YAML that is closed stays a YAML error at its line.
    expect(read('---\ntitle: [a\n---\n\nText.\n').errors[0]).toMatch(/^content\/docs\/page\.md:\d+:\d+: invalid YAML in frontmatter/);
  });

  it('an unclosed quote is named where it was opened, not at the closing `---` where the parser gives up', () => {
    const hint = { '"': 'end the value with `"`; a `"` inside it is written `\\"`', "'": "end the value with `'`; a `'` inside it is written `''`" };
    expect(read('---\ntitle: "Guide\ndescription: A guide.\nsidebar_position: 2\n---\n\nText "quoted".\n')).toEqual({
      ok: false,
      errors: [`content/docs/page.md:2:8: invalid YAML in frontmatter: the quote opened here (\`"\`) is never closed\n  hint: ${hint['"']}`],
    });
    expect(read("---\r\ntitle: Guide\r\ndescription:   'It''s a guide.\r\n---\r\n\r\nText.\r\n").errors).toEqual([
      `content/docs/page.md:3:16: invalid YAML in frontmatter: the quote opened here (\`'\`) is never closed\n  hint: ${hint["'"]}`,
    ]);
    // Closed quotes, with escaped quotes inside, are fine.
    expect(read('---\ntitle: "A \\"quoted\\" title"\ndescription: \'It\'\'s\'\n---\n\nText.\n').ok).toBe(true);
  });

  it('a file it may not read, or a broken link, is an error naming the file and the reason, not a stack trace', () => {
    expect(read(undefined, (abs) => symlinkSync(path.join(path.dirname(abs), 'gone.md'), abs))).toEqual({ ok: false, errors: ['content/docs/page.md:1: cannot read the file: no such file (a broken symbolic link?)'] });
    expect(read(undefined, (abs) => mkdirSync(abs)).errors).toEqual(['content/docs/page.md:1: cannot read the file: it is a folder']);
  });
});
