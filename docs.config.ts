import { defineConfig } from 'paydocs';

export default defineConfig({
  url: 'https://docs.corvopay.com',
  baseUrl: '/',
  trailingSlash: false,
  title: { en: 'Corvopay Docs', ru: 'Документация Corvopay' },
  brand: 'Corvopay',
  tagline: {
    en: 'Accept payments and send payouts in 40+ countries with one API.',
    ru: 'Приём платежей и выплаты в 40+ странах через один API.',
  },
  favicon: 'img/favicon.svg',
  noIndex: false,
  baseUrlIssueBanner: true,
  knowledgeBaseUrl: 'https://help.corvopay.com',
  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'ru'],
    localeConfigs: {
      en: { label: 'English', direction: 'ltr', htmlLang: 'en', calendar: 'gregory', path: 'en' },
      ru: { label: 'Русский', direction: 'ltr', htmlLang: 'ru', calendar: 'gregory', path: 'ru' },
    },
  },
  navbar: {
    hideOnScroll: false,
    logo: 'img/logo.svg',
    items: [
      { type: 'link', label: { en: 'Home', ru: 'Главная' }, to: '/', icon: 'home' },
      { type: 'external', label: { en: 'Knowledge base', ru: 'База знаний' }, href: 'https://help.corvopay.com', icon: 'book' },
      { type: 'localeDropdown', position: 'right' },
    ],
  },
  theme: {
    toc: { min: 2, max: 3 },
    colorMode: { defaultMode: 'light', respectPrefersColorScheme: false },
    footer: { copyright: 'Copyright © 2025 Corvopay' },
  },
  search: {
    suggestions: 8,
    excerptLength: 50,
    highlightOnTarget: true,
    shortcut: false,
    contexts: ['api', 'cabinet', 'invoicing', 'reference', 'services'],
  },
  version: { name: 'current', label: 'Next' },
});
