// Docusaurus 3.8.1 config for the side-by-side benchmark (`npm run bench`). bench/lib/docusaurus.ts
// copies it into a temporary folder next to a converted copy of content/; it is never built here.
// Adapted from the performance anchor in ../shared/bench/docusaurus/site/docusaurus.config.js:
// same presets, plugin options and theme settings; the navbar and footer only link pages that
// exist in our content (onBrokenLinks is 'throw'), and the title/URL are ours.
// @ts-check
const fs = require('fs');
const path = require('path');

// content/redirects.yaml, converted to [{ from, to }] by the benchmark.
const redirectsFile = path.join(__dirname, 'redirects.json');
const redirects = fs.existsSync(redirectsFile) ? JSON.parse(fs.readFileSync(redirectsFile, 'utf8')) : [];

/** @type {import('@docusaurus/types').Config} */
module.exports = {
  title: 'Corvopay Docs',
  tagline: 'Accept payments and send payouts in 40+ countries with one API.',
  url: 'https://docs.corvopay.com',
  baseUrl: '/',
  favicon: 'img/favicon.svg',
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'ignore',
  onBrokenMarkdownLinks: 'throw',
  onDuplicateRoutes: 'throw',
  markdown: { format: 'detect' }, // .md -> CommonMark, .mdx -> MDX
  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'ru'],
    localeConfigs: { en: { label: 'English' }, ru: { label: 'Русский' } },
  },
  presets: [
    [
      'classic',
      /** @type {import('@docusaurus/preset-classic').Options} */
      ({
        docs: {
          routeBasePath: '/',
          sidebarPath: require.resolve('./sidebars.js'),
        },
        blog: false,
        pages: false,
        theme: { customCss: require.resolve('./src/css/custom.css') },
      }),
    ],
  ],
  themes: [
    [
      require.resolve('@easyops-cn/docusaurus-search-local'),
      /** @type {import('@easyops-cn/docusaurus-search-local').PluginOptions} */
      ({
        hashed: true,
        language: ['en', 'ru'],
        indexDocs: true,
        indexBlog: false,
        indexPages: false,
        docsRouteBasePath: '/',
        highlightSearchTermsOnTargetPage: true,
        searchResultLimits: 8,
        searchResultContextMaxLength: 50,
      }),
    ],
  ],
  plugins: [['@docusaurus/plugin-client-redirects', { redirects }]],
  themeConfig:
    /** @type {import('@docusaurus/preset-classic').ThemeConfig} */
    ({
      colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
      tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
      docs: { sidebar: { hideable: true, autoCollapseCategories: true } },
      navbar: {
        title: 'Corvopay',
        logo: { alt: 'Corvopay', src: 'img/logo.svg' },
        items: [
          { type: 'docSidebar', sidebarId: 'docs', position: 'left', label: 'Docs' },
          { href: 'https://help.corvopay.com', label: 'Knowledge base', position: 'left' },
          { type: 'localeDropdown', position: 'right' },
          { type: 'search', position: 'right' },
        ],
      },
      footer: { style: 'dark', copyright: 'Copyright © 2025 Corvopay' },
      prism: { additionalLanguages: ['bash', 'php', 'java', 'http', 'json'] },
    }),
};
