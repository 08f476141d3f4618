import { describe, expect, it } from 'vitest';
import { excerpt, indexTerms, markWords, normalize, queryWords, stem, switchLayout, termsOf, tokenize, type Segment } from '../../../shared/search/text.ts';

const show = (segments: Segment[]) => segments.map((s) => (s.hit ? `[${s.text}]` : s.text)).join('');

describe('shared/search/text', () => {
  it('lowercases, folds ё to е and drops Latin diacritics but keeps й', () => {
    expect(normalize('Ёлки ЗЕЛЁНЫЕ')).toBe('елки зеленые');
    expect(normalize("Côte d'Ivoire")).toBe("cote d'ivoire");
    expect(normalize('Йошкар-Ола')).toBe('йошкар-ола');
  });

  it('stems by script, whatever the page locale: Russian for Cyrillic, English for Latin', () => {
    expect(new Set(['выплата', 'выплаты', 'выплату', 'выплатой', 'выплатами'].map(stem))).toEqual(new Set(['выплат']));
    expect(new Set(['payout', 'payouts'].map(stem))).toEqual(new Set(['payout']));
    expect(stem('transactions')).toBe(stem('transaction'));
    // Codes and words with digits are never stemmed.
    expect(stem('4001')).toBe('4001');
    expect(stem('usd')).toBe('usd');
  });

  it('indexes identifiers whole and split on _ . - and camelCase', () => {
    expect(termsOf('transaction_create')).toEqual(['transaction_create', stem('transaction'), stem('create')]);
    expect(termsOf('payin_hpp')).toEqual(['payin_hpp', 'payin', 'hpp']);
    expect(termsOf('payinHpp')).toEqual(['payinhpp', 'payin', 'hpp']);
    expect(termsOf('api.corvopay.com')).toEqual(['api.corvopay.com', 'api', stem('corvopay'), 'com']);
    expect(termsOf('3-D')).toEqual(['3-d']);
    expect(termsOf('cbucvu')).toEqual(['cbucvu']);
    expect(termsOf('USD')).toEqual(['usd']);
    expect(termsOf('4001')).toEqual(['4001']);
  });

  it('drops stop words in both languages', () => {
    expect(indexTerms('The status of the payout')).toEqual([stem('status'), 'payout']);
    expect(indexTerms('Статус и сумма выплаты для точки')).toEqual(['статус', 'сумм', 'выплат', 'точк']);
  });

  it('keeps a query of stop words only, so it is not empty', () => {
    expect(queryWords('the').map((w) => w.terms)).toEqual([['the']]);
    expect(queryWords('callback подпись').map((w) => w.word)).toEqual(['callback', 'подпись']);
  });

  it('finds words in Cyrillic, Latin and mixed text with their offsets, without eating a final dot', () => {
    const tokens = tokenize('Колбэк (callback_url). Код 4001.');
    expect(tokens.map((t) => [t.raw, t.start])).toEqual([
      ['Колбэк', 0],
      ['callback_url', 8],
      ['Код', 23],
      ['4001', 27],
    ]);
  });

  it('switches a query typed in the wrong keyboard layout', () => {
    expect(switchLayout('nhfypfrwbz')).toBe('транзакция');
    expect(switchLayout('dsgkfnf')).toBe('выплата');
    expect(switchLayout('rjk,\'r')).toBe('колбэк');
    expect(switchLayout('ыукмшсу')).toBe('service');
    expect(switchLayout('4001')).toBeUndefined();
  });

  it('marks whole words whose terms matched, inflected forms included', () => {
    const terms = new Set(['выплат', 'payout']);
    expect(show(markWords('Выплату и выплатами; payouts, payout_id, выплатной.', terms))).toBe('[Выплату] и [выплатами]; [payouts], [payout_id], выплатной.');
  });

  it('cuts an excerpt of about the asked length at whole words, Cyrillic included, with ellipses', () => {
    const text =
      'Шаблон хранит всё, что нужно для повторной отправки денег: сервис, реквизиты получателя и сумму. ' +
      'Когда вы отправляете выплату по шаблону, кабинет подставляет реквизиты и спрашивает только подтверждение кодом.';
    const out = show(excerpt(text, new Set(['выплат']), 50));
    expect(out).toMatch(/^… /);
    expect(out).toMatch(/ …$/);
    expect(out).toContain('[выплату]');
    const plain = out.replace(/[[\]]/g, '').replace(/^… | …$/g, '');
    expect(plain.length).toBeLessThanOrEqual(50);
    expect(plain.length).toBeGreaterThan(35);
    // Whole words: the excerpt's first and last words are words of the text.
    const words = new Set(text.split(/[^\p{L}\p{N}]+/u));
    expect(words.has(plain.split(' ')[0]!)).toBe(true);
    expect(words.has(plain.split(' ').at(-1)!.replace(/[^\p{L}\p{N}]+$/u, ''))).toBe(true);
  });

  it('starts the excerpt at the beginning when nothing in the text matched', () => {
    expect(show(excerpt('Short text here.', new Set(['zzz']), 50))).toBe('Short text here.');
  });
});
