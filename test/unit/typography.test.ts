import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../cli/pipeline/load/load-config.ts';
import { compileDoc } from '../../cli/pipeline/compile/compile-markdown.ts';
import type { SourceDoc } from '../../cli/pipeline/load/load-content.ts';
import { createProcessor } from '../../cli/pipeline/compile/markdown/create-processor.ts';
import { createStyleToClass } from '../../cli/pipeline/compile/markdown/highlighter.ts';
import { typesetRussian } from '../../cli/pipeline/compile/markdown/remark-typography.ts';
import { DiagnosticList } from '../../cli/diagnostics.ts';
import siteConfig from '../fixtures/full-config/docs.config.ts';

const config = validateConfig(siteConfig);
const processor = await createProcessor({ styleToClass: createStyleToClass() });
const show = (s: string) => s.replaceAll('\u00a0', '·');

function html(body: string, locale: string): string {
  return compilePage(body, locale).html;
}
const compileRu = (body: string) => compilePage(body, 'ru');

function compilePage(body: string, locale: string) {
  const doc: SourceDoc = {
    locale,
    file: `content/${locale === 'en' ? 'docs' : `i18n/${locale}`}/intro.md`,
    relPath: 'intro.md',
    id: 'x',
    route: '/',
    frontmatter: { title: 'T', hide_table_of_contents: false, draft: false, noindex: false },
    body,
    bodyLineOffset: 4,
    hash: 'abc',
  };
  const diagnostics = new DiagnosticList();
  const page = compileDoc(doc, (rel) => (rel === 'intro.md' ? '/' : undefined), { config, processor, diagnostics });
  expect(diagnostics.items).toEqual([]);
  return page;
}

describe('Russian typesetting (remark-typography)', () => {
  it('binds grouped numbers, dashes, short words, numbers to their units and т. д.', () => {
    expect(show(typesetRussian('Лимит 1 500 000,00 — это 30 мин и т. д.'))).toBe('Лимит 1·500·000,00·— это 30·мин и·т.·д.');
    expect(show(typesetRussian('и в банк для платежа, а не по карте'))).toBe('и·в·банк для·платежа, а·не·по·карте');
    expect(show(typesetRussian('(в скобках) «о чём» т. е. 100 USD, 5 %'))).toBe('(в·скобках) «о·чём» т.·е. 100·USD, 5·%');
    expect(show(typesetRussian('HTTP 429 по ISO 4217, Visa 3 раза'))).toBe('HTTP·429·по·ISO·4217, Visa 3·раза');
  });

  it('leaves what is not one of those alone: years and codes next to numbers, Latin words, ranges', () => {
    expect(show(typesetRussian('Коды 1001 и 1002, в 2025 100 раз, 3 abc, 100–500'))).toBe('Коды 1001·и·1002, в·2025 100·раз, 3 abc, 100–500');
    expect(typesetRussian('Без_пробелов')).toBe('Без_пробелов');
  });

  it('typesets the prose of Russian pages only, never their code', () => {
    const ru = html('Сумма 10 000 — в `amount: 10 000` и в коде:\n\n```json\n{"a": "в 10 000"}\n```\n\n| поле | и т. д. |\n| --- | --- |\n| в ячейке | 5 мин |', 'ru');
    expect(show(ru)).toContain('<p>Сумма 10·000·— в·<code>amount: 10 000</code>');
    expect(ru).not.toMatch(/<pre[^]*\u00a0[^]*<\/pre>/);
    expect(show(ru)).toContain('<td>в·ячейке</td>');
    expect(show(ru)).toContain('<td>5·мин</td>');
    expect(show(ru)).toContain('<th>и·т.·д.</th>');
    const toc = compileRu('## Оплата в банке\n\nТекст.');
    expect(show(toc.toc[0]!.text)).toBe('Оплата в·банке');
    expect(show(toc.html)).toContain('Оплата в·банке');
    const en = html('A total of 10 000 — in a bank', 'en');
    expect(en).not.toContain('\u00a0');
  });
});
