import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/site.ts';

/**
 * The Russian glossary of content/CONVENTIONS.md is applied: no rejected variant of its ```yaml glossary-ru block
 * occurs in the Russian content outside code, link targets, heading ids and the frontmatter `keywords`.
 */

interface Entry {
  variant: string;
  preferred: string;
  allow?: string[];
}

const read = (rel: string) => readFileSync(path.join(PROJECT_ROOT, rel), 'utf8');

/** The glossary's machine-readable block: the fenced ```yaml block whose meta names it glossary-ru. */
export function glossaryEntries(conventions: string): Entry[] {
  const block = /^```yaml glossary-ru\n([\s\S]*?)^```/m.exec(conventions);
  if (!block) throw new Error('content/CONVENTIONS.md has no ```yaml glossary-ru block');
  return YAML.parse(block[1]!) as Entry[];
}

const WORD = '[\\p{L}\\p{N}_]';
/** The glossary writes \w and \b as a writer means them (Cyrillic included); JavaScript's are ASCII-only. */
export function toRegExp(source: string): RegExp {
  const unicode = source
    .replaceAll('\\w', WORD)
    .replaceAll('\\b', `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`);
  return new RegExp(unicode, 'giu');
}

/** Replace a match by spaces, keeping newlines, so offsets and line numbers stay true. */
const blank = (s: string) => s.replace(/[^\n]/g, ' ');

/** The prose of a Markdown page: code blocks and spans, link targets, heading ids, URLs and `keywords` blanked. */
export function markdownProse(text: string): string {
  return text
    .replace(/^( *)(```|~~~)[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, blank)
    .replace(/`[^`\n]*`/g, blank)
    .replace(/\]\([^)\s]*\)/g, (m) => `]${blank(m.slice(1))}`)
    .replace(/\{#[^}\s]*\}/g, blank)
    .replace(/https?:\/\/[^\s)>'"]+/g, blank)
    .replace(/^keywords:.*$/m, blank);
}

/** Russian strings of a YAML, TSX or OpenAPI text file: lines with Cyrillic, keys and code spans blanked. */
export function russianLines(text: string, file: string): string {
  return text
    .split('\n')
    .map((line) => {
      if (!/[А-Яа-яЁё]/.test(line)) return blank(line);
      let l = line;
      if (file.endsWith('openapi.ru.yaml')) l = l.replace(/^ *'[^']*':/, blank);
      // In a TSX page only the Russian string literals are text; English ones and the code around them are not.
      if (file.endsWith('.tsx')) {
        const keep = [...l.matchAll(/'[^']*'|"[^"]*"/g)].filter((m) => /[А-Яа-яЁё]/.test(m[0]));
        let out = blank(l);
        for (const m of keep) out = out.slice(0, m.index) + m[0] + out.slice(m.index + m[0].length);
        l = out;
      }
      return l
        .replace(/`[^`\n]*`/g, blank)
        .replace(/\]\([^)\s]*\)/g, (m) => `]${blank(m.slice(1))}`)
        .replace(/https?:\/\/[^\s)>'"]+/g, blank);
    })
    .join('\n');
}

function russianFiles(): string[] {
  const ru = readdirSync(path.join(PROJECT_ROOT, 'content/i18n/ru'), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.md') || f.endsWith('.yml'))
    .map((f) => `content/i18n/ru/${f}`);
  const dir = (d: string, ext: string) =>
    readdirSync(path.join(PROJECT_ROOT, d)).filter((f) => f.endsWith(ext)).map((f) => `${d}/${f}`);
  // search-synonyms.yaml lists the rejected variants on purpose, so that a reader who types one still finds the page.
  const data = dir('content/data', '.yaml').filter((f) => !f.endsWith('search-synonyms.yaml'));
  return [...ru, 'content/api/openapi.ru.yaml', ...data, ...dir('content/pages', '.tsx')].sort();
}

export interface Finding {
  where: string;
  found: string;
  preferred: string;
}

export function findRejected(file: string, text: string, entries: Entry[]): Finding[] {
  const prose = file.endsWith('.md') ? markdownProse(text) : russianLines(text, file);
  const findings: Finding[] = [];
  for (const entry of entries) {
    const allowed = (entry.allow ?? []).flatMap((a) =>
      [...prose.matchAll(toRegExp(a))].map((m) => [m.index, m.index + m[0].length] as const),
    );
    for (const m of prose.matchAll(toRegExp(entry.variant))) {
      const start = m.index;
      const end = start + m[0].length;
      if (allowed.some(([a, b]) => a <= start && end <= b)) continue;
      const line = prose.slice(0, start).split('\n').length;
      findings.push({ where: `${file}:${line}`, found: m[0].replace(/\s+/g, ' '), preferred: entry.preferred });
    }
  }
  return findings;
}

const ENTRIES = glossaryEntries(read('content/CONVENTIONS.md'));

describe('Russian glossary', () => {
  it('has a machine-readable block with a preferred term for every rejected variant', () => {
    expect(ENTRIES.length).toBeGreaterThan(10);
    for (const e of ENTRIES) {
      expect(e.preferred, e.variant).toBeTruthy();
      expect(() => toRegExp(e.variant)).not.toThrow();
    }
  });

  it('finds a rejected variant in prose but not in code, links or allowed contexts', () => {
    const md = [
      '---',
      'keywords: [host-to-host, клиент]',
      '---',
      'Покупатель платит, а клиент ждёт.',
      'Передайте данные `клиента` [клиенту](../client.md) через HTTP-клиент {#klient}.',
      'При прямой интеграции (host-to-host) данные собираете вы, а не host-to-host сервис.',
      'Откройте страницу',
      'оплаты.',
      '```json',
      '{"клиент": 1}',
      '```',
    ].join('\n');
    const found = findRejected('content/i18n/ru/x.md', md, ENTRIES).map((f) => `${f.where} ${f.found}`);
    expect(found.sort()).toEqual(
      ['content/i18n/ru/x.md:4 клиент', 'content/i18n/ru/x.md:5 клиенту', 'content/i18n/ru/x.md:6 host-to-host', 'content/i18n/ru/x.md:7 страницу оплаты'].sort(),
    );
  });

  it('no rejected variant is left in the Russian content', () => {
    const findings = russianFiles().flatMap((file) => findRejected(file, read(file), ENTRIES));
    const report = findings.map((f) => `${f.where}: «${f.found}» — use ${f.preferred}`).join('\n');
    expect(report, `${findings.length} rejected variant(s):\n${report}`).toBe('');
  });
});
