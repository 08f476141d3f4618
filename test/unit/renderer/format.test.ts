/**
 * shared/i18n/format.ts: placeholders, numbers in the locale's writing, and ICU plural forms
 * chosen by the locale's rules, as the API reference's constraints use them.
 */
import { describe, expect, it } from 'vitest';
import { format } from '../../../shared/i18n/format.ts';
import { stringsFor } from '../../../shared/i18n/strings.ts';

describe('shared/i18n/format', () => {
  it('fills placeholders and leaves unknown ones as written', () => {
    expect(format('{count} documents found', { count: 3 })).toBe('3 documents found');
    expect(format('{a} and {b}', { a: 'x' })).toBe('x and {b}');
  });

  it('writes numbers as the locale writes them when given one', () => {
    expect(format('up to {max}', { max: 7000000 }, 'en')).toBe('up to 7,000,000');
    expect(format('до {max}', { max: 7000000 }, 'ru')).toBe('до 7\u00a0000\u00a0000');
    expect(format('{n}', { n: 0.015 }, 'en')).toBe('0.015');
    // Without a locale, as given (the search count, ids).
    expect(format('{n}', { n: 1000 })).toBe('1000');
  });

  it('picks the plural form by the locale rules: one/few/many in Russian, an exact =N first', () => {
    const ru = '{n, plural, =1 {ровно одно} one {# символ} few {# символа} many {# символов} other {# символа}}';
    expect([1, 2, 5, 11, 21, 22, 25, 1.5].map((n) => format(ru, { n }, 'ru'))).toEqual(['ровно одно', '2 символа', '5 символов', '11 символов', '21 символ', '22 символа', '25 символов', '1,5 символа']);
    const en = '{n} {n, plural, one {item} other {items}}';
    expect([1, 2, 0].map((n) => format(en, { n }, 'en'))).toEqual(['1 item', '2 items', '0 items']);
    // A form missing for the category falls back to `other`; a non-number leaves the plural as written.
    expect(format('{n, plural, other {# things}}', { n: 1 }, 'en')).toBe('1 things');
    expect(format('{n, plural, one {x} other {y}}', { n: 'a' }, 'en')).toBe('{n, plural, one {x} other {y}}');
  });

  it('gives the API constraints in agreement with their number', () => {
    const ru = stringsFor('ru');
    const en = stringsFor('en');
    expect(format(ru['api.c.lengthMax'], { max: 1 }, 'ru')).toBe('до 1 символа');
    expect(format(ru['api.c.lengthMax'], { max: 64 }, 'ru')).toBe('до 64 символов');
    expect(format(ru['api.c.length'], { min: 1, max: 21 }, 'ru')).toBe('от 1 до 21 символа');
    expect(format(ru['api.c.itemsMin'], { min: 2 }, 'ru')).toBe('не меньше 2 элементов');
    expect(format(ru['api.c.propertiesMin'], { min: 1 }, 'ru')).toBe('хотя бы одно поле');
    expect(format(ru['api.c.propertiesMin'], { min: 3 }, 'ru')).toBe('не меньше 3 полей');
    expect(format(en['api.c.lengthMin'], { min: 1 }, 'en')).toBe('at least 1 character');
    expect(format(en['api.c.items'], { min: 1, max: 2000 }, 'en')).toBe('1 to 2,000 items');
    expect(format(en['api.c.propertiesMin'], { min: 2 }, 'en')).toBe('at least 2 fields');
  });
});
