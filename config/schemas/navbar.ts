import { z } from 'zod';

/** Icons the theme can draw. An item naming another icon is a configuration error, not a blank. */
export const NAVBAR_ICONS = ['home', 'book', 'external', 'globe', 'github'] as const;

const Label = z.union([z.string().min(1), z.record(z.string(), z.string().min(1))]);

/** A link to a page of this site. `to: '/'` is the home of the current locale. */
export const NavbarDocLinkSchema = z.strictObject({
  type: z.literal('link'),
  /** Text, or text per locale: `{ en: 'Home', ru: 'Главная' }`. */
  label: Label,
  /** Site path without the locale prefix. Example: `'/'`. */
  to: z.string().startsWith('/', 'a site path starting with `/`'),
  icon: z.enum(NAVBAR_ICONS).optional(),
  position: z.enum(['left', 'right']).default('left'),
});

/** A link that leaves the site; rendered with `rel="noopener noreferrer"` and `target="_blank"`. */
export const NavbarExternalLinkSchema = z.strictObject({
  type: z.literal('external'),
  label: Label,
  /** Absolute URL. Example: `'https://help.corvopay.com'`. */
  href: z.url({ protocol: /^https?$/, error: 'an absolute http(s) URL such as `https://help.example.com`' }),
  icon: z.enum(NAVBAR_ICONS).optional(),
  position: z.enum(['left', 'right']).default('left'),
});

/** The language switcher. */
export const NavbarLocaleDropdownSchema = z.strictObject({
  type: z.literal('localeDropdown'),
  position: z.enum(['left', 'right']).default('right'),
});

export const NavbarItemSchema = z.discriminatedUnion('type', [NavbarDocLinkSchema, NavbarExternalLinkSchema, NavbarLocaleDropdownSchema]);

export const NavbarSchema = z.strictObject({
  /** Hide the navbar while scrolling down. Default: `false`. */
  hideOnScroll: z.boolean().default(false),
  /** Logo image path under `content/static/`, optional. */
  logo: z.string().optional(),
  items: z.array(NavbarItemSchema).default([]),
});

/** The context a zod `superRefine` gives, reduced to what `checkNavbar` needs. */
interface IssueSink {
  addIssue(issue: { code: 'custom'; path: PropertyKey[]; message: string }): void;
}

const list = (xs: readonly string[]) => xs.map((x) => `\`${x}\``).join(', ');

/**
 * Checks of the navbar (and other per-locale texts) that need the locales, run by `ConfigSchema`:
 * an item that could not render in some locale is a configuration error, not a blank in the page.
 * Per-locale texts may only name built locales and must have the default locale (the fallback).
 */
export function checkLocalizedText(value: string | Record<string, string>, path: PropertyKey[], i18n: { locales: string[]; defaultLocale: string }, ctx: IssueSink): void {
  if (typeof value === 'string') return;
  for (const key of Object.keys(value)) {
    if (!i18n.locales.includes(key)) ctx.addIssue({ code: 'custom', path: [...path, key], message: `unknown locale \`${key}\`; expected one of ${list(i18n.locales)}` });
  }
  if (!(i18n.defaultLocale in value)) {
    ctx.addIssue({ code: 'custom', path, message: `expected a text for the default locale \`${i18n.defaultLocale}\`, found only ${list(Object.keys(value))}` });
  }
}

/** A per-locale text in `locale`: the text itself, or its entry for the locale, else the default locale's. */
export function localizedText(value: string | Record<string, string>, locale: string, defaultLocale: string): string {
  return typeof value === 'string' ? value : (value[locale] ?? value[defaultLocale] ?? Object.values(value)[0] ?? '');
}

export function checkNavbar(navbar: { items: readonly NavbarItem[] }, i18n: { locales: string[]; defaultLocale: string }, ctx: IssueSink): void {
  navbar.items.forEach((item, i) => {
    if (item.type !== 'localeDropdown') checkLocalizedText(item.label, ['navbar', 'items', i, 'label'], i18n, ctx);
  });
  const dropdowns = navbar.items.flatMap((item, i) => (item.type === 'localeDropdown' ? [i] : []));
  if (dropdowns.length > 1) {
    ctx.addIssue({ code: 'custom', path: ['navbar', 'items', dropdowns[1]!], message: `expected one language switch, found ${dropdowns.length} (items ${dropdowns.join(', ')})` });
  }
}

export type NavbarItem = z.output<typeof NavbarItemSchema>;
export type NavbarConfig = z.output<typeof NavbarSchema>;
export type LocalizedLabel = z.output<typeof Label>;
