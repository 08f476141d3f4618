import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../../cli/pipeline/load/load-config.ts';
import { configErrors as errorsOf } from '../../helpers/config-errors.ts';
import siteConfig from '../../fixtures/full-config/docs.config.ts';


describe('config/schemas/navbar', () => {
  it('has the announcement bar and the hide-on-scroll navbar off in the site config', () => {
    const config = validateConfig(siteConfig);
    expect(config.theme.announcementBar).toBeUndefined();
    expect(config.navbar.hideOnScroll).toBe(false);
  });

  it('makes a navbar item that cannot render a configuration error: bad link, unknown type (with the types allowed, or the one meant)', () => {
    const bad = {
      ...siteConfig,
      navbar: {
        items: [
          { type: 'external', label: 'KB', href: 'javascript:alert(1)' },
          { type: 'search' },
          { type: 'link', label: '', to: '/' },
          { type: 'extrenal', label: 'KB', href: 'https://help.example.com' },
        ],
      },
    };
    expect(errorsOf(bad)).toMatchInlineSnapshot(`
      [
        "docs.config.ts: navbar.items[0].href: expected an absolute http(s) URL such as \`https://help.example.com\`, received \`javascript:alert(1)\`",
        "docs.config.ts: navbar.items[1].type: unknown \`type\` \`search\`; expected one of \`link\`, \`external\`, \`localeDropdown\`",
        "docs.config.ts: navbar.items[2].label: expected a non-empty string, received \`\`",
        "docs.config.ts: navbar.items[3].type: unknown \`type\` \`extrenal\`; did you mean \`external\`?",
      ]
    `);
  });

  it('makes a label that cannot render in some locale, or a second language switch, a configuration error', () => {
    const bad = {
      ...siteConfig,
      navbar: {
        items: [
          { type: 'link', label: { ru: 'Главная' }, to: '/' },
          { type: 'external', label: { en: 'KB', de: 'Wissen' }, href: 'https://help.example.com' },
          { type: 'localeDropdown' },
          { type: 'localeDropdown', position: 'left' },
        ],
      },
    };
    expect(errorsOf(bad)).toMatchInlineSnapshot(`
      [
        "docs.config.ts: navbar.items[0].label: expected a text for the default locale \`en\`, found only \`ru\`",
        "docs.config.ts: navbar.items[1].label.de: unknown locale \`de\`; expected one of \`en\`, \`ru\`",
        "docs.config.ts: navbar.items[3]: expected one language switch, found 2 (items 2, 3)",
      ]
    `);
  });

  it('checks the announcement bar: id, and a text for the default locale', () => {
    const bad = { ...siteConfig, theme: { ...siteConfig.theme, announcementBar: { id: 'new launch', content: { ru: 'Запуск' } } } };
    expect(errorsOf(bad)).toMatchInlineSnapshot(`
      [
        "docs.config.ts: theme.announcementBar.id: expected letters, digits, \`.\`, \`_\` and \`-\`, such as \`payouts-v2\`, received \`new launch\`",
        "docs.config.ts: theme.announcementBar.content: expected a text for the default locale \`en\`, found only \`ru\`",
      ]
    `);
    const good = { ...siteConfig, theme: { ...siteConfig.theme, announcementBar: { id: 'launch-1', content: 'Payouts v2 are live.' } } };
    expect(validateConfig(good).theme.announcementBar).toEqual({ id: 'launch-1', content: 'Payouts v2 are live.', dismissible: true });
  });

  it('takes the tagline as one text or one per locale, the default locale required', () => {
    expect(errorsOf({ ...siteConfig, tagline: { ru: 'Приём платежей', de: 'Zahlungen' } })).toMatchInlineSnapshot(`
      [
        "docs.config.ts: tagline.de: unknown locale \`de\`; expected one of \`en\`, \`ru\`",
        "docs.config.ts: tagline: expected a text for the default locale \`en\`, found only \`ru\`, \`de\`",
      ]
    `);
    expect(validateConfig({ ...siteConfig, tagline: { en: 'Payments', ru: 'Платежи' } }).tagline).toEqual({ en: 'Payments', ru: 'Платежи' });
  });

  it('takes the site title as one text or one per locale, the default locale required, none empty', () => {
    expect(errorsOf({ ...siteConfig, title: { ru: 'Документация', de: '' } })).toEqual([
      'docs.config.ts: title.de: expected a non-empty string, received ``',
      'docs.config.ts: title.de: unknown locale `de`; expected one of `en`, `ru`',
      'docs.config.ts: title: expected a text for the default locale `en`, found only `ru`, `de`',
    ]);
    expect(errorsOf({ ...siteConfig, title: '' }).length).toBe(1);
    expect(validateConfig({ ...siteConfig, title: { en: 'Docs', ru: 'Документация' } }).title).toEqual({ en: 'Docs', ru: 'Документация' });
  });
});
