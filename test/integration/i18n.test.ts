import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { setSourceHash } from '../../cli/commands/i18n.ts';
import { sourceHash } from '../../cli/pipeline/load/read-markdown-file.ts';
import { paydocs } from '../helpers/cli.ts';
import { copyFixture } from '../helpers/fixture.ts';

const read = (dir: string, f: string) => readFileSync(path.join(dir, f), 'utf8');

// Each test works on a copy of its own: the CLI runs of one wait for nothing of another's.
describe.concurrent('cli/commands/i18n', () => {
  it('setSourceHash quotes a hash YAML would read as a number', async ({ expect }) => {
    const matter = (await import('gray-matter')).default;
    for (const hash of ['1808481010423591', '1234e56789012345', '0000000000000000']) {
      const out = setSourceHash('---\ntitle: A\n---\nBody\n', hash);
      expect(out).toBe(`---\ntitle: A\nsource_hash: '${hash}'\n---\nBody\n`);
      expect(matter(out, {}).data.source_hash).toBe(hash);
    }
    expect(setSourceHash('---\ntitle: A\n---\n', 'abcdef0123456789')).toContain('source_hash: abcdef0123456789\n');
  });

  it('setSourceHash adds or replaces only the source_hash line', async ({ expect }) => {
    expect(setSourceHash('---\ntitle: A\n---\nBody\n', 'abcdef0123456789')).toBe('---\ntitle: A\nsource_hash: abcdef0123456789\n---\nBody\n');
    expect(setSourceHash('---\ntitle: A\nsource_hash: 1111111111111111\nkeywords: [x]\n---\nBody\n', 'abcdef0123456789')).toBe('---\ntitle: A\nsource_hash: abcdef0123456789\nkeywords: [x]\n---\nBody\n');
  });

  it('sourceHash counts what a translator translates: the text and the frontmatter\'s words, not the layout keys or line-end spaces', async ({ expect }) => {
    const page = '---\ntitle: Guide\ndescription: How to start.\nsidebar_position: 2\n---\n\nFirst paragraph.\n';
    const same = [
      page.replace('sidebar_position: 2', 'sidebar_position: 5'),
      page.replace('sidebar_position: 2\n', 'sidebar_position: 2\nslug: /start\nhide_table_of_contents: true\n'),
      `${page}\n\n`,
      page.replace('First paragraph.', 'First paragraph.  '),
      page.replace(/\n/g, '\r\n'),
      `\uFEFF${page.replace('sidebar_position: 2', 'sidebar_position: 3')}`,
    ];
    for (const text of same) expect(sourceHash(text), JSON.stringify(text)).toBe(sourceHash(page));
    const changed = [page.replace('title: Guide', 'title: Getting started'), page.replace('How to start.', 'How to begin.'), page.replace('First paragraph.', 'First paragraph, edited.'), `${page}\nA new paragraph.\n`];
    for (const text of changed) expect(sourceHash(text), JSON.stringify(text)).not.toBe(sourceHash(page));
  });

  it('sourceHash counts a hard line break (two spaces before a line that goes on), which readers see, and no other line-end spaces', async ({ expect }) => {
    const page = '---\ntitle: Guide\n---\n\nStreet 1\nCity\n\nEnd.\n';
    const broken = page.replace('Street 1\n', 'Street 1  \n');
    expect(sourceHash(broken)).not.toBe(sourceHash(page));
    // How many spaces make the break does not matter; the break does.
    expect(sourceHash(page.replace('Street 1\n', 'Street 1     \n'))).toBe(sourceHash(broken));
    // With a tab among them, or before a blank line or at the end, spaces break nothing (as in micromark).
    expect(sourceHash(page.replace('Street 1\n', 'Street 1  \t\n'))).toBe(sourceHash(page));
    expect(sourceHash(page.replace('City\n', 'City   \n'))).toBe(sourceHash(page));
    expect(sourceHash(page.replace('End.\n', 'End.  \n'))).toBe(sourceHash(page));
    expect(sourceHash(page.replace('Street 1\n', 'Street 1 \n'))).toBe(sourceHash(page));
    // Nor in the frontmatter: its fences and keys are found as before, layout keys still left out.
    const spaced = page.replace('---\ntitle: Guide\n---\n', '---  \ntitle: Guide  \nsidebar_position: 2  \n---  \n');
    expect(sourceHash(spaced)).toBe(sourceHash(page));
    expect(sourceHash(spaced.replace('sidebar_position: 2', 'sidebar_position: 7'))).toBe(sourceHash(page));
  });

  it('check --i18n lists pages not translated and translations older than their English page', async ({ expect }) => {
    const dir = copyFixture('i18n');
    const r = await paydocs(['check', '--i18n'], dir);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatchInlineSnapshot(`
      "
      ru: 1 not translated, 1 outdated, 0 without source_hash
        missing   content/docs/api/create.md
        outdated  content/i18n/ru/guide.md  (run \`paydocs i18n mark\` after updating it)
      ✔ No errors in 6 pages.
      "
    `);
  });

  it('check --i18n --strict fails while a page is listed, and passes once none is', async ({ expect }) => {
    const dir = copyFixture('i18n');
    const r = await paydocs(['check', '--i18n', '--strict'], dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('ru: 1 not translated, 1 outdated, 0 without source_hash');
    expect(r.err).toBe('2 pages to translate or mark (listed above), failing with --strict\n\n✖ 1 error.\n');
    mkdirSync(path.join(dir, 'content/i18n/ru/api'), { recursive: true });
    writeFileSync(path.join(dir, 'content/i18n/ru/api/create.md'), read(dir, 'content/docs/api/create.md'));
    expect((await paydocs(['i18n', 'mark'], dir)).code).toBe(0);
    const clean = await paydocs(['check', '--i18n', '--strict'], dir);
    expect(clean.code, clean.err).toBe(0);
    expect(clean.out).toContain('ru: 0 not translated, 0 outdated, 0 without source_hash');
  });

  it('i18n mark records the English hash; a later English change makes the translation outdated again', async ({ expect }) => {
    const dir = copyFixture('i18n');
    const before = read(dir, 'content/i18n/ru/guide.md');
    const mark = await paydocs(['i18n', 'mark', 'content/i18n/ru/guide.md'], dir);
    expect(mark.code, mark.err).toBe(0);
    expect(mark.out).toBe('✔ Marked 1 translation.\n');
    const hash = sourceHash(read(dir, 'content/docs/guide.md'));
    // Only the hash line changed.
    expect(read(dir, 'content/i18n/ru/guide.md')).toBe(before.replace('source_hash: 0123456789abcdef', `source_hash: ${hash}`));
    expect((await paydocs(['check', '--i18n'], dir)).out).toContain('ru: 1 not translated, 0 outdated, 0 without source_hash');

    writeFileSync(path.join(dir, 'content/docs/guide.md'), `${read(dir, 'content/docs/guide.md')}\nA new paragraph in English.\n`);
    const after = (await paydocs(['check', '--i18n'], dir)).out;
    expect(after).toContain('ru: 1 not translated, 1 outdated, 0 without source_hash');
    expect(after).toContain('  outdated  content/i18n/ru/guide.md  (run `paydocs i18n mark` after updating it)');

    // With no file named, every translation is marked; the current one is left as it is.
    const intro = read(dir, 'content/i18n/ru/intro.md');
    expect((await paydocs(['i18n', 'mark'], dir)).out).toBe('✔ Marked 1 translation.\n');
    expect(read(dir, 'content/i18n/ru/intro.md')).toBe(intro);
  });

  it('lists a translation without source_hash as unmarked', async ({ expect }) => {
    const dir = copyFixture('i18n');
    writeFileSync(path.join(dir, 'content/i18n/ru/intro.md'), read(dir, 'content/i18n/ru/intro.md').replace(/^source_hash: .*\n/m, ''));
    expect((await paydocs(['check', '--i18n'], dir)).out).toContain('  unmarked  content/i18n/ru/intro.md');
  });

  it('i18n mark refuses orphans and files that are not translations, and writes nothing then', async ({ expect }) => {
    const dir = copyFixture('i18n');
    writeFileSync(path.join(dir, 'content/i18n/ru/pricing.md'), '---\ntitle: Тарифы\n---\n');
    const guide = read(dir, 'content/i18n/ru/guide.md');
    const orphan = await paydocs(['i18n', 'mark'], dir);
    expect(orphan.code).toBe(1);
    expect(orphan.err).toMatchInlineSnapshot(`
      "content/i18n/ru/pricing.md:1: translation of a page that does not exist: expected \`content/docs/pricing.md\`
        hint: rename the file to match its English source, or delete it

      ✖ 1 error. Nothing was written.
      "
    `);
    expect(read(dir, 'content/i18n/ru/guide.md')).toBe(guide);
    const wrong = await paydocs(['i18n', 'mark', 'content/docs/guide.md', 'content/i18n/ru/nope.md'], dir);
    expect(wrong.code).toBe(1);
    expect(wrong.err).toMatchInlineSnapshot(`
      "content/docs/guide.md: not a translation: expected a \`.md\` file under \`content/i18n/ru/\`
      content/i18n/ru/nope.md: no such file

      ✖ 2 errors. Nothing was written.
      "
    `);
  });
});
