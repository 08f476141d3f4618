import { z } from 'zod';

/**
 * A site path as a redirect holds it: starts with `/`, no locale prefix, no trailing slash,
 * no query. Example: `/services/card_credit`.
 */
const RoutePath = z
  .string()
  .regex(/^\/([^\s?#]*[^\s?#/])?$/, 'a site path starting with `/`, with no trailing slash, spaces, query or fragment, such as `/services/card_payout`');

/** One old path that now lives elsewhere. */
export const RedirectSchema = z.strictObject({
  /** The old path, without the locale prefix: it is redirected in every locale. Example: `/services/card_credit`. */
  from: RoutePath,
  /** The route it moved to; must be a page of the site. Example: `/services/card_payout`. */
  to: RoutePath,
});

/**
 * `content/redirects.yaml`: a list of `{ from, to }`. Each entry becomes, for every locale, a static
 * redirect page, a line of `_redirects` and a line of the nginx `map` include. Default: no redirects.
 *
 * ```yaml
 * - from: /services/card_credit
 *   to: /services/card_payout
 * ```
 */
export const RedirectsSchema = z.array(RedirectSchema);

export type RedirectInput = z.input<typeof RedirectSchema>;
export type Redirect = z.output<typeof RedirectSchema>;
export type RedirectsInput = z.input<typeof RedirectsSchema>;
export type Redirects = z.output<typeof RedirectsSchema>;
