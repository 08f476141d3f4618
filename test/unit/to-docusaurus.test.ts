import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandDirectives } from '../../bench/lib/expand-directives.ts';
import { toDocusaurusContent, unwrapTabs } from '../../bench/lib/to-docusaurus.ts';
import { fixture } from '../helpers/fixture.ts';

/** A site whose pages render an OpenAPI document, data tables and the status diagram. */
const SITE = fixture('api-data');

describe('bench/lib/to-docusaurus', () => {
  it('unwraps :::tabs into its code blocks and keeps every other directive, and ::: inside code', () => {
    const md = [
      ':::tabs{group="lang"}',
      '```bash title="cURL"',
      'echo ":::"',
      ':::',
      '```',
      '```json',
      '{}',
      '```',
      ':::',
      '',
      ':::warning[Wrong network]',
      'Text.',
      ':::',
    ].join('\n');
    const { text, unwrapped } = unwrapTabs(md);
    expect(unwrapped).toBe(1);
    expect(text).toBe(['```bash title="cURL"', 'echo ":::"', ':::', '```', '```json', '{}', '```', '', ':::warning[Wrong network]', 'Text.', ':::'].join('\n'));
  });

  it('lays out docs, translations, category labels (Russian ones through current.json), static files and redirects for Docusaurus', () => {
    const src = mkdtempSync(path.join(os.tmpdir(), 'paydocs-todoc-'));
    const out = mkdtempSync(path.join(os.tmpdir(), 'paydocs-todoc-out-'));
    const write = (rel: string, text: string) => {
      mkdirSync(path.dirname(path.join(src, rel)), { recursive: true });
      writeFileSync(path.join(src, rel), text);
    };
    write('docs/api/_category_.yml', 'label: HTTP API\nposition: 2\n');
    write('docs/api/x.md', '---\ntitle: X\n---\n:::tabs{group="lang"}\n```json\n{}\n```\n:::\n');
    write('i18n/ru/api/_category_.yml', 'label: HTTP API (рус)\nposition: 2\n');
    write('i18n/ru/api/x.md', '---\ntitle: Икс\n---\nТекст.\n');
    write('static/img/logo.svg', '<svg/>');
    write('redirects.yaml', '- from: /old\n  to: /api/x\n');
    const stats = toDocusaurusContent(src, out);
    expect(stats).toEqual({ docs: { en: 1, ru: 1 }, categories: 1, tabsUnwrapped: 1, expanded: 0 });
    expect(JSON.parse(readFileSync(path.join(out, 'docs/api/_category_.json'), 'utf8'))).toEqual({ label: 'HTTP API', position: 2 });
    expect(readFileSync(path.join(out, 'docs/api/x.md'), 'utf8')).toBe('---\ntitle: X\n---\n```json\n{}\n```\n');
    expect(readFileSync(path.join(out, 'i18n/ru/docusaurus-plugin-content-docs/current/api/x.md'), 'utf8')).toContain('Текст.');
    expect(JSON.parse(readFileSync(path.join(out, 'i18n/ru/docusaurus-plugin-content-docs/current.json'), 'utf8'))).toEqual({ 'sidebar.docs.category.HTTP API': { message: 'HTTP API (рус)' } });
    expect(readFileSync(path.join(out, 'static/img/logo.svg'), 'utf8')).toBe('<svg/>');
    expect(JSON.parse(readFileSync(path.join(out, 'redirects.json'), 'utf8'))).toEqual([{ from: '/old', to: '/api/x' }]);
  });

  it('takes the expanded text of a page when given one, and unwraps its tabs too', () => {
    const src = mkdtempSync(path.join(os.tmpdir(), 'paydocs-todoc-'));
    const out = mkdtempSync(path.join(os.tmpdir(), 'paydocs-todoc-out-'));
    mkdirSync(path.join(src, 'docs/api'), { recursive: true });
    mkdirSync(path.join(src, 'i18n/ru/api'), { recursive: true });
    writeFileSync(path.join(src, 'docs/api/x.md'), '---\ntitle: X\n---\n::api-operation{id="x"}\n');
    writeFileSync(path.join(src, 'i18n/ru/api/x.md'), '---\ntitle: Икс\n---\n::api-operation{id="x"}\n');
    const expanded = new Map([
      ['docs/api/x.md', '---\ntitle: X\n---\n## Request\n\n:::tabs{group="lang"}\n```bash\ncurl\n```\n:::\n'],
      ['i18n/ru/api/x.md', '---\ntitle: Икс\n---\n## Запрос\n'],
    ]);
    const stats = toDocusaurusContent(src, out, expanded);
    expect(stats).toMatchObject({ docs: { en: 1, ru: 1 }, tabsUnwrapped: 1, expanded: 2 });
    expect(readFileSync(path.join(out, 'docs/api/x.md'), 'utf8')).toBe('---\ntitle: X\n---\n## Request\n\n```bash\ncurl\n```\n');
    expect(readFileSync(path.join(out, 'i18n/ru/docusaurus-plugin-content-docs/current/api/x.md'), 'utf8')).toBe('---\ntitle: Икс\n---\n## Запрос\n');
  });
});

describe('bench/lib/expand-directives', () => {
  it("writes a site's generated pages out as the Markdown the directives become, in both locales", async () => {
    const expanded = await expandDirectives(SITE);
    const withDirectives = (dir: string) =>
      (readdirSync(path.join(SITE, 'content', dir), { recursive: true }) as string[])
        .filter((f) => f.endsWith('.md') && /::(?:api-operation|data-table|status-diagram)\b/.test(readFileSync(path.join(SITE, 'content', dir, f), 'utf8')))
        .map((f) => `${dir}/${f.split(path.sep).join('/')}`);
    expect([...expanded.keys()].sort()).toEqual([...withDirectives('docs'), ...withDirectives('i18n/ru')].sort());
    for (const [file, text] of expanded) {
      expect(text, file).not.toMatch(/^::(?:api-operation|data-table|status-diagram)/m);
      expect(text, file).toMatch(/^---\ntitle: /);
      // The data tables' wrappers are not blockquotes in Docusaurus, and the filter box needs paydocs's script.
      expect(text, file).not.toMatch(/^(?:> ?)+\|/m);
      expect(text, file).not.toContain('data-table__filter');
    }
    const api = expanded.get('docs/api/transaction_create.md')!;
    expect(api).toMatch(/^## Request \{#request\}$/m);
    expect(api).toMatch(/^\| \*order_id\* \*required\* +\| string +\|/m);
    expect(api).toContain('curl --request POST');
    expect(api).toMatch(/^:::tabs\{group="lang"\}$/m);
    expect(expanded.get('i18n/ru/api/transaction_create.md')).toMatch(/^## Запрос \{#request\}$/m);
    expect(expanded.get('docs/reference/api_error_codes.md')).toMatch(/^\| \[`2003`\]\(#2003\) +\| 400 +\| amount outside limits /m);
    expect(expanded.get('docs/reference/transaction_statuses.md')).toContain('<svg');
  });
});
