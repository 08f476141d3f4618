import { existsSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import {
  ApiErrorCodesSchema,
  BankCodesSchema,
  CryptoCodesSchema,
  FailureReasonsSchema,
  LanguagesSchema,
  MarketsSchema,
  TestCardsSchema,
  TransactionStatusesSchema,
  type ApiErrorCode,
  type BankCodes,
  type CryptoCode,
  type FailureReason,
  type Language,
  type Market,
  type TestCard,
  type TransactionStatuses,
} from '../../../config/schemas/data.ts';
import type { DiagnosticList } from '../../diagnostics.ts';
import { DATA_DIR } from './content-dirs.ts';
import { loadYamlFile } from './load-yaml.ts';
import type { DataTable } from './data-table.ts';
import { buildReferenceTables, isoCodes } from './reference-tables.ts';

export { DATA_DIR };

/** The gateway's own reference data, validated, plus every table a page can render. */
export interface ReferenceData {
  apiErrorCodes?: ApiErrorCode[];
  failureReasons?: FailureReason[];
  statuses?: TransactionStatuses;
  testCards?: TestCard[];
  bankCodes?: BankCodes;
  cryptoCodes?: CryptoCode[];
  markets?: Market[];
  languages?: Language[];
  /** Source name (`country_codes`) -> table, for `::data-table{src="…"}`. */
  tables: Map<string, DataTable>;
  /**
   * Files that exist but could not be used (`content/data/test_cards.yaml`): their errors are
   * reported here, so the pages that render them add none of their own.
   */
  failed: string[];
}

/** One parsed YAML file, kept to turn a key path into its line. */
interface YamlFile<T> {
  file: string;
  value: T;
  lineOf(keyPath: ReadonlyArray<string | number>): number | undefined;
}

/** Reads and validates `content/data/<name>.yaml`; problems go to `diagnostics` with file, line and key. */
function readYaml<S extends z.ZodType>(root: string, name: string, schema: S, diagnostics: DiagnosticList, hint: string): YamlFile<z.output<S>> | undefined {
  const file = `${DATA_DIR}/${name}.yaml`;
  const abs = path.join(root, file);
  if (!existsSync(abs)) return undefined;
  const loaded = loadYamlFile(abs, { file, rule: 'data', schema, diagnostics, hint });
  return loaded && { file, value: loaded.value, lineOf: loaded.lineOf };
}

/**
 * Loads `content/data/*.yaml` once per build: validates each file with its zod schema, checks the
 * files against each other and against the ISO lists (a test card's outcome must be a status and
 * an allowed path, a market's currency must be in ISO 4217...), then builds the tables pages render.
 * Every file is optional; a page that asks for a missing source gets an error of its own.
 */
export function loadData(options: { root: string; diagnostics: DiagnosticList }): ReferenceData {
  const { root, diagnostics } = options;
  const failed: string[] = [];
  const read = <S extends z.ZodType>(name: string, schema: S, hint: string) => {
    const loaded = readYaml(root, name, schema, diagnostics, hint);
    if (!loaded && existsSync(path.join(root, DATA_DIR, `${name}.yaml`))) failed.push(`${DATA_DIR}/${name}.yaml`);
    return loaded;
  };
  const errors = read('api_error_codes', ApiErrorCodesSchema, 'each entry: `code` (1000-5999), `http`, `message: {en, ru}`, `description: {en, ru}`, optional `anchor`');
  const reasons = read('failure_reason_codes', FailureReasonsSchema, 'each entry: `code` in snake_case, `meaning`, `applies_to`, `retry`, each `{en, ru}`');
  const statuses = read('transaction_statuses', TransactionStatusesSchema, 'keys: `initial`, `statuses` (status, final, meaning) and `transitions` (from, to, when)');
  const cards = read('test_cards', TestCardsSchema, 'each entry: `number` in quotes, `brand`, `flow`, `three_ds`, `path` of statuses, `failure_reason` when the path ends in `failed`');
  const banks = read('bank_codes', BankCodesSchema, 'keys: `schemes` (country, pattern, system, services) and `banks` (country, code in quotes, name)');
  const crypto = read('crypto_codes', CryptoCodesSchema, 'each entry: `asset`, `network`, `blockchain`, `standard`, `decimals`, `confirmations`');
  const markets = read('markets', MarketsSchema, 'each entry: `country` (alpha-2), `currencies` (ISO 4217), `services` (routes below /services/)');
  const languages = read('languages', LanguagesSchema, 'each entry: `code` (ISO 639-1) and `markets: {en, ru}`');

  const iso = isoCodes();
  const problem = (f: YamlFile<unknown>, keyPath: Array<string | number>, message: string, hint?: string) => diagnostics.add({ file: f.file, line: f.lineOf(keyPath), rule: 'data', message: `${formatKey(keyPath)}: ${message}`, hint });

  if (statuses) {
    const { value } = statuses;
    const known = new Set(value.statuses.map((s) => s.status));
    const reached = new Set([value.initial]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const t of value.transitions) if (reached.has(t.from) && !reached.has(t.to)) (reached.add(t.to), (grew = true));
    }
    value.statuses.forEach((s, i) => {
      if (!reached.has(s.status)) problem(statuses, ['statuses', i, 'status'], `\`${s.status}\` cannot be reached from \`${value.initial}\`; add a transition to it`);
    });
    if (reasons) {
      reasons.value.forEach((r, i) => {
        if (!known.has(r.status)) problem(reasons, [i, 'status'], `unknown status \`${r.status}\`; expected one of ${[...known].map((s) => `\`${s}\``).join(', ')}`);
      });
    }
  }
  if (cards) {
    const transitions = new Set(statuses?.value.transitions.map((t) => `${t.from} -> ${t.to}`));
    const reasonCodes = new Set(reasons?.value.map((r) => r.code));
    cards.value.forEach((c, i) => {
      if (statuses) {
        if (c.path[0] !== statuses.value.initial) problem(cards, [i, 'path', 0], `expected the path to start at \`${statuses.value.initial}\`, received \`${c.path[0]}\``);
        for (let k = 1; k < c.path.length; k++) {
          if (!transitions.has(`${c.path[k - 1]} -> ${c.path[k]}`)) {
            problem(cards, [i, 'path', k], `\`${c.path[k - 1]}\` -> \`${c.path[k]}\` is not an allowed transition`, `allowed transitions are listed in ${statuses.file}`);
          }
        }
      }
      if (c.failure_reason && reasons && !reasonCodes.has(c.failure_reason)) {
        problem(cards, [i, 'failure_reason'], `unknown failure reason \`${c.failure_reason}\``, `add it to ${reasons.file} or use one of its codes`);
      }
    });
  }
  if (markets) {
    markets.value.forEach((m, i) => {
      if (!iso.countries.has(m.country)) problem(markets, [i, 'country'], `\`${m.country}\` is not an ISO 3166-1 alpha-2 code`);
      m.currencies.forEach((c, k) => {
        if (!iso.currencies.has(c)) problem(markets, [i, 'currencies', k], `\`${c}\` is not an ISO 4217 currency code`);
      });
    });
  }
  if (banks) {
    banks.value.schemes.forEach((s, i) => {
      if (!iso.countries.has(s.country)) problem(banks, ['schemes', i, 'country'], `\`${s.country}\` is not an ISO 3166-1 alpha-2 code`);
    });
  }
  if (languages) {
    languages.value.forEach((l, i) => {
      if (!iso.languages.has(l.code)) problem(languages, [i, 'code'], `\`${l.code}\` is not an ISO 639-1 language code`);
    });
  }

  const data: Omit<ReferenceData, 'tables' | 'failed'> = {
    apiErrorCodes: errors?.value,
    failureReasons: reasons?.value,
    statuses: statuses?.value,
    testCards: cards?.value,
    bankCodes: banks?.value,
    cryptoCodes: crypto?.value,
    markets: markets?.value,
    languages: languages?.value,
  };
  return { ...data, tables: buildReferenceTables(data), failed };
}

function formatKey(keyPath: Array<string | number>): string {
  return keyPath.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
}
