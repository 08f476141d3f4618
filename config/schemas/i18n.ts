import { z } from 'zod';

/** One locale's presentation settings. */
export const LocaleConfigSchema = z.strictObject({
  /** Name shown in the locale dropdown. Example: `'Русский'`. */
  label: z.string().min(1),
  /** Text direction. Default: `'ltr'`. */
  direction: z.enum(['ltr', 'rtl']).default('ltr'),
  /** BCP 47 tag for `<html lang>` and hreflang. Example: `'ru-RU'`; defaults to the locale code. */
  htmlLang: z.string().min(2).optional(),
  /** Calendar used to format dates. Default: `'gregory'`. */
  calendar: z.string().default('gregory'),
  /** URL path segment of the locale; the default locale has none. Example: `'ru'`. Defaults to the locale code. */
  path: z.string().regex(/^[a-z0-9-]+$/, 'a lower-case path segment such as `ru`').optional(),
});

/** Locales of the site. English is the default and lives at `/`; others at `/<path>/`. */
export const I18nSchema = z
  .strictObject({
    /** Example: `'en'`. */
    defaultLocale: z.string().min(2),
    /** Every locale built. Example: `['en', 'ru']`. */
    locales: z.array(z.string().min(2)).min(1),
    /** Per-locale settings, keyed by locale code; every locale needs one when there are several (the language switch names them). */
    localeConfigs: z.record(z.string(), LocaleConfigSchema).default({}),
  })
  .superRefine((v, ctx) => {
    if (!v.locales.includes(v.defaultLocale)) {
      ctx.addIssue({ code: 'custom', path: ['defaultLocale'], message: `expected one of ${v.locales.map((l) => `\`${l}\``).join(', ')}, received \`${v.defaultLocale}\`` });
    }
    // A site with a language switch names every locale in it: a locale without its settings would
    // show its bare code and get `<html lang>`, hreflang and its path by guess.
    if (v.locales.length > 1) {
      for (const locale of v.locales) {
        if (v.localeConfigs[locale]) continue;
        const have = Object.keys(v.localeConfigs);
        ctx.addIssue({
          code: 'custom',
          path: ['localeConfigs'],
          message: `expected an entry for the locale \`${locale}\` (at least its \`label\`), found ${have.length ? `only ${have.map((l) => `\`${l}\``).join(', ')}` : 'none'}`,
        });
      }
    }
    for (const key of Object.keys(v.localeConfigs)) {
      if (!v.locales.includes(key)) {
        ctx.addIssue({ code: 'custom', path: ['localeConfigs', key], message: `unknown locale \`${key}\`; expected one of ${v.locales.map((l) => `\`${l}\``).join(', ')}` });
      }
    }
  });

export type I18nUserConfig = z.input<typeof I18nSchema>;
export type I18nConfig = z.output<typeof I18nSchema>;
export type LocaleConfig = z.output<typeof LocaleConfigSchema>;
