import { z } from 'zod';

/**
 * A bar above the navbar on every page. Off when absent (this site: off).
 * Example: `{ id: 'payouts-v2', content: { en: 'Payouts v2 are live: <a href="/payouts">read more</a>.', ru: '…' } }`.
 */
export const AnnouncementBarSchema = z.strictObject({
  /** Identifies this announcement. A reader who dismissed it sees the bar again once the id changes. Example: `'payouts-v2'`. */
  id: z.string().regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, `.`, `_` and `-`, such as `payouts-v2`'),
  /** HTML (trusted: it comes from this file), or HTML per locale (`{ en, ru }`, the default locale required). */
  content: z.union([z.string().min(1), z.record(z.string(), z.string().min(1))]),
  /** Show a close button; the choice is remembered in local storage per `id`. Default: `true`. */
  dismissible: z.boolean().default(true),
});

export const ThemeSchema = z.strictObject({
  /** Table-of-contents heading levels. Default: `{ min: 2, max: 3 }`. */
  toc: z
    .strictObject({ min: z.number().int().min(2).max(6).default(2), max: z.number().int().min(2).max(6).default(3) })
    .default({ min: 2, max: 3 })
    .refine((t) => t.min <= t.max, { message: 'expected min <= max' }),
  /** Colour mode: the default mode, and whether the OS preference is followed. */
  colorMode: z
    .strictObject({ defaultMode: z.enum(['light', 'dark']).default('light'), respectPrefersColorScheme: z.boolean().default(false) })
    .default({ defaultMode: 'light', respectPrefersColorScheme: false }),
  /** Announcement bar; off when absent. See `AnnouncementBarSchema`. */
  announcementBar: AnnouncementBarSchema.optional(),
  /** Footer copyright line. Example: `'Copyright © 2025 Corvopay'`. */
  footer: z.strictObject({ copyright: z.string().min(1) }),
});
export type ThemeConfig = z.output<typeof ThemeSchema>;
