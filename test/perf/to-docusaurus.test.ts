import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toDocusaurusContent, unwrapTabs } from '../../bench/lib/to-docusaurus.ts';

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
    expect(stats).toEqual({ docs: { en: 1, ru: 1 }, categories: 1, tabsUnwrapped: 1 });
    expect(JSON.parse(readFileSync(path.join(out, 'docs/api/_category_.json'), 'utf8'))).toEqual({ label: 'HTTP API', position: 2 });
    expect(readFileSync(path.join(out, 'docs/api/x.md'), 'utf8')).toBe('---\ntitle: X\n---\n```json\n{}\n```\n');
    expect(readFileSync(path.join(out, 'i18n/ru/docusaurus-plugin-content-docs/current/api/x.md'), 'utf8')).toContain('Текст.');
    expect(JSON.parse(readFileSync(path.join(out, 'i18n/ru/docusaurus-plugin-content-docs/current.json'), 'utf8'))).toEqual({ 'sidebar.docs.category.HTTP API': { message: 'HTTP API (рус)' } });
    expect(readFileSync(path.join(out, 'static/img/logo.svg'), 'utf8')).toBe('<svg/>');
    expect(JSON.parse(readFileSync(path.join(out, 'redirects.json'), 'utf8'))).toEqual([{ from: '/old', to: '/api/x' }]);
  });
});
