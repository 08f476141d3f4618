import { z } from 'zod';

/**
 * Schemas of the gateway's own reference data in `content/data/*.yaml`: the tables that no public
 * standard holds (error codes, statuses, test cards, bank and crypto codes, the markets served).
 * Country, currency, language and subdivision codes are not here: they come from data packages.
 *
 * Text a reader sees is given in every locale of the site (`en` and `ru`) and may hold inline
 * Markdown: `code`, **bold** and links to site routes (`[service/list](/api/service_list)`).
 */

/** Text in both locales. Example: `{ en: invalid signature, ru: неверная подпись }`. */
export const LocalizedSchema = z.strictObject({
  en: z.string().trim().min(1),
  ru: z.string().trim().min(1),
});
export type Localized = z.output<typeof LocalizedSchema>;

/** A transaction status as the API spells it. Example: `requires_action`. */
const StatusName = z.string().regex(/^[a-z]+(_[a-z]+)*$/, 'a status in snake_case, such as `requires_action`');

/** A failure reason code. Example: `insufficient_funds`. */
const ReasonCode = z.string().regex(/^[a-z]+(_[a-z]+)*$/, 'a code in snake_case, such as `insufficient_funds`');

/** A page below `/services/`, without the prefix; its `service_id` is the route with `/` turned into `_`. Example: `brazil/pix/payout`. */
const ServiceRoute = z.string().regex(/^[a-z0-9_]+(\/[a-z0-9_]+)*$/, 'a route below `/services/` such as `brazil/pix/payout`');

/** ISO 3166-1 alpha-2, upper case. Checked against the ISO list when loaded. Example: `BR`. */
const CountryCode = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code in upper case, such as `BR`');

/** ISO 4217 alphabetic code. Checked against the ISO list when loaded. Example: `BRL`. */
const CurrencyCode = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code in upper case, such as `BRL`');

/** An HTML id for a row anchor: letters, digits, `-` and `_`. Example: `auth-1001`. */
const Anchor = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'letters, digits, `-` and `_`, such as `1001`');

function unique<T>(items: T[], key: (item: T) => string, ctx: z.RefinementCtx, field: string, where: (i: number) => PropertyKey[] = (i) => [i, field]): void {
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const k = key(item);
    const first = seen.get(k);
    if (first !== undefined) ctx.addIssue({ code: 'custom', path: where(i), message: `expected a unique ${field}, received \`${k}\` again (entry ${first + 1} has it)` });
    else seen.set(k, i);
  });
}

/**
 * `content/data/api_error_codes.yaml`: every error `code` the API returns in its error envelope.
 * Used by the reference page and by the API pages (their error tables link to `#<anchor>`).
 *
 * ```yaml
 * - code: 1001
 *   http: 401
 *   message: { en: invalid signature, ru: неверная подпись }
 *   description: { en: Check the signed string and the key., ru: Проверьте подписываемую строку и ключ. }
 * ```
 */
export const ApiErrorCodeSchema = z.strictObject({
  /** Four digits; the first gives the range: 1 authentication, 2 validation, 3 state, 4 provider, 5 internal. */
  code: z.number().int().min(1000).max(5999),
  /** HTTP status sent with it. Example: `401`. */
  http: z.number().int().min(400).max(599),
  /** Short meaning, as in the `message` of the envelope. */
  message: LocalizedSchema,
  /** What the integration should do. */
  description: LocalizedSchema,
  /** Row id on `/reference/api_error_codes`. Default: the code, `1001`. */
  anchor: Anchor.optional(),
});
export const ApiErrorCodesSchema = z
  .array(ApiErrorCodeSchema)
  .min(1)
  .superRefine((list, ctx) => {
    unique(list, (e) => String(e.code), ctx, 'code');
    unique(list, (e) => e.anchor ?? String(e.code), ctx, 'anchor', (i) => [i, list[i]!.anchor ? 'anchor' : 'code']);
  })
  .transform((list) => list.map((e) => ({ ...e, anchor: e.anchor ?? String(e.code) })));
export type ApiErrorCode = z.output<typeof ApiErrorCodesSchema>[number];

/**
 * `content/data/failure_reason_codes.yaml`: why a transaction ended `failed` or `expired`.
 *
 * ```yaml
 * - code: insufficient_funds
 *   meaning: { en: not enough money on the card or account, ru: … }
 *   applies_to: { en: pay-ins, ru: платежи }
 *   retry: { en: yes, later, ru: да, позже }
 * ```
 */
export const FailureReasonSchema = z.strictObject({
  code: ReasonCode,
  /** The status the transaction ends in with this reason. Default: `failed`. */
  status: StatusName.default('failed'),
  meaning: LocalizedSchema,
  applies_to: LocalizedSchema,
  retry: LocalizedSchema,
});
export const FailureReasonsSchema = z
  .array(FailureReasonSchema)
  .min(1)
  .superRefine((list, ctx) => unique(list, (r) => r.code, ctx, 'code'));
export type FailureReason = z.output<typeof FailureReasonSchema>;

/**
 * `content/data/transaction_statuses.yaml`: the statuses and the transitions allowed between them.
 * The status page draws its diagram from this file.
 *
 * ```yaml
 * initial: created
 * statuses:
 *   - status: created
 *     final: no
 *     meaning: { en: …, ru: … }
 * transitions:
 *   - from: created
 *     to: pending
 *     when: { en: sent to the provider, ru: передана провайдеру }
 * ```
 */
export const TransactionStatusesSchema = z
  .strictObject({
    /** The status every transaction starts in. */
    initial: StatusName,
    statuses: z
      .array(
        z.strictObject({
          status: StatusName,
          /** `no`; `yes`; or `until_reversed` for a final status that a refund or dispute can still change. */
          final: z.enum(['no', 'yes', 'until_reversed']),
          meaning: LocalizedSchema,
        }),
      )
      .min(2),
    transitions: z
      .array(
        z.strictObject({
          from: StatusName,
          to: StatusName,
          /** What makes it happen. */
          when: LocalizedSchema,
        }),
      )
      .min(1),
  })
  .superRefine((data, ctx) => {
    unique(data.statuses, (s) => s.status, ctx, 'status', (i) => ['statuses', i, 'status']);
    const known = new Set(data.statuses.map((s) => s.status));
    const list = [...known].map((s) => `\`${s}\``).join(', ');
    if (!known.has(data.initial)) ctx.addIssue({ code: 'custom', path: ['initial'], message: `unknown status \`${data.initial}\`; expected one of ${list}` });
    data.transitions.forEach((t, i) => {
      for (const end of ['from', 'to'] as const) {
        if (!known.has(t[end])) ctx.addIssue({ code: 'custom', path: ['transitions', i, end], message: `unknown status \`${t[end]}\`; expected one of ${list}` });
      }
    });
    unique(data.transitions, (t) => `${t.from} -> ${t.to}`, ctx, 'transition', (i) => ['transitions', i]);
    for (const s of data.statuses) {
      if (s.final === 'yes' && data.transitions.some((t) => t.from === s.status)) {
        const i = data.transitions.findIndex((t) => t.from === s.status);
        ctx.addIssue({ code: 'custom', path: ['transitions', i, 'from'], message: `expected no transition from \`${s.status}\`, which is final (\`final: yes\`); use \`final: until_reversed\` if it can change` });
      }
    }
  });
export type TransactionStatuses = z.output<typeof TransactionStatusesSchema>;

/** Luhn (mod 10) check of a card number written as digits. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * `content/data/test_cards.yaml`: sandbox card numbers and the outcome each one triggers.
 * `path` lists the statuses the transaction goes through; every step must be an allowed
 * transition of `transaction_statuses.yaml` (checked when loaded).
 *
 * ```yaml
 * - number: "4000000000000002"
 *   brand: Visa
 *   flow: payin
 *   three_ds: frictionless
 *   path: [created, pending, processing, failed]
 *   failure_reason: do_not_honor
 *   note: { en: …, ru: … }
 * ```
 */
export const TestCardSchema = z.strictObject({
  /** 13 to 19 digits, quoted so leading zeros and length survive; must pass the Luhn check. */
  number: z
    .string()
    .regex(/^\d{13,19}$/, '13 to 19 digits in quotes, without spaces, such as "4242424242424242"')
    .superRefine((n, ctx) => {
      if (/^\d+$/.test(n) && !passesLuhn(n)) ctx.addIssue({ code: 'custom', message: `expected a number that passes the Luhn check, received \`${n}\`` });
    }),
  brand: z.enum(['Visa', 'Mastercard', 'Mir', 'UnionPay', 'American Express']),
  /** `payin`: pay with the card; `payout`: send money to it. */
  flow: z.enum(['payin', 'payout']),
  /** 3-D Secure: `frictionless` (no customer step), `challenge` (the simulated issuer page) or `none` (payouts). */
  three_ds: z.enum(['frictionless', 'challenge', 'none']),
  /** Statuses in order, from the initial one to the outcome. */
  path: z.array(StatusName).min(2),
  /** Required when the path ends in `failed`. */
  failure_reason: ReasonCode.optional(),
  /** What the tester sees, in a sentence. */
  note: LocalizedSchema.optional(),
});
export const TestCardsSchema = z
  .array(TestCardSchema)
  .min(1)
  .superRefine((list, ctx) => {
    unique(list, (c) => `${c.number} ${c.flow}`, ctx, 'number');
    list.forEach((c, i) => {
      const last = c.path[c.path.length - 1];
      if (last === 'failed' && !c.failure_reason) ctx.addIssue({ code: 'custom', path: [i, 'failure_reason'], message: 'expected a `failure_reason` for a card whose path ends in `failed`, received nothing' });
      if (last !== 'failed' && c.failure_reason) ctx.addIssue({ code: 'custom', path: [i, 'failure_reason'], message: `expected no \`failure_reason\`: the path ends in \`${last}\`, not \`failed\`` });
    });
  });
export type TestCard = z.output<typeof TestCardSchema>;

/**
 * `content/data/bank_codes.yaml`: per country, the national code system and the banks' codes.
 *
 * ```yaml
 * schemes:
 *   - country: NG
 *     pattern: "^\\d{3}$"
 *     system: { en: CBN bank code, three digits, ru: … }
 *     services: [nigeria/bank_transfer/payout]
 * banks:
 *   - { country: NG, code: "058", name: Guaranty Trust Bank }
 * ```
 */
export const BankCodesSchema = z
  .strictObject({
    schemes: z
      .array(
        z.strictObject({
          country: CountryCode,
          /** Regular expression every code of the country matches. Example: `^\d{3}$`. */
          pattern: z.string().refine((p) => {
            try {
              new RegExp(p);
              return true;
            } catch {
              return false;
            }
          }, 'a valid regular expression'),
          /** The clearing system's code, in words. */
          system: LocalizedSchema,
          /** Service pages that take `bank_code` for this country. */
          services: z.array(ServiceRoute).min(1),
        }),
      )
      .min(1),
    banks: z
      .array(
        z.strictObject({
          country: CountryCode,
          /** The national code, as a string with its leading zeros. Example: `"058"`. */
          code: z.string().regex(/^[0-9A-Z]+$/, 'digits or upper-case letters in quotes, such as "058"'),
          name: z.string().trim().min(1),
          /** Another identifier of the same bank, such as the ISPB in Brazil. */
          note: LocalizedSchema.optional(),
        }),
      )
      .min(1),
  })
  .superRefine((data, ctx) => {
    unique(data.schemes, (s) => s.country, ctx, 'country', (i) => ['schemes', i, 'country']);
    unique(data.banks, (b) => `${b.country}-${b.code}`, ctx, 'code', (i) => ['banks', i, 'code']);
    const schemes = new Map(data.schemes.map((s) => [s.country, s]));
    data.banks.forEach((b, i) => {
      const scheme = schemes.get(b.country);
      if (!scheme) ctx.addIssue({ code: 'custom', path: ['banks', i, 'country'], message: `expected a country with an entry under \`schemes\`, received \`${b.country}\`` });
      else if (!new RegExp(scheme.pattern).test(b.code)) ctx.addIssue({ code: 'custom', path: ['banks', i, 'code'], message: `expected a code matching \`${scheme.pattern}\` for ${b.country}, received \`${b.code}\`` });
    });
  });
export type BankCodes = z.output<typeof BankCodesSchema>;

/**
 * `content/data/crypto_codes.yaml`: the on-chain asset and network pairs of the crypto services.
 *
 * ```yaml
 * - { asset: USDT, network: TRC20, blockchain: Tron, standard: TRC-20, decimals: 6, confirmations: 20 }
 * ```
 */
export const CryptoCodesSchema = z
  .array(
    z.strictObject({
      /** `crypto.asset`. */
      asset: z.string().regex(/^[A-Z0-9]{2,10}$/, 'an upper-case asset code such as `USDT`'),
      /** `crypto.network`. */
      network: z.string().regex(/^[A-Z0-9]{2,10}$/, 'an upper-case network code such as `TRC20`'),
      blockchain: z.string().trim().min(1),
      /** Token standard, or `native` for the chain's own coin. */
      standard: z.string().trim().min(1),
      /** Digits after the point accepted in `crypto.amount`. */
      decimals: z.number().int().min(0).max(18),
      /** Confirmations before the pay-in becomes `success`. */
      confirmations: z.number().int().min(1),
    }),
  )
  .min(1)
  .superRefine((list, ctx) => unique(list, (c) => `${c.asset}-${c.network}`, ctx, 'pair', (i) => [i, 'network']));
export type CryptoCode = z.output<typeof CryptoCodesSchema>[number];

/**
 * `content/data/markets.yaml`: the countries where Corvopay has local payment methods, with the
 * currencies of those services and their pages. Drives the country table and the list of
 * countries in the state-code table.
 *
 * ```yaml
 * - country: BR
 *   currencies: [BRL]
 *   services: [brazil/pix/payin_hpp, boleto/payin_hpp]
 * ```
 */
export const MarketsSchema = z
  .array(
    z.strictObject({
      country: CountryCode,
      currencies: z.array(CurrencyCode).min(1),
      services: z.array(ServiceRoute).min(1),
    }),
  )
  .min(1)
  .superRefine((list, ctx) => unique(list, (m) => m.country, ctx, 'country'));
export type Market = z.output<typeof MarketsSchema>[number];

/**
 * `content/data/languages.yaml`: the languages of payment pages and customer e-mails.
 * Codes are checked against ISO 639-1 when loaded; names come from the ISO list.
 *
 * ```yaml
 * - code: pt
 *   markets: { en: Brazil, Portugal, ru: Бразилия, Португалия }
 * ```
 */
export const LanguagesSchema = z
  .array(
    z.strictObject({
      code: z.string().regex(/^[a-z]{2}$/, 'an ISO 639-1 code in lower case, such as `pt`'),
      markets: LocalizedSchema,
    }),
  )
  .min(1)
  .superRefine((list, ctx) => unique(list, (l) => l.code, ctx, 'code'));
export type Language = z.output<typeof LanguagesSchema>[number];
