import { z } from 'zod';

/** One group of words and phrases that a search treats as the same. Example: `[refund, reversal]`. */
const SynonymGroup = z.array(z.string().trim().min(1)).min(2);

/**
 * `content/data/search-synonyms.yaml`: per locale, groups of words and phrases that find each
 * other (a query for one also matches the others, ranked a little below an exact match).
 * Words are compared after the same processing as the index (lowercase, `ё` -> `е`, stemming), so
 * write each word once in its dictionary form. Default: no synonyms.
 *
 * ```yaml
 * en:
 *   - [refund, reversal]
 *   - [3ds, 3-d secure]
 * ru:
 *   - [возврат, refund]
 * ```
 */
export const SearchSynonymsSchema = z.record(z.string().regex(/^[a-z]{2}(-[A-Za-z]+)?$/, 'a locale code such as `en` or `ru`'), z.array(SynonymGroup));
export type SearchSynonyms = z.output<typeof SearchSynonymsSchema>;
