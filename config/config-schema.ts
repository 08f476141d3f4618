import { z } from 'zod';
import { I18nSchema } from './schemas/i18n.ts';
import { checkLocalizedText, checkNavbar, NavbarSchema } from './schemas/navbar.ts';
import { SearchSchema } from './schemas/search.ts';
import { ThemeSchema } from './schemas/theme.ts';

/** How the pages' Markdown is read. */
export const MarkdownSchema = z.strictObject({
  /**
   * Let raw HTML in pages carry `<script>` elements and inline event handlers (`onclick=`). Off, each
   * is a build error: code in a page runs with the site's origin for every reader. On, each inline
   * `<script>` of a page gets its hash in the page's Content-Security-Policy; inline event handlers
   * are still blocked by it (attach listeners from a script instead). Default: `false`.
   * Example: `markdown: { allowScripts: true }`.
   */
  allowScripts: z.boolean().default(false),
});

/** The docs version being built. */
export const VersionSchema = z.strictObject({
  /** Example: `'current'`. */
  name: z.string().regex(/^[a-z0-9._-]+$/),
  /** Shown to readers. Example: `'Next'`. */
  label: z.string().min(1),
});

function isOrigin(u: string): boolean {
  try {
    return new URL(u).pathname === '/' && !u.endsWith('/');
  } catch {
    return true; // the URL check itself reports it
  }
}

/** The whole of `docs.config.ts`. */
export const ConfigSchema = z.strictObject({
  /** Where the site is published, without a path. Example: `'https://docs.corvopay.com'`. */
  url: z.url({ protocol: /^https?$/, error: 'an absolute http(s) URL such as `https://docs.example.com`' }).refine(isOrigin, {
    message: 'expected an origin without path or trailing slash, such as `https://docs.example.com`',
  }),
  /** Path the site is served under; starts and ends with `/`. Default: `'/'`. */
  baseUrl: z.string().regex(/^\/([^/]+\/)*$/, 'a path that starts and ends with `/`, such as `/` or `/docs/`').default('/'),
  /** `false`: links and canonical URLs have no trailing slash (`/api/x`). Default: `false`. */
  trailingSlash: z.boolean().default(false),
  /** Site title, used in `<title>` after the page title; or one per locale (`{ en, ru }`, the default locale required). */
  title: z.union([z.string().min(1), z.record(z.string(), z.string().min(1))]),
  /** The gateway's brand, used in the navbar and the copyright line. Example: `'Corvopay'`. */
  brand: z.string().min(1),
  /** One-line description of the site (in `llms.txt`), or one per locale (`{ en, ru }`, the default locale required). */
  tagline: z.union([z.string(), z.record(z.string(), z.string().min(1))]).default(''),
  /** Favicon path under `content/static/`. Example: `'img/favicon.svg'`. */
  favicon: z.string().min(1),
  /** `true` puts `noindex, nofollow` on every page. Default: `false`. */
  noIndex: z.boolean().default(false),
  /** Show a banner when the site is served under another base URL than configured. Default: `true`. */
  baseUrlIssueBanner: z.boolean().default(true),
  i18n: I18nSchema,
  navbar: NavbarSchema,
  theme: ThemeSchema,
  search: SearchSchema.default(SearchSchema.parse({})),
  /** How the pages' Markdown is read (`MarkdownSchema`). Default: `{ allowScripts: false }`. */
  markdown: MarkdownSchema.default({ allowScripts: false }),
  /** The one docs version built. Default: `{ name: 'current', label: 'Next' }`. */
  version: VersionSchema.default({ name: 'current', label: 'Next' }),
  /** Links a writer can reach from the knowledge base etc. Kept as data for the theme. */
  knowledgeBaseUrl: z.url({ protocol: /^https?$/ }).optional(),
}).superRefine((c, ctx) => {
  // Checks that need the locales: every navbar item and per-locale text can render in every locale.
  checkNavbar(c.navbar, c.i18n, ctx);
  checkLocalizedText(c.title, ['title'], c.i18n, ctx);
  checkLocalizedText(c.tagline, ['tagline'], c.i18n, ctx);
  if (c.theme.announcementBar) checkLocalizedText(c.theme.announcementBar.content, ['theme', 'announcementBar', 'content'], c.i18n, ctx);
});

export type PaydocsUserConfig = z.input<typeof ConfigSchema>;
export type PaydocsConfig = z.output<typeof ConfigSchema>;
