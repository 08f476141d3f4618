import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
// The package's browser entry: its Node entry registers every one of its 80-odd locales (30 ms of
// loading, and 0.95 MB of a bundle); only the site's two are needed.
import countries from 'i18n-iso-countries/index.js';
import { iso31661, iso31662 } from 'iso-3166';
import ISO6391 from 'iso-639-1';
import type { DataTable } from './data-table.ts';
import type { ApiErrorCode, BankCodes, CryptoCode, FailureReason, Language, Localized, Market, TestCard, TransactionStatuses } from '../../../config/schemas/data.ts';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
countries.registerLocale(require('i18n-iso-countries/langs/ru.json'));

const L = (en: string, ru: string): Localized => ({ en, ru });
const same = (text: string): Localized => ({ en: text, ru: text });

// ---------------------------------------------------------------------------------------------
// Public code lists, from data packages (never typed by hand).

interface IsoCountry {
  alpha2: string;
  alpha3: string;
  numeric: string;
  name: Localized;
}

interface IsoCurrency {
  code: string;
  numeric: string;
  /** ISO 4217 minor unit: digits after the decimal point. */
  exponent: number;
  name: Localized;
}

export interface IsoLists {
  countries: Map<string, IsoCountry>;
  currencies: Map<string, IsoCurrency>;
  languages: Set<string>;
  /** Date of the ISO 4217 list shipped with currency-codes. */
  currencyListDate: string;
}

let isoCache: IsoLists | undefined;

/**
 * ISO 3166-1 from `iso-3166` (codes) with names from `i18n-iso-countries` (en, ru); ISO 4217 from
 * the official list-one XML that `currency-codes` ships, without funds and units that have no
 * minor unit (gold, SDR, test codes); ISO 639-1 from `iso-639-1`. Russian currency and language
 * names from the runtime's CLDR (`Intl.DisplayNames`), which spells them as Russian writers do.
 */
export function isoCodes(): IsoLists {
  if (isoCache) return isoCache;
  const list = new Map<string, IsoCountry>();
  for (const c of iso31661) {
    if (c.state !== 'assigned') continue;
    list.set(c.alpha2, {
      alpha2: c.alpha2,
      alpha3: c.alpha3,
      numeric: c.numeric,
      name: { en: countries.getName(c.alpha2, 'en') ?? c.name, ru: countries.getName(c.alpha2, 'ru') ?? c.name },
    });
  }
  const xml = readFileSync(require.resolve('currency-codes/iso-4217-list-one.xml'), 'utf8');
  const currencyListDate = /Pblshd="([^"]+)"/.exec(xml)?.[1] ?? '';
  const currencyNames = { en: new Intl.DisplayNames(['en'], { type: 'currency' }), ru: new Intl.DisplayNames(['ru'], { type: 'currency' }) };
  const currencies = new Map<string, IsoCurrency>();
  for (const entry of xml.split('<CcyNtry>').slice(1)) {
    const tag = (t: string) => new RegExp(`<${t}[^>]*>([^<]*)</${t}>`).exec(entry)?.[1]?.trim();
    const code = tag('Ccy');
    const units = tag('CcyMnrUnts');
    if (!code || currencies.has(code) || /IsFund="true"/.test(entry) || !units || !/^\d+$/.test(units)) continue;
    const isoName = tag('CcyNm') ?? code;
    const named = (dn: Intl.DisplayNames) => {
      const n = dn.of(code);
      return n && n !== code ? n : isoName;
    };
    currencies.set(code, { code, numeric: tag('CcyNbr') ?? '', exponent: Number(units), name: { en: named(currencyNames.en), ru: named(currencyNames.ru) } });
  }
  isoCache = { countries: list, currencies, languages: new Set(ISO6391.getAllCodes()), currencyListDate };
  return isoCache;
}

// ---------------------------------------------------------------------------------------------
// Tables.

const YES_NO = { yes: L('yes', 'да'), no: L('no', 'нет') };
const serviceId = (route: string) => route.replace(/\//g, '_');
const serviceLink = (route: string) => `[${serviceId(route)}](/services/${route})`;
const map = (f: (locale: 'en' | 'ru') => string): Localized => ({ en: f('en'), ru: f('ru') });

function errorCodes(list: ApiErrorCode[]): DataTable {
  return {
    name: 'api_error_codes',
    caption: L('API error codes', 'Коды ошибок API'),
    searchable: true,
    columns: [
      { key: 'code', header: L('code', 'код'), format: 'code', nowrap: true },
      { key: 'http', header: same('HTTP'), nowrap: true },
      { key: 'message', header: L('meaning', 'что означает') },
      { key: 'description', header: L('what to do', 'что делать') },
    ],
    rows: list.map((e) => ({ id: e.anchor, cells: { code: String(e.code), http: String(e.http), message: e.message, description: e.description } })),
  };
}

function failureReasons(list: FailureReason[]): DataTable {
  return {
    name: 'failure_reason_codes',
    caption: L('Failure reason codes', 'Коды причин отказа'),
    searchable: true,
    columns: [
      { key: 'code', header: L('code', 'код'), format: 'code' },
      { key: 'meaning', header: L('meaning', 'что означает') },
      { key: 'applies', header: L('applies to', 'к чему относится') },
      { key: 'retry', header: L('retry?', 'повторять?') },
    ],
    rows: list.map((r) => ({ id: r.code, cells: { code: r.code, meaning: r.meaning, applies: r.applies_to, retry: r.retry } })),
  };
}

const FINAL: Record<TransactionStatuses['statuses'][number]['final'], Localized> = {
  no: YES_NO.no,
  yes: YES_NO.yes,
  until_reversed: L('yes, until a refund or chargeback', 'да, пока нет возврата или чарджбэка'),
};

function statusTable(data: TransactionStatuses): DataTable {
  return {
    name: 'transaction_statuses',
    caption: L('Transaction statuses', 'Статусы транзакций'),
    searchable: true,
    columns: [
      { key: 'status', header: L('status', 'статус'), format: 'code' },
      { key: 'meaning', header: L('meaning', 'что означает') },
      { key: 'final', header: L('final', 'финальный') },
      { key: 'next', header: L('can become', 'может перейти в') },
    ],
    rows: data.statuses.map((s) => {
      const next = data.transitions.filter((t) => t.from === s.status).map((t) => `[\`${t.to}\`](#${t.to})`);
      return { id: s.status, cells: { status: s.status, meaning: s.meaning, final: FINAL[s.final], next: next.length ? next.join(', ') : '—' } };
    }),
  };
}

function transitionTable(data: TransactionStatuses): DataTable {
  return {
    name: 'status_transitions',
    caption: L('Allowed status transitions', 'Допустимые переходы статусов'),
    searchable: false,
    columns: [
      { key: 'from', header: L('from', 'из'), format: 'code' },
      { key: 'to', header: L('to', 'в'), format: 'code' },
      { key: 'when', header: L('when', 'когда') },
    ],
    rows: data.transitions.map((t) => ({ id: `${t.from}-to-${t.to}`, cells: { from: t.from, to: t.to, when: t.when } })),
  };
}

const THREE_DS: Record<TestCard['three_ds'], Localized> = {
  frictionless: L('frictionless', 'без проверки'),
  challenge: L('challenge', 'с проверкой'),
  none: L('none: a payout', 'нет: это выплата'),
};

function testCards(list: TestCard[]): DataTable {
  // Statuses every card goes through (`created`, `pending`) are said once in the prose, not in every row.
  let common = 0;
  while (list.every((c) => c.path.length > common + 1 && c.path[common] === list[0]!.path[common])) common++;
  return {
    name: 'test_cards',
    caption: L('Sandbox test cards', 'Тестовые карты песочницы'),
    searchable: true,
    columns: [
      { key: 'number', header: L('number', 'номер'), format: 'code', nowrap: true },
      { key: 'brand', header: L('brand', 'платёжная система'), format: 'text' },
      { key: 'three_ds', header: same('3-D Secure') },
      { key: 'outcome', header: L('outcome', 'результат') },
    ],
    rows: list.map((c) => {
      const path = c.path
        .slice(common)
        .map((s) => `[\`${s}\`](/reference/transaction_statuses#${s})`)
        .join(' → ');
      // The note goes on a line of its own under the statuses (a Markdown hard break).
      const outcome = map((l) => {
        const reason = c.failure_reason ? `, ${l === 'ru' ? 'причина' : 'reason'} [\`${c.failure_reason}\`](/reference/failure_reason_codes#${c.failure_reason})` : '';
        return `${path}${reason}${c.note ? `\\\n${c.note[l]}` : ''}`;
      });
      return {
        id: c.flow === 'payin' ? c.number : `${c.flow}-${c.number}`,
        cells: { number: c.number.replace(/(\d{4})(?=\d)/g, '$1 '), brand: c.brand, three_ds: THREE_DS[c.three_ds], outcome },
      };
    }),
  };
}

function bankFormats(data: BankCodes): DataTable {
  const iso = isoCodes();
  return {
    name: 'bank_code_formats',
    caption: L('Bank code systems by country', 'Системы кодов банков по странам'),
    searchable: true,
    columns: [
      { key: 'country', header: L('country', 'страна'), format: 'text' },
      { key: 'system', header: L('code', 'код') },
      { key: 'services', header: L('services', 'сервисы'), breakAnywhere: true },
    ],
    rows: data.schemes.map((s) => ({
      id: `scheme-${s.country}`,
      cells: { country: map((l) => `${iso.countries.get(s.country)?.name[l] ?? s.country} (${s.country})`), system: s.system, services: s.services.map(serviceLink).join(', ') },
    })),
  };
}

function bankCodes(data: BankCodes): DataTable {
  const iso = isoCodes();
  return {
    name: 'bank_codes',
    caption: L('Bank codes', 'Коды банков'),
    searchable: true,
    columns: [
      { key: 'code', header: same('bank_code'), format: 'code', nowrap: true },
      { key: 'bank', header: L('bank', 'банк'), format: 'text' },
      { key: 'country', header: L('country', 'страна'), format: 'text' },
      { key: 'note', header: L('other identifiers', 'другие идентификаторы') },
    ],
    rows: data.banks.map((b) => ({
      id: `${b.country}-${b.code}`,
      cells: { code: b.code, bank: b.name, country: map((l) => `${iso.countries.get(b.country)?.name[l] ?? b.country} (${b.country})`), note: b.note ?? '' },
    })),
  };
}

function cryptoCodes(list: CryptoCode[]): DataTable {
  return {
    name: 'crypto_codes',
    caption: L('Crypto assets and networks', 'Криптоактивы и сети'),
    searchable: true,
    columns: [
      { key: 'asset', header: same('crypto.asset'), format: 'code' },
      { key: 'network', header: same('crypto.network'), format: 'code' },
      { key: 'blockchain', header: L('blockchain', 'блокчейн'), format: 'text' },
      { key: 'standard', header: L('token standard', 'стандарт токена'), format: 'text' },
      { key: 'decimals', header: L('decimals', 'знаков после точки'), nowrap: true },
      { key: 'confirmations', header: L('confirmations', 'подтверждений'), nowrap: true },
    ],
    rows: list.map((c) => ({
      id: `${c.asset}-${c.network}`,
      cells: {
        asset: c.asset,
        network: c.network,
        blockchain: c.blockchain,
        standard: c.standard === 'native' ? L('native coin', 'собственная монета сети') : c.standard,
        decimals: String(c.decimals),
        confirmations: String(c.confirmations),
      },
    })),
  };
}

function countryTable(markets: Market[] | undefined): DataTable {
  const iso = isoCodes();
  const byCountry = new Map((markets ?? []).map((m) => [m.country, m]));
  return {
    name: 'country_codes',
    standard: 'ISO 3166-1 (iso-3166, i18n-iso-countries)',
    caption: L('ISO 3166-1 country codes', 'Коды стран ISO 3166-1'),
    searchable: true,
    columns: [
      { key: 'alpha2', header: L('code', 'код'), format: 'code', nowrap: true },
      { key: 'name', header: L('country', 'страна'), format: 'text' },
      { key: 'alpha3', header: same('alpha\u20113'), format: 'code', nowrap: true }, // non-breaking hyphen: the header stays on one line
      { key: 'numeric', header: L('numeric', 'числовой'), nowrap: true },
      { key: 'currencies', header: L('currency', 'валюта'), nowrap: true },
      { key: 'services', header: L('local services', 'местные сервисы'), breakAnywhere: true },
    ],
    rows: [...iso.countries.values()]
      .sort((a, b) => a.alpha2.localeCompare(b.alpha2))
      .map((c) => {
        const m = byCountry.get(c.alpha2);
        return {
          id: c.alpha2,
          cells: {
            alpha2: c.alpha2,
            name: c.name,
            alpha3: c.alpha3,
            numeric: c.numeric,
            currencies: m ? m.currencies.map((x) => `[\`${x}\`](/reference/currency_codes#${x})`).join(', ') : '',
            services: m ? m.services.map(serviceLink).join(', ') : '',
          },
        };
      }),
  };
}

function currencyTable(): DataTable {
  const iso = isoCodes();
  const formatted = (c: IsoCurrency, locale: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: c.code, minimumFractionDigits: c.exponent, maximumFractionDigits: c.exponent }).format(10000 / 10 ** c.exponent);
  return {
    name: 'currency_codes',
    standard: `ISO 4217 (currency-codes, ${iso.currencyListDate})`,
    caption: L('ISO 4217 currency codes', 'Коды валют ISO 4217'),
    searchable: true,
    columns: [
      { key: 'code', header: L('code', 'код'), format: 'code', nowrap: true },
      { key: 'name', header: L('currency', 'валюта'), format: 'text' },
      { key: 'numeric', header: L('numeric', 'числовой'), nowrap: true },
      { key: 'exponent', header: L('exponent', 'экспонента'), nowrap: true },
      { key: 'example', header: L('`amount: 10000` means', '`amount: 10000` — это'), format: 'text', nowrap: true },
    ],
    rows: [...iso.currencies.values()]
      .sort((a, b) => a.code.localeCompare(b.code))
      .map((c) => ({ id: c.code, cells: { code: c.code, name: c.name, numeric: c.numeric, exponent: String(c.exponent), example: map((l) => formatted(c, l)) } })),
  };
}

function languageTable(list: Language[]): DataTable {
  const ru = new Intl.DisplayNames(['ru'], { type: 'language' });
  return {
    name: 'language_codes',
    standard: 'ISO 639-1 (iso-639-1)',
    caption: L('Languages of payment pages', 'Языки платёжных страниц'),
    searchable: true,
    columns: [
      { key: 'code', header: L('code', 'код'), format: 'code', nowrap: true },
      { key: 'name', header: L('language', 'язык'), format: 'text' },
      { key: 'native', header: L('native name', 'самоназвание'), format: 'text' },
      { key: 'markets', header: L('typical markets', 'типичные рынки'), format: 'text' },
    ],
    rows: list.map((l) => ({
      id: l.code,
      cells: { code: l.code, name: { en: ISO6391.getName(l.code), ru: ru.of(l.code) ?? ISO6391.getName(l.code) }, native: ISO6391.getNativeName(l.code), markets: l.markets },
    })),
  };
}

function stateTable(markets: Market[]): DataTable {
  const iso = isoCodes();
  const served = new Set(markets.map((m) => m.country));
  return {
    name: 'state_codes',
    standard: 'ISO 3166-2 (iso-3166)',
    caption: L('ISO 3166-2 subdivision codes of the countries Corvopay serves', 'Коды регионов ISO 3166-2 в странах, где работает Corvopay'),
    // About a thousand rows of place names: findable on the page with its filter, kept out of search.
    searchable: false,
    columns: [
      { key: 'code', header: L('code', 'код'), format: 'code', nowrap: true },
      { key: 'name', header: L('subdivision (ISO name)', 'регион (название по ISO)'), format: 'text' },
      { key: 'country', header: L('country', 'страна'), format: 'text' },
    ],
    rows: iso31662
      .filter((s) => served.has(s.parent))
      .sort((a, b) => a.code.localeCompare(b.code))
      .map((s) => ({ id: s.code, cells: { code: s.code, name: s.name, country: map((l) => iso.countries.get(s.parent)?.name[l] ?? s.parent) } })),
  };
}

/** Every table a page can render, by source name. A table appears only when its data loaded. */
export function buildReferenceTables(data: {
  apiErrorCodes?: ApiErrorCode[];
  failureReasons?: FailureReason[];
  statuses?: TransactionStatuses;
  testCards?: TestCard[];
  bankCodes?: BankCodes;
  cryptoCodes?: CryptoCode[];
  markets?: Market[];
  languages?: Language[];
}): Map<string, DataTable> {
  const tables: DataTable[] = [countryTable(data.markets), currencyTable()];
  if (data.apiErrorCodes) tables.push(errorCodes(data.apiErrorCodes));
  if (data.failureReasons) tables.push(failureReasons(data.failureReasons));
  if (data.statuses) tables.push(statusTable(data.statuses), transitionTable(data.statuses));
  if (data.testCards) tables.push(testCards(data.testCards));
  if (data.bankCodes) tables.push(bankFormats(data.bankCodes), bankCodes(data.bankCodes));
  if (data.cryptoCodes) tables.push(cryptoCodes(data.cryptoCodes));
  if (data.languages) tables.push(languageTable(data.languages));
  if (data.markets) tables.push(stateTable(data.markets));
  return new Map(tables.map((t) => [t.name, t]));
}
