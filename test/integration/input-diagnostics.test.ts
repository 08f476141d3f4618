import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { loadSynonyms } from '../../cli/pipeline/search/build-search-index.ts';
import { loadConfig, locateInSource, validateConfig } from '../../cli/pipeline/load/load-config.ts';
import { loadContent } from '../../cli/pipeline/load/load-content.ts';
import { loadData } from '../../cli/pipeline/load/load-data.ts';
import { loadAndCheckRedirects, loadRedirects } from '../../cli/pipeline/load/load-redirects.ts';
import { DiagnosticList, formatDiagnostic, PaydocsError } from '../../cli/diagnostics.ts';
import siteConfig from '../fixtures/full-config/docs.config.ts';
import { paydocs } from '../helpers/cli.ts';
import { copyFixture, ROOT } from '../helpers/fixture.ts';

/** A copy of `test/fixtures/bad/_base` (en + ru, a guide and the intro) with `files` written over it. */
function project(files: Record<string, string> = {}): string {
  const dir = copyFixture('bad/_base');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

async function contentErrors(root: string): Promise<string[]> {
  const config = await loadConfig(root);
  const diagnostics = new DiagnosticList();
  loadContent({ root, config, mode: 'build', diagnostics });
  return diagnostics.items.map(formatDiagnostic);
}

async function configErrors(root: string): Promise<string[]> {
  try {
    await loadConfig(root);
  } catch (error) {
    if (error instanceof PaydocsError) return error.diagnostics.map(formatDiagnostic);
    throw error;
  }
  return [];
}

function editConfig(root: string, edit: (text: string) => string): void {
  const file = path.join(root, 'docs.config.ts');
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
}

describe('cli/pipeline/load/load-content: no follow-on errors, the line of the key', () => {
  it('a broken English page does not make its translation an orphan', async ({ expect }) => {
    const root = project({
      'content/docs/guide.md': '---\ntitle: Guide\nsidebar_position: "x"\n---\n\nText.\n',
      'content/i18n/ru/guide.md': '---\ntitle: Руководство\n---\n\nТекст.\n',
    });
    expect(await contentErrors(root)).toEqual(['content/docs/guide.md:3: sidebar_position: expected number, received string']);
  });

  it('a broken `_category_.yml` does not make its translation one of a missing folder; the error is at its key', async ({ expect }) => {
    const root = project({
      'content/docs/api/create.md': '---\ntitle: Create\n---\n\nText.\n',
      'content/docs/api/_category_.yml': 'label: API\nposition: 2\ncolapsed: maybe\n',
      'content/i18n/ru/api/_category_.yml': 'label: API\n',
    });
    expect(await contentErrors(root)).toEqual(['content/docs/api/_category_.yml:3: unknown key `colapsed`; did you mean `collapsed`?']);
    writeFileSync(path.join(root, 'content/docs/api/_category_.yml'), 'label: API\nposition: 2\ncollapsed: maybe\n');
    expect(await contentErrors(root)).toEqual(['content/docs/api/_category_.yml:3: collapsed: expected boolean, received string']);
  });

  it('unknown frontmatter keys: at their own line (a tab-indented one too), with the key meant', async ({ expect }) => {
    const root = project({ 'content/docs/guide.md': '---\ntitle: Guide\n\tbad: 1\nsidbar_label: G\nnoindexx: true\n---\n\nText.\n' });
    expect(await contentErrors(root)).toEqual([
      'content/docs/guide.md:3: unknown key `bad`',
      'content/docs/guide.md:4: unknown key `sidbar_label`; did you mean `sidebar_label`?',
      'content/docs/guide.md:5: unknown key `noindexx`; did you mean `noindex`?',
    ]);
  });

  it('a page with no title anywhere says where to write one; a title from the heading or the file name is no error', async ({ expect }) => {
    const root = project({ 'content/docs/README.md': '---\ndescription: The home page.\n---\n\nText.\n', 'content/docs/guide.md': '---\ndescription: A guide.\n---\n\nText.\n' });
    expect(await contentErrors(root)).toEqual(['content/docs/README.md:1: expected a title: a `title` in the frontmatter or a `#` heading as the first line\n  hint: start the page with `# Its title`']);
  });

  it('a duplicate route is blamed on the page whose `slug` claims it, at the slug', async ({ expect }) => {
    // `api/a.md` sorts before `guide.md`: the order the files are read in does not decide.
    const root = project({ 'content/docs/api/a.md': '---\ntitle: A\nslug: /guide\n---\n\nText.\n' });
    expect(await contentErrors(root)).toMatchInlineSnapshot(`
      [
        "content/docs/api/a.md:3: slug: route \`/guide\` is also claimed by \`content/docs/guide.md\`
        hint: change the \`slug\`, or remove it to use the route of the file name (\`/api/a\`)",
      ]
    `);
  });

  it('a doc cannot take a React page\'s route, another locale\'s space or the scripts\' folder: an error at the slug, not a page gone', async ({ expect }) => {
    const root = project({
      'content/pages/landing.tsx': "export const meta = { title: { en: 'Landing', ru: 'Лендинг' }, description: { en: 'A page.', ru: 'Страница.' } };\nexport default function Landing() {\n  return <main />;\n}\n",
      'content/docs/api/a.md': '---\ntitle: A\nslug: /landing\n---\n\nText.\n',
      'content/docs/api/b.md': '---\ntitle: B\nslug: /ru/guide\n---\n\nText.\n',
      'content/docs/ru.md': '---\ntitle: Russia\n---\n\nText.\n',
      'content/docs/assets/c.md': '---\ntitle: C\n---\n\nText.\n',
    });
    expect(await contentErrors(root)).toMatchInlineSnapshot(`
      [
        "content/docs/api/a.md:3: slug: route \`/landing\` is the React page \`content/pages/landing.tsx\`
        hint: change the \`slug\`, or remove it to use the route of the file name (\`/api/a\`)",
        "content/docs/api/b.md:3: slug: route \`/ru/guide\` is under \`/ru/\`, which is for the pages of locale \`ru\`
        hint: change the \`slug\`, or remove it to use the route of the file name (\`/api/b\`)",
        "content/docs/assets/c.md:1: route \`/assets/c\` is under \`/assets/\`, which is for the site's scripts and styles
        hint: rename the file, or give it a \`slug\`",
        "content/docs/ru.md:1: route \`/ru\` is under \`/ru/\`, which is for the pages of locale \`ru\`
        hint: rename the file, or give it a \`slug\`",
      ]
    `);
  });

  it('a file of content/static at a path the build writes is an error, not replaced without a word', async ({ expect }) => {
    const root = project({
      'content/static/guide/index.html': '<p>old guide</p>',
      'content/static/ru/guide.md': '# old',
      'content/static/sitemap.xml': '<urlset/>',
      'content/static/img/guide.png': 'png',
    });
    for (const command of [['check'], ['build', '--out', 'dist']]) {
      const r = await paydocs(command, root);
      expect(r.code, command[0]).toBe(1);
      const errors = r.err.split('\n').filter((l) => l.startsWith('content/static/'));
      expect(errors, command[0]).toEqual([
        'content/static/guide/index.html: the build writes `guide/index.html` itself (the page `/guide`), and its file would replace this one',
        'content/static/ru/guide.md: the build writes `ru/guide.md` itself, and its file would replace this one',
        'content/static/sitemap.xml: the build writes `sitemap.xml` itself, and its file would replace this one',
      ]);
      expect(r.err).toContain('hint: rename or move the file in content/static');
    }
  });

  it('a link to a file that does not exist suggests the nearest file, as a link from the linking file', async ({ expect }) => {
    const root = project({ 'content/docs/api/a.md': '---\ntitle: A\n---\n\nSee [the guide](../giude.md) and [the intro](../intro2.md).\n' });
    const r = await paydocs(['check'], root);
    expect(r.code).toBe(1);
    expect(r.err).toContain('content/docs/api/a.md:5:5: link to `../giude.md`: no file `content/docs/giude.md`\n  hint: did you mean `../guide.md`?');
    expect(r.err).toContain('link to `../intro2.md`: no file `content/docs/intro2.md`\n  hint: did you mean `../intro.md`?');
  });

  it('a slug is a clean path: no space, `#`, `?`, `%`, empty or dot segment', async ({ expect }) => {
    const bad = ['/tp get#x', '/a?b', '/a%20b', '/a//b', '/a/../b', 'a/b', '/.hidden'];
    for (const slug of bad) {
      const root = project({ 'content/docs/api/a.md': `---\ntitle: A\nslug: "${slug}"\n---\n\nText.\n` });
      expect(await contentErrors(root), slug).toEqual(['content/docs/api/a.md:3: slug: expected a path such as `/api/transaction_create`: `/`-separated names of letters, digits, `.`, `_`, `~` and `-`, received `' + slug + '`']);
    }
    for (const slug of ['/legacy.html', '/guide.md', '/llms.txt', '/sitemap.xml']) {
      const root = project({ 'content/docs/api/a.md': `---\ntitle: A\nslug: "${slug}"\n---\n\nText.\n` });
      expect(await contentErrors(root), slug).toEqual(['content/docs/api/a.md:3: slug: expected a path of a page, not of a file: no `.html`, `.md`, `.txt`, `.xml`, `.atom` or `.json` at the end']);
    }
    for (const slug of ['/', '/api/x_y-z.v2', '/выплаты', '/a/b/']) {
      const root = project({ 'content/docs/api/a.md': `---\ntitle: A\nslug: "${slug}"\n---\n\nText.\n` });
      expect((await contentErrors(root)).filter((e) => e.includes('slug: expected')), slug).toEqual([]);
    }
  });
});

describe('cli/pipeline/load/load-config: the line of the key, files and locales', () => {
  it('schema errors carry the line of their key in docs.config.ts', async ({ expect }) => {
    const root = project();
    editConfig(root, (t) => t.replace("  url: 'https://docs.example.com',\n", '').replace("brand: 'Examplepay',", "brand: 'Examplepay',\n  noIndex: 'no',\n  noIndexx: true,"));
    expect(await configErrors(root)).toEqual([
      'docs.config.ts:3: `url` is required',
      'docs.config.ts:6: noIndex: expected boolean, received string',
      'docs.config.ts:7: unknown key `noIndexx`; did you mean `noIndex`?',
    ]);
  });

  it('finds a key path in the object literal, item by item, past strings and comments', async ({ expect }) => {
    const source = readFileSync(path.join(ROOT, 'test/fixtures/full-config/docs.config.ts'), 'utf8');
    const line = (keyPath: PropertyKey[]) => locateInSource(source, keyPath)?.line;
    const lineOfText = (text: string) => source.split('\n').findIndex((l) => l.includes(text)) + 1;
    expect(line(['noIndex'])).toBe(lineOfText('noIndex:'));
    expect(line(['navbar', 'items', 1, 'href'])).toBe(lineOfText("type: 'external'"));
    expect(line(['navbar', 'items', 2])).toBe(lineOfText("type: 'localeDropdown'"));
    expect(line(['i18n', 'localeConfigs', 'ru', 'label'])).toBe(lineOfText("label: 'Русский'"));
    expect(line(['theme', 'footer', 'copyright'])).toBe(lineOfText('copyright:'));
    // A key that is not written: its nearest parent that is.
    expect(line(['theme', 'announcementBar'])).toBe(lineOfText('theme: {'));
    expect(locateInSource("// { noIndex: 1 }\nexport default defineConfig({\n  title: 'a: { noIndex: 2 }',\n  noIndex: 3,\n});\n", ['noIndex'])?.line).toBe(4);
  });

  it('a favicon or logo that is not in content/static is an error of the config, once', async ({ expect }) => {
    const root = project();
    editConfig(root, (t) => t.replace("favicon: 'img/favicon.svg',", "favicon: 'img/nofavicon.svg',").replace('navbar: {', "navbar: {\n    logo: 'img/nologo.svg',"));
    expect(await configErrors(root)).toMatchInlineSnapshot(`
      [
        "docs.config.ts:7: favicon: no file \`content/static/img/nofavicon.svg\`
        hint: favicon is a path under content/static/, such as \`img/favicon.svg\`",
        "docs.config.ts:10: navbar.logo: no file \`content/static/img/nologo.svg\`
        hint: navbar.logo is a path under content/static/, such as \`img/logo.svg\`",
      ]
    `);
  });

  it('a locale without its localeConfigs entry is an error naming the key', async ({ expect }) => {
    const config = { ...siteConfig, i18n: { ...siteConfig.i18n, locales: ['en', 'ru', 'de'] } };
    const source = readFileSync(path.join(ROOT, 'test/fixtures/full-config/docs.config.ts'), 'utf8');
    const lineOfText = (text: string) => source.split('\n').findIndex((l) => l.includes(text)) + 1;
    try {
      validateConfig(config, 'docs.config.ts', source);
      expect.unreachable();
    } catch (error) {
      expect((error as PaydocsError).diagnostics.map(formatDiagnostic)).toEqual([
        `docs.config.ts:${lineOfText('localeConfigs:')}: i18n.localeConfigs: expected an entry for the locale \`de\` (at least its \`label\`), found only \`en\`, \`ru\``,
      ]);
    }
  });
});

describe('cli/pipeline YAML files: one error per mistake', () => {
  it('an unclosed `[` is one YAML error, not one per token after it', async ({ expect }) => {
    // A stray `[` after a group opens a flow sequence nothing closes: the parser reports every token after it.
    const root = project({ 'content/data/search-synonyms.yaml': `en:\n  - [refund, reversal] [\n${'  - [a, b]\n'.repeat(40)}ru:\n  - [возврат, refund]\n` });
    const diagnostics = new DiagnosticList();
    loadSynonyms(root, diagnostics);
    expect(diagnostics.items).toHaveLength(1);
    expect(diagnostics.items[0]!.message).toMatch(/^invalid YAML: /);
    const redirects = project({ 'content/redirects.yaml': `- from: /a\n  to: [/b] [\n${'- from: /c\n  to: /d\n'.repeat(40)}` });
    const list = new DiagnosticList();
    loadRedirects({ root: redirects, diagnostics: list });
    expect(list.items).toHaveLength(1);
  });

  it('an unknown key is reported once, at its own line, with the key meant', async ({ expect }) => {
    const root = project({ 'content/redirects.yaml': '- from: /a\n  to: /guide\n- from: /b\n  to: /guide\n  too: /x\n' });
    const diagnostics = new DiagnosticList();
    loadRedirects({ root, diagnostics });
    expect(diagnostics.items.map(formatDiagnostic)).toEqual(['content/redirects.yaml:5: [1]: unknown key `too`; did you mean `to`?']);
    const data = project({
      'content/data/failure_reason_codes.yaml': '- code: timeout\n  meaning: { en: a, ru: б }\n  applies_to: { en: a, ru: б }\n  retry:\n    en: a\n    ru: б\n  retyr:\n    - x\n',
    });
    const list = new DiagnosticList();
    loadData({ root: data, diagnostics: list });
    expect(list.items.map((d) => `${d.file}:${d.line}: ${d.message}`)).toEqual(['content/data/failure_reason_codes.yaml:7: [0]: unknown key `retyr`; did you mean `retry`?']);
  });

  it('a redirect from a page is one error: its links are not also reported as redirected', async ({ expect }) => {
    const root = project({ 'content/redirects.yaml': '- from: /guide\n  to: /\n' });
    const config = await loadConfig(root);
    const diagnostics = new DiagnosticList();
    const content = loadContent({ root, config, mode: 'build', diagnostics });
    const redirects = loadAndCheckRedirects({ root, config, content, customPages: [], diagnostics });
    expect(diagnostics.items.map(formatDiagnostic)).toEqual(['content/redirects.yaml:1: `/guide` is a page (`content/docs/guide.md`), so it cannot be redirected\n  hint: delete the redirect, or move the page away first']);
    expect(redirects).toEqual([]);
  });
});

describe.concurrent('cli/pipeline/load/custom-pages: errors in a React page are diagnostics', () => {
  const page = (body: string) => `export const meta = { title: { en: 'Landing', ru: 'Лендинг' }, description: { en: 'A page.', ru: 'Страница.' } };

export default function Landing() {
  const items = (globalThis as { noSuchItems?: string[] }).noSuchItems;
${body}
}
`;

  it('a syntax error: the file, line and column, exit 1', async ({ expect }) => {
    const root = project({ 'content/pages/landing.tsx': page('  return <main><p class="x"</p></main>;') });
    const r = await paydocs(['build'], root);
    expect(r.code).toBe(1);
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(r.err).toMatch(/^content\/pages\/landing\.tsx:5:\d+: Expected ">" but found "<"\n/);
    expect(r.err).toMatch(/✖ 1 error\. Nothing was written\.\n$/);
  });

  it('an error while rendering: the file, the line that threw and the route, no stack', async ({ expect }) => {
    const root = project({ 'content/pages/landing.tsx': page('  return (\n    <main>\n      <p>{items!.length}</p>\n    </main>\n  );') });
    const r = await paydocs(['check'], root);
    expect(r.code).toBe(1);
    expect(r.err).toMatchInlineSnapshot(`
      "content/pages/landing.tsx:7:18: rendering \`/landing\` failed: TypeError: Cannot read properties of undefined (reading 'length')

      ✖ 1 error.
      "
    `);
  });

  it('an error thrown in a component the page imports: that file and line, whether it throws while rendering or while loading', async ({ expect }) => {
    const card = 'export function Card({ items }: { items?: string[] }) {\n  return <ul>{items!.map((i) => <li key={i}>{i}</li>)}</ul>;\n}\n';
    const landing = page("  return <main><Card items={items} /></main>;").replace('export default', "import { Card } from './components/card.tsx';\n\nexport default");
    const rendering = await paydocs(['check'], project({ 'content/pages/components/card.tsx': card, 'content/pages/landing.tsx': landing }));
    expect(rendering.code).toBe(1);
    expect(rendering.err).toMatch(/^content\/pages\/components\/card\.tsx:2:\d+: rendering `\/landing` failed: TypeError: Cannot read properties of undefined \(reading 'map'\)$/m);
    const loading = await paydocs(['check'], project({ 'content/pages/components/card.tsx': `${card}\nthrow new Error('card styles missing');\n`, 'content/pages/landing.tsx': landing }));
    expect(loading.code).toBe(1);
    expect(loading.err).toMatch(/^content\/pages\/components\/card\.tsx:5:7: cannot load: Error: card styles missing$/m);
  });

  it('a render error comes with the errors found before it and with the other pages\' failures, once per place', async ({ expect }) => {
    const root = project({
      'content/docs/guide.md': '---\ntitle: Guide\n---\n\nSee [the nowhere page](/nowhere).\n',
      'content/pages/landing.tsx': page('  return <main>{items!.length}</main>;'),
      'content/pages/promo.tsx': page('  if (!items) throw new Error("no promo items");\n  return <main />;'),
      // A thrown value with no string form is still an error of its own, said once.
      'content/pages/bare.tsx': page('  if (!items) throw Object.create(null);\n  return <main />;'),
      // A thrown string has no stack to find a line in: errors are told apart by their messages.
      'content/pages/offer.tsx': `export const meta = { title: { en: 'Offer', ru: 'Оффер' }, description: { en: 'A page.', ru: 'Страница.' } };

export default function Offer({ site }: { site: { locale: string } }) {
  if (site.locale) throw \`no offers in \${site.locale === 'ru' ? 'Russian' : 'English'}\`;
  return <main />;
}
`,
    });
    const r = await paydocs(['build'], root);
    expect(r.code).toBe(1);
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(r.err.match(/^content\/docs\/guide\.md:5:\d+: .*\/nowhere/m)).not.toBeNull();
    expect(r.err.match(/^content\/pages\/landing\.tsx:5:\d+: rendering `\/landing` failed: TypeError/gm)).toHaveLength(1);
    expect(r.err.match(/^content\/pages\/promo\.tsx:5:\d+: rendering `\/promo` failed: Error: no promo items$/gm)).toHaveLength(1);
    expect(r.err.match(/^content\/pages\/offer\.tsx: rendering `\/offer` failed: no offers in English$/gm)).toHaveLength(1);
    expect(r.err.match(/^content\/pages\/offer\.tsx: rendering `\/ru\/offer` failed: no offers in Russian$/gm)).toHaveLength(1);
    expect(r.err).not.toMatch(/\/ru\/landing|\/ru\/promo/);
    expect(r.err.match(/^content\/pages\/bare\.tsx: rendering `\/bare` failed: a thrown object without a message$/gm)).toHaveLength(1);
    expect(r.err).toMatch(/✖ 6 errors\. Nothing was written\.\n$/);
  });
});

describe.concurrent('cli/pipeline/check/check-links: a page that is not built is not a missing page', () => {
  it('a React page\'s link to a page whose file failed to load is left to that file\'s error, like a Markdown link', async ({ expect }) => {
    const root = project({
      'content/docs/guide.md': '---\ntitle: Guide\nsidebar_position: three\n---\n\nText.\n',
      'content/pages/landing.tsx': `export const meta = { title: { en: 'Landing', ru: 'Лендинг' }, description: { en: 'A page.', ru: 'Страница.' } };

export default function Landing() {
  return <main><a href="guide">Guide</a> <a href="nowhere">Nowhere</a></main>;
}
`,
    });
    const r = await paydocs(['check'], root);
    expect(r.code).toBe(1);
    // `/guide` and `/ru/guide` are missing because of guide.md's error; `/nowhere` is missing.
    expect(r.err).toMatchInlineSnapshot(`
      "content/docs/guide.md:3: sidebar_position: expected number, received string
      content/pages/landing.tsx:4:51: link to \`nowhere\` on \`/landing\`: no page at \`/nowhere\`
        hint: check the path of \`nowhere\`
      content/pages/landing.tsx:4:51: link to \`nowhere\` on \`/ru/landing\`: no page at \`/ru/nowhere\`
        hint: check the path of \`nowhere\`

      ✖ 3 errors.
      "
    `);
  });

  it('a link to a draft says the page is a draft, left out of builds; dev shows drafts and has nothing to say', async ({ expect }) => {
    const root = project({ 'content/docs/guide.md': '---\ntitle: Guide\ndraft: true\n---\n\nText.\n' });
    const r = await paydocs(['check'], root);
    expect(r.code).toBe(1);
    expect(r.err).toMatchInlineSnapshot(`
      "content/docs/intro.md:7:34: link to \`./guide.md\`: the page is a draft (\`draft: true\` in \`content/docs/guide.md\`), left out of builds
        hint: remove \`draft: true\` from that page when it is ready, or remove the link
      content/i18n/ru/intro.md:7:34: link to \`./guide.md\`: the page is a draft (\`draft: true\` in \`content/docs/guide.md\`), left out of builds
        hint: remove \`draft: true\` from that page when it is ready, or remove the link

      ✖ 2 errors.
      "
    `);
    const config = await loadConfig(root);
    const diagnostics = new DiagnosticList();
    const dev = loadContent({ root, config, mode: 'dev', diagnostics });
    expect(dev.drafts.size).toBe(0);
    expect(dev.docs.get('en')!.map((d) => d.route)).toContain('/guide');
  });
});
