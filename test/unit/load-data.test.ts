import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR, loadData } from '../../cli/pipeline/load/load-data.ts';
import { DiagnosticList, formatDiagnostic } from '../../cli/diagnostics.ts';
import { fixture } from '../helpers/fixture.ts';

/** The reference data of the api-data fixture: a few rows of every kind. */
const FIXTURE = fixture('api-data');

/** A project with only `content/data/<name>.yaml` files: `files`, and the fixture's files named in `keep`. */
function project(files: Record<string, string>, keep: string[] = []): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'paydocs-data-'));
  mkdirSync(path.join(root, DATA_DIR), { recursive: true });
  for (const name of keep) writeFileSync(path.join(root, DATA_DIR, `${name}.yaml`), readFileSync(path.join(FIXTURE, DATA_DIR, `${name}.yaml`)));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, DATA_DIR, `${name}.yaml`), text);
  return root;
}

function load(root: string) {
  const diagnostics = new DiagnosticList();
  const data = loadData({ root, diagnostics });
  return { data, messages: diagnostics.items.map(formatDiagnostic) };
}

describe('cli/pipeline/load/load-data', () => {
  it('loads a file of every kind without a problem and builds every table', () => {
    const { data, messages } = load(FIXTURE);
    expect(messages).toEqual([]);
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

  it('takes public codes from the ISO lists, with Russian names, and the services of the markets served', () => {
    const { data } = load(FIXTURE);
    const countries = data.tables.get('country_codes')!;
    expect(countries.rows).toHaveLength(249);
    const br = countries.rows.find((r) => r.id === 'BR')!;
    expect(br.cells).toMatchObject({ alpha3: 'BRA', numeric: '076', name: { en: 'Brazil', ru: 'Бразилия' } });
    expect(br.cells.services).toContain('[brazil_pix_payout](/services/brazil/pix/payout)');
    const currencies = data.tables.get('currency_codes')!;
    const byCode = new Map(currencies.rows.map((r) => [r.id, r.cells]));
    expect(byCode.get('XAF')).toMatchObject({ exponent: '0', numeric: '950' });
    expect(byCode.get('KWD')).toMatchObject({ exponent: '3' });
    expect(byCode.get('BRL')!.name).toMatchObject({ ru: 'бразильский реал' });
    // Funds, metals and test codes are not currencies a payment can use.
    for (const code of ['BOV', 'CLF', 'XAU', 'XDR', 'XTS', 'XXX']) expect(byCode.has(code)).toBe(false);
    const states = data.tables.get('state_codes')!;
    expect(states.rows.find((r) => r.id === 'MX-CMX')?.cells.name).toBe('Ciudad de México');
    // Only the countries of markets.yaml: no subdivisions of Japan.
    expect(states.rows.some((r) => r.id.startsWith('JP-'))).toBe(false);
    expect(data.tables.get('language_codes')!.rows.find((r) => r.id === 'sw')?.cells.name).toEqual({ en: 'Swahili', ru: 'суахили' });
  });

  it('reports a value of the wrong type with file, line and key', () => {
    const root = project({ api_error_codes: '- code: "1001"\n  http: 401\n  message: { en: a, ru: б }\n  description: { en: a, ru: б }\n' });
    expect(load(root).messages).toMatchInlineSnapshot(`
      [
        "content/data/api_error_codes.yaml:1: [0].code: expected number, received string
        hint: each entry: \`code\` (1000-5999), \`http\`, \`message: {en, ru}\`, \`description: {en, ru}\`, optional \`anchor\`",
      ]
    `);
  });

  it('requires every text in both locales', () => {
    const root = project({ failure_reason_codes: '- code: timeout\n  meaning: { en: too late }\n  applies_to: { en: all, ru: все }\n  retry: { en: yes, ru: да }\n' });
    expect(load(root).messages).toMatchInlineSnapshot(`
      [
        "content/data/failure_reason_codes.yaml:2: [0].meaning: \`ru\` is required
        hint: each entry: \`code\` in snake_case, \`meaning\`, \`applies_to\`, \`retry\`, each \`{en, ru}\`",
      ]
    `);
  });

  it('rejects a duplicate error code at the line of the second one', () => {
    const entry = '- code: 2001\n  http: 400\n  message: { en: a, ru: б }\n  description: { en: a, ru: б }\n';
    expect(load(project({ api_error_codes: entry + entry })).messages[0]).toMatchInlineSnapshot(`
      "content/data/api_error_codes.yaml:5: [1].code: expected a unique code, received \`2001\` again (entry 1 has it)
        hint: each entry: \`code\` (1000-5999), \`http\`, \`message: {en, ru}\`, \`description: {en, ru}\`, optional \`anchor\`"
    `);
  });

  it('rejects a test card number that fails the Luhn check', () => {
    const root = project({ test_cards: '- number: "4242424242424241"\n  brand: Visa\n  flow: payin\n  three_ds: frictionless\n  path: [created, pending, processing, success]\n' }, ['transaction_statuses', 'failure_reason_codes']);
    expect(load(root).messages).toMatchInlineSnapshot(`
      [
        "content/data/test_cards.yaml:1: [0].number: expected a number that passes the Luhn check, received \`4242424242424241\`
        hint: each entry: \`number\` in quotes, \`brand\`, \`flow\`, \`three_ds\`, \`path\` of statuses, \`failure_reason\` when the path ends in \`failed\`",
      ]
    `);
  });

  it('checks a test card against the statuses and failure reasons', () => {
    const root = project(
      {
        test_cards:
          '- number: "4242424242424242"\n  brand: Visa\n  flow: payin\n  three_ds: frictionless\n  path: [created, success]\n' +
          '- number: "4000000000000002"\n  brand: Visa\n  flow: payin\n  three_ds: frictionless\n  path: [created, pending, failed]\n  failure_reason: card_stolen\n',
      },
      ['transaction_statuses', 'failure_reason_codes'],
    );
    expect(load(root).messages).toMatchInlineSnapshot(`
      [
        "content/data/test_cards.yaml:5: [0].path[1]: \`created\` -> \`success\` is not an allowed transition
        hint: allowed transitions are listed in content/data/transaction_statuses.yaml",
        "content/data/test_cards.yaml:11: [1].failure_reason: unknown failure reason \`card_stolen\`
        hint: add it to content/data/failure_reason_codes.yaml or use one of its codes",
      ]
    `);
  });

  it('rejects transitions between unknown statuses and unreachable statuses', () => {
    const root = project({
      transaction_statuses: [
        'initial: created',
        'statuses:',
        '  - { status: created, final: no, meaning: { en: a, ru: б } }',
        '  - { status: success, final: yes, meaning: { en: a, ru: б } }',
        '  - { status: lost, final: yes, meaning: { en: a, ru: б } }',
        'transitions:',
        '  - { from: created, to: succes, when: { en: a, ru: б } }',
        '',
      ].join('\n'),
    });
    expect(load(root).messages).toMatchInlineSnapshot(`
      [
        "content/data/transaction_statuses.yaml:7: transitions[0].to: unknown status \`succes\`; expected one of \`created\`, \`success\`, \`lost\`
        hint: keys: \`initial\`, \`statuses\` (status, final, meaning) and \`transitions\` (from, to, when)",
      ]
    `);
    const fixed = project({
      transaction_statuses: [
        'initial: created',
        'statuses:',
        '  - { status: created, final: no, meaning: { en: a, ru: б } }',
        '  - { status: success, final: yes, meaning: { en: a, ru: б } }',
        '  - { status: lost, final: yes, meaning: { en: a, ru: б } }',
        'transitions:',
        '  - { from: created, to: success, when: { en: a, ru: б } }',
        '',
      ].join('\n'),
    });
    expect(load(fixed).messages).toMatchInlineSnapshot(`
      [
        "content/data/transaction_statuses.yaml:5: statuses[2].status: \`lost\` cannot be reached from \`created\`; add a transition to it",
      ]
    `);
  });

  it('checks bank codes against the country pattern and markets against ISO 4217', () => {
    const root = project({
      bank_codes: 'schemes:\n  - country: NG\n    pattern: "^\\\\d{3}$"\n    system: { en: a, ru: б }\n    services: [nigeria/bank_transfer/payout]\nbanks:\n  - { country: NG, code: "58", name: GTBank }\n',
      markets: '- country: BR\n  currencies: [BRL, BRX]\n  services: [brazil/pix/payout]\n',
    });
    expect(load(root).messages).toMatchInlineSnapshot(`
      [
        "content/data/bank_codes.yaml:7: banks[0].code: expected a code matching \`^\\d{3}$\` for NG, received \`58\`
        hint: keys: \`schemes\` (country, pattern, system, services) and \`banks\` (country, code in quotes, name)",
        "content/data/markets.yaml:2: [0].currencies[1]: \`BRX\` is not an ISO 4217 currency code",
      ]
    `);
  });

  it('reports broken YAML with its line and column', () => {
    expect(load(project({ crypto_codes: '- { asset: USDT, network: TRC20\n- oops' })).messages[0]).toMatch(/^content\/data\/crypto_codes\.yaml:\d+:\d+: invalid YAML: /);
  });

  it('names the files that exist but failed, so the pages rendering them stay silent; a missing file is not one', () => {
    const { data } = load(project({ crypto_codes: '- { asset: USDT, network: TRC20\n- oops', test_cards: '- number: 1' }, ['markets']));
    expect(data.failed.sort()).toEqual(['content/data/crypto_codes.yaml', 'content/data/test_cards.yaml']);
    expect(load(project({}, ['markets'])).data.failed).toEqual([]);
  });

  it('treats every file as optional', () => {
    const { data, messages } = load(project({}));
    expect(messages).toEqual([]);
    // The ISO tables need no file; the gateway's own tables appear only with theirs.
    expect([...data.tables.keys()].sort()).toEqual(['country_codes', 'currency_codes']);
  });
});
