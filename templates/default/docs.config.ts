import { defineConfig } from 'paydocs';

// Every key is typed: hover one in your editor for its meaning. paydocs checks this file when it loads
// it, and names the key and its line when something is wrong. Reference: the paydocs README, "Configuration".
export default defineConfig({
  // Where the site will be published, without a path.
  url: 'https://docs.example.com',
  title: {{title}},
  brand: {{title}},
  favicon: 'img/favicon.svg',
  i18n: {{i18n}},
  navbar: {
    items: [
      { type: 'link', label: 'Home', to: '/', icon: 'home' },{{localeDropdown}}
    ],
  },
  theme: { footer: { copyright: {{copyright}} } },
});
