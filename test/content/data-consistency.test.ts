import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadData } from '../../cli/pipeline/load/load-data.ts';
import { loadSynonyms } from '../../cli/pipeline/search/build-search-index.ts';
import { DiagnosticList, formatDiagnostic } from '../../cli/diagnostics.ts';
import { PROJECT_ROOT } from '../helpers/site.ts';

const problems = new DiagnosticList();
const data = loadData({ root: PROJECT_ROOT, diagnostics: problems });
const statuses = data.statuses!;
const known = new Set(statuses.statuses.map((s) => s.status));
const allowed = new Set(statuses.transitions.map((t) => `${t.from} -> ${t.to}`));
const reasons = new Set(data.failureReasons!.map((r) => r.code));

/** Luhn, written out again here so the test does not trust the schema's own check. */
function luhn(number: string): boolean {
  const digits = [...number].reverse().map(Number);
  const sum = digits.reduce((acc, d, i) => acc + (i % 2 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  return sum % 10 === 0;
}

describe('content/data', () => {
  it('loads without a problem and builds every table', () => {
    expect(problems.items.map(formatDiagnostic)).toEqual([]);
    expect([...data.tables.keys()].sort()).toEqual([
      'api_error_codes',
      'bank_code_formats',
      'bank_codes',
      'country_codes',
      'crypto_codes',
      'currency_codes',
      'failure_reason_codes',
      'language_codes',
      'state_codes',
      'status_transitions',
      'test_cards',
      'transaction_statuses',
    ]);
  });

  it('has search synonyms for both locales, without a problem', () => {
    const diagnostics = new DiagnosticList();
    expect(Object.keys(loadSynonyms(PROJECT_ROOT, diagnostics))).toEqual(['en', 'ru']);
    expect(diagnostics.items.map(formatDiagnostic)).toEqual([]);
  });
});

describe('content/data/test_cards.yaml', () => {
  it('the Luhn check of this test tells valid numbers from invalid ones', () => {
    expect(luhn('4242424242424242')).toBe(true);
    expect(luhn('79927398713')).toBe(true);
    expect(luhn('4242424242424241')).toBe(false);
    expect(luhn('4000000000000001')).toBe(false);
  });

  it.each(data.testCards!.map((c) => [c.number, c] as const))('%s passes Luhn and its outcome exists in the statuses data', (number, card) => {
    expect(luhn(number), `${number} fails the Luhn check`).toBe(true);
    expect(card.path[0]).toBe(statuses.initial);
    for (const s of card.path) expect(known, `unknown status ${s}`).toContain(s);
    for (let i = 1; i < card.path.length; i++) expect(allowed, `${card.path[i - 1]} -> ${card.path[i]}`).toContain(`${card.path[i - 1]} -> ${card.path[i]}`);
    const last = card.path[card.path.length - 1]!;
    expect(statuses.statuses.find((s) => s.status === last)!.final, `${number} must end in a final status`).not.toBe('no');
    if (card.failure_reason) expect(reasons).toContain(card.failure_reason);
  });

  it('covers success, decline, 3-D Secure challenge and payouts', () => {
    const cards = data.testCards!;
    expect(cards.some((c) => c.three_ds === 'challenge' && c.path.includes('requires_action'))).toBe(true);
    expect(cards.some((c) => c.flow === 'payout' && c.path.at(-1) === 'success')).toBe(true);
    expect(new Set(cards.filter((c) => c.failure_reason).map((c) => c.failure_reason))).toEqual(new Set(['do_not_honor', 'insufficient_funds', 'card_expired', 'invalid_account']));
  });
});

describe('content/data (consistency with the pages)', () => {
  const conventions = readFileSync(path.join(PROJECT_ROOT, 'content/CONVENTIONS.md'), 'utf8');

  it('has every error code the writers’ conventions name', () => {
    const envelope = conventions.slice(conventions.indexOf('**Error envelope**'), conventions.indexOf('**Test mode**'));
    const named = [...envelope.matchAll(/\b([1-5]\d{3}) [a-z]/g)].map((m) => Number(m[1]));
    expect(named.length).toBeGreaterThan(10);
    const codes = new Set(data.apiErrorCodes!.map((e) => e.code));
    for (const code of named) expect(codes, `error ${code} of CONVENTIONS.md`).toContain(code);
  });

  it('has every status the conventions name and the transitions they describe', () => {
    for (const s of ['created', 'pending', 'requires_action', 'processing', 'success', 'failed', 'cancelled', 'expired', 'refunded', 'partially_refunded', 'chargeback']) {
      expect(conventions).toContain(`\`${s}\``);
      expect(known).toContain(s);
    }
    for (const t of ['created -> pending', 'pending -> requires_action', 'requires_action -> processing', 'processing -> success', 'processing -> failed', 'success -> refunded', 'success -> partially_refunded', 'success -> chargeback']) {
      expect(allowed).toContain(t);
    }
    for (const from of ['created', 'pending', 'requires_action']) for (const to of ['cancelled', 'expired']) expect(allowed).toContain(`${from} -> ${to}`);
  });

  it('links only to service pages that exist', () => {
    const routes = [...data.markets!.flatMap((m) => m.services), ...data.bankCodes!.schemes.flatMap((s) => s.services)];
    const missing = routes.filter((r) => !existsSync(path.join(PROJECT_ROOT, 'content/docs/services', `${r}.md`)));
    expect(missing).toEqual([]);
  });

  it('names every failure reason that the service pages use', () => {
    const used = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const abs = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(abs);
        else if (entry.name.endsWith('.md')) {
          const text = readFileSync(abs, 'utf8');
          for (const m of text.matchAll(/(?:failure_reason`? `|reason `)([a-z]+(?:_[a-z]+)+)`/g)) used.add(m[1]!);
          for (const m of text.matchAll(/`failure_reason`: ((?:`[a-z_]+`(?:, | or )?)+)/g)) for (const c of m[1]!.matchAll(/`([a-z_]+)`/g)) used.add(c[1]!);
        }
      }
    };
    walk(path.join(PROJECT_ROOT, 'content/docs/services'));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((c) => !reasons.has(c))).toEqual([]);
  });
});
