import type { PaydocsConfig } from '../../../config/index.ts';

/** Site paths as links carry them: base URL + locale prefix + route (`/ru/api/x`, `/ru/` for a locale home). */
export function localePrefix(config: PaydocsConfig, locale: string): string {
  if (locale === config.i18n.defaultLocale) return config.baseUrl;
  const seg = config.i18n.localeConfigs[locale]?.path ?? locale;
  return `${config.baseUrl}${seg}/`;
}

/** The locale a site path belongs to and its prefix, the longest that matches: `/ru/api/x` -> `ru`, `/ru/`. */
export function localeOfSitePath(config: PaydocsConfig, target: string): { locale: string; prefix: string } {
  let best = { locale: config.i18n.defaultLocale, prefix: config.baseUrl };
  for (const locale of config.i18n.locales) {
    const prefix = localePrefix(config, locale);
    if (`${target}/`.startsWith(prefix) && prefix.length > best.prefix.length) best = { locale, prefix };
  }
  return best;
}

export function sitePath(config: PaydocsConfig, locale: string, route: string): string {
  const prefix = localePrefix(config, locale);
  if (route === '/' || route === '') return prefix;
  const p = `${prefix}${route.replace(/^\//, '')}`;
  return config.trailingSlash ? `${p}/` : p;
}

/** `dist/` file for a site path: `/ru/api/x` -> `ru/api/x/index.html`. */
export function outputFileOf(config: PaydocsConfig, href: string): string {
  const rel = href.slice(config.baseUrl.length).replace(/\/$/, '');
  return rel ? `${rel}/index.html` : 'index.html';
}

/** `text` with its %-escapes decoded by `decode` (`decodeURI` by default); with a malformed escape, as written. */
export function decodedOrAsIs(text: string, decode: (text: string) => string = decodeURI): string {
  try {
    return decode(text);
  } catch {
    return text;
  }
}
