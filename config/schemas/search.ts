import { z } from 'zod';

/** Local search (minisearch in a Web Worker). */
export const SearchSchema = z.strictObject({
  /** How many suggestions the navbar box shows. Default: `8`. */
  suggestions: z.number().int().min(1).max(20).default(8),
  /** Characters of context around a match on the search page. Default: `50`. */
  excerptLength: z.number().int().min(10).max(400).default(50),
  /** Highlight the matched words on the page a result opens. Default: `true`. */
  highlightOnTarget: z.boolean().default(true),
  /** Keyboard shortcut (`/` and Ctrl+K) with a hint in the box. Default: `false`. */
  shortcut: z.boolean().default(false),
  /** Top-level sections offered as search contexts. Example: `['api', 'reference']`. */
  contexts: z.array(z.string().regex(/^[a-z0-9_-]+$/)).default([]),
});
export type SearchConfig = z.output<typeof SearchSchema>;
