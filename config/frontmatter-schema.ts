import { z } from 'zod';

/** Frontmatter of a Markdown doc. Unknown keys are errors, so typos do not pass silently. */
export const FrontmatterSchema = z.strictObject({
  /** Doc id; defaults to the file path without `.md`. Example: `'api/transaction_create'`. */
  id: z.string().regex(/^[A-Za-z0-9_/-]+$/, 'letters, digits, `_`, `-` and `/`').optional(),
  /** Page title, the h1 and `<title>`. Default: the page's first line when it is a `#` heading, else the file name. */
  title: z.string().trim().min(1, 'a non-empty title').optional(),
  /** One sentence for meta description and search results. */
  description: z.string().trim().min(1).optional(),
  /** Shorter label for the sidebar; defaults to `title`. */
  sidebar_label: z.string().trim().min(1).optional(),
  /** Order inside the folder; lower first. */
  sidebar_position: z.number().optional(),
  /** Override the route (only the intro uses this: `slug: /`): `/`-separated names of letters, digits, `.`, `_`, `~` and `-`. */
  slug: z
    .string()
    .regex(/^\/$|^(?:\/[\p{L}\p{N}_~-][\p{L}\p{N}._~-]*)+\/?$/u, 'a path such as `/api/transaction_create`: `/`-separated names of letters, digits, `.`, `_`, `~` and `-`')
    // The router reads `/x.html` as `/x`, and `/x.md`, `/llms.txt`, `/sitemap.xml`, `/x.atom` are files the build writes.
    .refine((slug) => !/\.(?:html?|md|txt|xml|atom|json)\/?$/i.test(slug), 'a path of a page, not of a file: no `.html`, `.md`, `.txt`, `.xml`, `.atom` or `.json` at the end')
    .optional(),
  keywords: z.array(z.string()).optional(),
  /** Hide the table of contents. Default: `false`. */
  hide_table_of_contents: z.boolean().default(false),
  /** Drafts are built by `paydocs dev` and left out of `paydocs build`. Default: `false`. */
  draft: z.boolean().default(false),
  /** Doc id of the previous page, or `null` for none; defaults to sidebar order. */
  pagination_prev: z.string().nullable().optional(),
  /** Doc id of the next page, or `null` for none; defaults to sidebar order. */
  pagination_next: z.string().nullable().optional(),
  /** Put `noindex` on this page. Default: `false`. */
  noindex: z.boolean().default(false),
  /** Translations only: hash of the English source this file translates (written by `paydocs i18n mark`). */
  source_hash: z.string().regex(/^[0-9a-f]{8,64}$/).optional(),
});
export type FrontmatterInput = z.input<typeof FrontmatterSchema>;
/** A doc's frontmatter once read: its title is always known (written, or taken from the page, see `readMarkdownFile`). */
export type Frontmatter = z.output<typeof FrontmatterSchema> & { title: string };

/** `_category_.yml` of a content folder. */
export const CategorySchema = z.strictObject({
  /** Sidebar label of the folder. Example: `'HTTP API'`. */
  label: z.string().trim().min(1),
  /** Order among its siblings; lower first. */
  position: z.number().optional(),
  /** Start collapsed. Default: `true`. */
  collapsed: z.boolean().optional(),
});
export type CategoryMeta = z.output<typeof CategorySchema>;
