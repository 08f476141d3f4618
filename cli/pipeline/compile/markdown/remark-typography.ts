import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { pageData } from './types.ts';
import { visit } from './visit.ts';

/**
 * Russian typesetting, as a Russian technical writer expects it and a writer cannot type comfortably:
 * non-breaking spaces where a line must not break. Applied to the page's prose (mdast `text`), never
 * to code, in pages of a Russian locale; the source stays as written.
 *
 * - inside a grouped number: `10 000`, `1 500 000,00`;
 * - before a dash: `оплата — это`;
 * - after a short word (one or two letters, and the three-letter prepositions): `в банк`, `и т. д.`, `для платежа`;
 * - between a number and the word, unit or currency code after it: `30 мин`, `3 дня`, `100 USD`, `5 %`;
 * - between a Latin abbreviation and the number after it: `HTTP 429`, `ISO 4217`;
 * - inside `т. д.`, `т. п.`, `т. е.`
 *
 * Why not typograf (the usual library for this): it does much more than these rules (quotes, dashes,
 * symbols), the content already follows those conventions, and its cost on the site's Russian prose was
 * 176 ms cold against a few milliseconds here, in a build whose speed is budgeted.
 */
const NBSP = '\u00a0';

const GROUPED_NUMBER = /(?<!\d)\d{1,3}(?: \d{3})+(?!\d)/g;
const BEFORE_DASH = / —/g;
const AFTER_SHORT_WORD = /(?<=(?:^|[\s(«„"])(?:[а-яё]{1,2}|для|без|при|под|над|про|обо|изо))\x20/giu;
const NUMBER_THEN_WORD = /(?<=\d) (?=[а-яёА-ЯЁ%₽$€]|[A-Z]{3}(?![A-Za-z]))/gu;
const CODE_THEN_NUMBER = /(?<=(?:^|[^A-Za-z])[A-Z]{2,5}) (?=\d)/g;
const ABBREVIATION = /(?<=(?:^|[\s(])т\.) (?=[дпе]\.)/g;

/** The text with the non-breaking spaces of Russian typesetting. */
export function typesetRussian(text: string): string {
  if (!text.includes(' ')) return text;
  return text
    .replace(GROUPED_NUMBER, (n) => n.replaceAll(' ', NBSP))
    .replace(BEFORE_DASH, `${NBSP}—`)
    .replace(ABBREVIATION, NBSP)
    .replace(AFTER_SHORT_WORD, NBSP)
    .replace(NUMBER_THEN_WORD, NBSP)
    .replace(CODE_THEN_NUMBER, NBSP);
}

/** Whether a locale's prose is typeset by `typesetRussian`. */
export const isRussianLocale = (locale: string): boolean => locale === 'ru' || locale.startsWith('ru-');

export function remarkTypography() {
  return (tree: Root, file: VFile) => {
    const { ctx, out } = pageData(file);
    if (!isRussianLocale(ctx.locale)) return;
    visit(tree, 'text', (node) => {
      node.value = typesetRussian(node.value);
    });
    // The table of contents shows the headings as they are typeset on the page.
    for (const item of out.toc) item.text = typesetRussian(item.text);
  };
}
