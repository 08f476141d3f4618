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
  href: z.url({ protocol: /^https?$/ }),
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

export type NavbarItem = z.output<typeof NavbarItemSchema>;
export type NavbarConfig = z.output<typeof NavbarSchema>;
export type LocalizedLabel = z.output<typeof Label>;
