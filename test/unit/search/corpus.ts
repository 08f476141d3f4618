/**
 * A small two-locale corpus for the search engine tests, written to a temporary project and run
 * through the same stages `paydocs build` runs (load content, compile Markdown, build routes,
 * build the search index), then through JSON as the worker gets it. Each page is there for one
 * behaviour: see the comments.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildRoutes, type LocaleRoutes } from '../../../cli/pipeline/routes/build-routes.ts';
import { buildSearchIndex, SYNONYMS_FILE } from '../../../cli/pipeline/search/build-search-index.ts';
import { compileMarkdown } from '../../../cli/pipeline/compile/compile-markdown.ts';
import { validateConfig } from '../../../cli/pipeline/load/load-config.ts';
import { loadContent } from '../../../cli/pipeline/load/load-content.ts';
import { loadData } from '../../../cli/pipeline/load/load-data.ts';
import { createProcessor } from '../../../cli/pipeline/compile/markdown/create-processor.ts';
import { createStyleToClass } from '../../../cli/pipeline/compile/markdown/highlighter.ts';
import { DiagnosticList } from '../../../cli/diagnostics.ts';
import type { SearchIndexFile, SearchTextFile } from '../../../shared/search/index-format.ts';
import { fixture, ROOT } from '../../helpers/fixture.ts';

/** The synonyms of the corpus: test/fixtures/search-synonyms.yaml. */
export const SYNONYMS = path.join(ROOT, 'test/fixtures/search-synonyms.yaml');

const page = (fm: Record<string, string | number | string[]>, body: string) =>
  `---\n${Object.entries(fm)
    .map(([k, v]) => `${k}: ${typeof v === 'number' ? v : JSON.stringify(v)}`)
    .join('\n')}\n---\n\n${body.trim()}\n`;

export const COUNTRIES = ['Brazil', 'Chile', 'Colombia', 'Ghana', 'India', 'Kenya', 'Mexico', 'Nigeria', 'Peru', 'Turkey'];

/** `content/`-relative path -> file text. */
export const CORPUS: Record<string, string> = {
  'docs/intro.md': page({ title: 'Introduction', slug: '/', sidebar_position: 1 }, 'Examplepay moves money between merchants and their customers.'),

  'docs/api/_category_.yml': 'label: HTTP API\nposition: 2\n',
  // An identifier in the title's words and whole in the body.
  'docs/api/transaction_create.md': page(
    { title: 'Create a transaction' },
    'Call `transaction_create` to start a payment.\n\n## Request signing {#request-signing}\n\nEvery request carries a signature computed with your secret key.',
  ),
  'docs/api/transaction_find.md': page({ title: 'Find a transaction' }, 'Look a transaction up by the order id the merchant gave it.'),

  'docs/cabinet/_category_.yml': 'label: Merchant cabinet\nposition: 3\n',
  // Title match for `settlement`.
  'docs/cabinet/settlement_reports.md': page({ title: 'Settlement reports' }, 'A file per day lists every credited payment.'),
  // Heading match for `settlement`.
  'docs/cabinet/balances.md': page({ title: 'Balances' }, 'The balance grows with each payment.\n\n## Settlement schedule {#schedule}\n\nFunds are credited on business days.'),

  'docs/guides/_category_.yml': 'label: Guides\nposition: 4\n',
  // Body-only match for `settlement`, mentioned more often than on the two pages above.
  'docs/guides/faq.md': page(
    { title: 'Frequently asked questions' },
    'How long does settlement take? Settlement takes one business day; a late settlement is reported by mail, and every settlement has its own id.',
  ),
  // Says only `callback`.
  'docs/guides/callbacks.md': page({ title: 'Callbacks' }, 'We send a callback to your URL when the status changes.'),
  // Says only `webhook`.
  'docs/guides/webhook_retries.md': page({ title: 'Webhook retries' }, 'A webhook that fails is sent again five times.'),
  // Says only `3-D Secure`.
  'docs/guides/three_d_secure.md': page({ title: '3-D Secure' }, 'The issuer may ask the cardholder to confirm with 3-D Secure.'),
  // Says only `3DS`.
  'docs/guides/card_checks.md': page({ title: 'Card checks' }, 'A card check skips the 3DS step.'),
  // An identifier that is the only place its words appear.
  'docs/guides/report_files.md': page({ title: 'Report files' }, 'Call `report_download` with the id you got.'),

  // Ten pages with the same word: more than the eight suggestions.
  'docs/services/_category_.yml': 'label: Services\nposition: 5\n',
  ...Object.fromEntries(COUNTRIES.map((c) => [`docs/services/${c.toLowerCase()}.md`, page({ title: `Payouts in ${c}` }, `Send payouts to bank accounts in ${c}.`)])),

  'i18n/ru/intro.md': page({ title: 'Введение', slug: '/', sidebar_position: 1 }, 'Examplepay переводит деньги между мерчантами и их клиентами.'),
  'i18n/ru/api/_category_.yml': 'label: HTTP API\n',
  'i18n/ru/api/transaction_create.md': page(
    { title: 'Создание транзакции' },
    'Вызовите `transaction_create`, чтобы начать оплату.\n\n## Подпись запроса {#request-signing}\n\nКаждый запрос подписан секретным ключом.',
  ),
  'i18n/ru/cabinet/_category_.yml': 'label: Личный кабинет\n',
  // Written with ё; found by a query without it.
  'i18n/ru/cabinet/settlement_reports.md': page({ title: 'Отчёты о расчётах' }, 'Расчётный счёт мерчанта указан в каждом файле.'),
  // Written without ё; found by a query with it. Says only `выплата`, found by `payout`.
  'i18n/ru/cabinet/balances.md': page({ title: 'Балансы' }, 'Выплата поступает на счет в рабочие дни.\n\n## График зачисления {#schedule}\n\nДеньги зачисляются по рабочим дням.'),
  // Says only `возврат`, found by `refund`.
  'i18n/ru/guides/callbacks.md': page({ title: 'Уведомления о статусе' }, 'Если покупатель вернул товар, оформите возврат в кабинете.'),
};

export interface Built {
  root: string;
  /** Locale -> index file and text store, parsed from the JSON the build writes. */
  files: Record<string, { index: SearchIndexFile; text: SearchTextFile }>;
  diagnostics: DiagnosticList;
}

const written: string[] = [];

/** Deletes every project `writeCorpus` wrote. */
export function removeCorpora(): void {
  for (const root of written.splice(0)) rmSync(root, { recursive: true, force: true });
}

/**
 * A reference table (the real error codes), for `writeCorpus(undefined, REFERENCE_CORPUS)`: each row
 * is a section, found by its code before the page that mentions the code in passing more often.
 * Apart from `CORPUS`: its Russian copy holds the table in Russian, whose words would join the
 * results of the other Russian queries.
 */
export const REFERENCE_CORPUS: Record<string, string> = {
  'docs/reference/_category_.yml': 'label: Reference\nposition: 6\n',
  'docs/reference/api_error_codes.md': page({ title: 'API error codes' }, 'The codes of refused requests.\n\n## Codes {#codes}\n\n::data-table{src="api_error_codes"}'),
  'docs/guides/retries.md': page({ title: 'Retries' }, 'Retry a 4001 later: 4001 means the service is busy, and a request refused with 4001 changed nothing.'),
  // A row heading (`authentication_failed`) holds `fail`, a shorter stem of `failure`.
  'docs/reference/failure_reason_codes.md': page({ title: 'Failure reasons' }, 'Why a transaction failed.\n\n::data-table{src="failure_reason_codes"}'),
  // The `USD` row: its heading and the page title hold `currency code USD` between them.
  'docs/reference/currency_codes.md': page({ title: 'Currency codes' }, 'Amounts are in minor units.\n\n::data-table{src="currency_codes"}'),
  // All three words in one section, in its title fields too, many times: the row is still the answer.
  'docs/reference/crypto_codes.md': page(
    { title: 'Crypto asset codes', keywords: ['crypto', 'USDT'] },
    'The currency of the order stays a fiat currency code. USDT and USDC are assets, not currencies: USDT on Tron, USDT on Ethereum, USDC on Ethereum. A currency code is never USDT.',
  ),
  // Russian: `создать` stems to `созда`, `Создание` to `создан`.
  'docs/cabinet/_category_.yml': 'label: Merchant cabinet\n',
  'docs/cabinet/payout_create.md': page({ title: 'Create a payout' }, 'Fill in the form and confirm the payout with a code.'),
  'docs/cabinet/payout_history.md': page({ title: 'Payout history' }, 'Every payout is listed here.'),
  'i18n/ru/cabinet/payout_create.md': page({ title: 'Создание выплаты' }, 'Заполните форму и подтвердите выплату кодом.'),
  'i18n/ru/cabinet/payout_history.md': page(
    { title: 'История выплат' },
    'Здесь видна каждая выплата. Чтобы создать выплату, откройте форму; создать выплату повторно можно из истории, и создать выплату заново — из шаблона.',
  ),
};

/** Writes `CORPUS` and `extra` (and the synonyms of `SYNONYMS`, or `synonyms`) to a temp project. */
export function writeCorpus(synonyms?: string, extra: Record<string, string> = {}): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'paydocs-search-corpus-'));
  written.push(root);
  for (const [rel, text] of Object.entries({ ...CORPUS, ...extra })) {
    const abs = path.join(root, 'content', rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  }
  mkdirSync(path.join(root, 'content/data'), { recursive: true });
  if (synonyms === undefined) copyFileSync(SYNONYMS, path.join(root, SYNONYMS_FILE));
  else writeFileSync(path.join(root, SYNONYMS_FILE), synonyms);
  return root;
}

export const CONFIG = validateConfig({
  url: 'https://docs.example.com',
  title: 'Search Engine Corpus',
  brand: 'Examplepay',
  favicon: 'img/favicon.svg',
  i18n: { defaultLocale: 'en', locales: ['en', 'ru'], localeConfigs: { en: { label: 'English' }, ru: { label: 'Русский', htmlLang: 'ru' } } },
  navbar: { items: [{ type: 'localeDropdown' }] },
  theme: { footer: { copyright: '©' } },
  search: { suggestions: 8, excerptLength: 50, contexts: ['api', 'cabinet', 'guides', 'services'] },
});

/** Runs the build's stages from content to routes on `root`: what the search index is built from. */
export async function corpusRoutes(root: string): Promise<{ config: typeof CONFIG; locales: LocaleRoutes[]; diagnostics: DiagnosticList }> {
  const config = CONFIG;
  const diagnostics = new DiagnosticList();
  const content = loadContent({ root, config, mode: 'build', diagnostics });
  // Reference data of every kind, for the data-table pages.
  const reference = loadData({ root: fixture('api-data'), diagnostics: new DiagnosticList() });
  const pages = compileMarkdown(content, { config, processor: await createProcessor({ styleToClass: createStyleToClass() }), diagnostics, data: { reference } });
  return { config, locales: buildRoutes({ config, pages, categories: content.categories, customPages: [] }), diagnostics };
}

/** Runs the build's stages from content to search files on `root`. */
export async function buildCorpus(root: string): Promise<Built> {
  const { config, locales, diagnostics } = await corpusRoutes(root);
  const out = buildSearchIndex({ root, config, locales, diagnostics });
  const files: Built['files'] = {};
  for (const [locale, urls] of Object.entries(out.byLocale)) {
    const read = (url: string) => JSON.parse(out.files.get(url.replace(config.baseUrl, ''))!) as unknown;
    files[locale] = { index: read(urls.index) as SearchIndexFile, text: read(urls.text) as SearchTextFile };
  }
  return { root, files, diagnostics };
}
