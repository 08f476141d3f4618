import { z } from 'zod';

export const AnnouncementBarSchema = z.strictObject({
  /** Changing the id shows the bar again to readers who dismissed it. */
  id: z.string().min(1),
  content: z.union([z.string().min(1), z.record(z.string(), z.string().min(1))]),
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
  /** Off when absent. */
  announcementBar: AnnouncementBarSchema.optional(),
  /** Footer copyright line. Example: `'Copyright © 2025 Corvopay'`. */
  footer: z.strictObject({ copyright: z.string().min(1) }),
});
export type ThemeConfig = z.output<typeof ThemeSchema>;
