import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../cli/pipeline/load/load-config.ts';
import { configErrors as errorsOf } from '../helpers/config-errors.ts';
import siteConfig from '../fixtures/full-config/docs.config.ts';


describe('config/config-schema', () => {
  it('accepts the site config and fills defaults', () => {
    const config = validateConfig(siteConfig);
    expect(config.i18n.defaultLocale).toBe('en');
    expect(config.i18n.locales).toEqual(['en', 'ru']);
    expect(config.search).toMatchObject({ suggestions: 8, excerptLength: 50, highlightOnTarget: true, shortcut: false });
    expect(config.theme.toc).toEqual({ min: 2, max: 3 });
    expect(config.version).toEqual({ name: 'current', label: 'Next' });
    expect(config.theme.footer.copyright).toBe(`Copyright © 2025 ${config.brand}`);
    expect(config.theme.colorMode).toEqual({ defaultMode: 'light', respectPrefersColorScheme: false });
    expect(config.navbar.items.map((i) => i.type)).toEqual(['link', 'external', 'localeDropdown']);
  });

  it('names the key path, what was expected and what was found', () => {
    const bad = {
      ...siteConfig,
      url: 'docs.example.com',
      trailingSlash: 'yes',
      i18n: { ...siteConfig.i18n, defaultLocale: 'de' },
      navbar: { items: [{ type: 'link', label: 'Home', to: 'home' }, { type: 'external', label: 'KB', href: 'https://kb.example.com', icon: 'rocket' }] },
      theme: { ...siteConfig.theme, toc: { min: 2, max: 'three' } },
    };
    expect(errorsOf(bad)).toMatchInlineSnapshot(`
      [
        "docs.config.ts: url: expected an absolute http(s) URL such as \`https://docs.example.com\`, received \`docs.example.com\`",
        "docs.config.ts: trailingSlash: expected boolean, received string",
        "docs.config.ts: i18n.defaultLocale: expected one of \`en\`, \`ru\`, received \`de\`",
        "docs.config.ts: navbar.items[0].to: expected a site path starting with \`/\`, received \`home\`",
        "docs.config.ts: navbar.items[1].icon: expected \`home\` or \`book\` or \`external\` or \`globe\` or \`github\`, received \`rocket\`",
        "docs.config.ts: theme.toc.max: expected number, received string",
      ]
    `);
  });

  it('rejects unknown keys', () => {
    expect(errorsOf({ ...siteConfig, titel: 'x' })).toMatchInlineSnapshot(`
      [
        "docs.config.ts: unknown key \`titel\`; did you mean \`title\`?",
      ]
    `);
  });
});
