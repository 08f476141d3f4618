import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { compileDoc, type CompiledPage } from '../../cli/pipeline/compile/compile-markdown.ts';
import { loadConfig } from '../../cli/pipeline/load/load-config.ts';
import { loadContent } from '../../cli/pipeline/load/load-content.ts';
import { createProcessor } from '../../cli/pipeline/compile/markdown/create-processor.ts';
import { createStyleToClass } from '../../cli/pipeline/compile/markdown/highlighter.ts';
import { writeFeeds } from '../../cli/pipeline/emit/write-feeds.ts';
import { DiagnosticList, formatDiagnostic } from '../../cli/diagnostics.ts';
import { fixture } from '../helpers/fixture.ts';

/** A site with a changelog of three dated sections in both locales. */
const FIXTURE = fixture('feeds');
const config = await loadConfig(FIXTURE);
const processor = await createProcessor({ styleToClass: createStyleToClass() });

/** The fixture's changelog of every locale, compiled. */
function changelogs(): Map<string, CompiledPage[]> {
  const content = loadContent({ root: FIXTURE, config, mode: 'build', diagnostics: new DiagnosticList() });
  const pages = new Map<string, CompiledPage[]>();
  for (const [locale, docs] of content.docs) {
    const doc = docs.find((d) => d.route === '/changelog')!;
    const byRel = new Map(docs.map((d) => [d.relPath, d.route]));
    pages.set(locale, [compileDoc(doc, (rel) => byRel.get(rel), { config, processor, diagnostics: new DiagnosticList() })]);
  }
  return pages;
}

function changelog(body: string): Map<string, CompiledPage[]> {
  const doc = {
    locale: 'en',
    file: 'content/docs/changelog.md',
    relPath: 'changelog.md',
    id: 'changelog',
    route: '/changelog',
    frontmatter: { title: 'Changelog', description: 'Changes.', hide_table_of_contents: false, draft: false, noindex: false },
    body,
    bodyLineOffset: 7,
    hash: 'x',
  };
  return new Map([['en', [compileDoc(doc, () => undefined, { config, processor, diagnostics: new DiagnosticList() })]]]);
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'entry' || name === 'link' });

describe('cli/pipeline/emit/write-feeds', () => {
  const diagnostics = new DiagnosticList();
  const feeds = writeFeeds({ config, pages: changelogs(), diagnostics });

  it('writes a well-formed Atom feed per locale of the changelog, with a link for the page head', () => {
    expect(diagnostics.items.map(formatDiagnostic)).toEqual([]);
    expect([...feeds.files.keys()].sort()).toEqual(['changelog.atom', 'ru/changelog.atom']);
    expect(feeds.links.get('/changelog')).toEqual({ href: '/changelog.atom', title: 'Changelog · Examplepay' });
    expect(feeds.links.get('/ru/changelog')).toEqual({ href: '/ru/changelog.atom', title: 'История изменений · Examplepay' });
    for (const xml of feeds.files.values()) expect(XMLValidator.validate(xml)).toBe(true);
  });

  it('gives every entry a unique id, a title, an RFC 3339 date and its section as content, newest first', () => {
    for (const [file, xml] of feeds.files) {
      const feed = parser.parse(xml).feed;
      const base = file.startsWith('ru/') ? 'https://docs.example.com/ru/changelog' : 'https://docs.example.com/changelog';
      expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
      expect(feed.id).toBe(base);
      expect(feed.link.map((l: Record<string, string>) => l['@rel'])).toEqual(['self', 'alternate']);
      const entries = feed.entry as Array<{ id: string; title: string; updated: string; content: { '#text': string; '@type': string } }>;
      expect(entries.length).toBe(3);
      expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
      for (const e of entries) {
        expect(e.id).toMatch(new RegExp(`^${base}#\\d{4}-\\d{2}-\\d{2}$`));
        expect(e.updated).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
        expect(Number.isNaN(Date.parse(e.updated))).toBe(false);
        expect(e.title).not.toMatch(/^\d{4}-/);
        expect(e.content['@type']).toBe('html');
        expect(e.content['#text']).toContain('<li>');
      }
      const dates = entries.map((e) => e.updated);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(feed.updated).toBe(dates[0]);
    }
    const [latest, en] = parser.parse(feeds.files.get('changelog.atom')!).feed.entry;
    expect(latest).toMatchObject({ id: 'https://docs.example.com/changelog#2025-11-20', title: 'Rate limits and error 1004', updated: '2025-11-20T00:00:00Z' });
    expect(en).toMatchObject({ id: 'https://docs.example.com/changelog#2025-10-14', title: 'Wallet payouts', updated: '2025-10-14T00:00:00Z' });
    expect(en.content['#text']).toContain('<a href="/payouts">');
  });

  it('escapes markup so the content survives as text', () => {
    const xml = writeFeeds({ config, pages: changelog('## 2025-01-02 — A & B <c> {#2025-01-02}\n\n- Fixed `a < b` & more.\n'), diagnostics: new DiagnosticList() }).files.get('changelog.atom')!;
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('<title>A &amp; B &lt;c&gt;</title>');
    expect(parser.parse(xml).feed.entry[0].content['#text']).toContain('<code>a &#x3C; b</code> &#x26; more.');
  });

  it('reports a section without a date and entries out of order, with their lines', () => {
    const d = new DiagnosticList();
    writeFeeds({ config, pages: changelog('Intro.\n\n## 2025-01-02 — Old {#2025-01-02}\n\n- a\n\n## Later {#later}\n\n- b\n\n## 2025-03-04 — New {#2025-03-04}\n\n- c\n'), diagnostics: d });
    expect(d.items.map(formatDiagnostic)).toMatchInlineSnapshot(`
      [
        "content/docs/changelog.md:14: expected a changelog heading that starts with a date, \`## 2025-10-14 — What changed\`, received \`## Later\`",
        "content/docs/changelog.md:18: entries must be newest first: \`2025-03-04\` comes after \`2025-01-02\`
        hint: move the section above the older ones",
      ]
    `);
  });
});
