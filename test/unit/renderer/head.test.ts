import { describe, expect, it } from 'vitest';
import { en } from '../../../shared/i18n/strings.ts';
import { headScript } from '../../../renderer/head-script.ts';
import { documentTitle, headTags, renderHeadTags } from '../../../shared/head.ts';
import type { PageData, SiteData } from '../../../shared/page-data.ts';

const site = {
  locale: 'en',
  siteUrl: 'https://docs.example.com',
  baseUrl: '/',
  title: 'Example Docs',
  noIndex: false,
  baseUrlIssueBanner: true,
  locales: [
    { locale: 'en', label: 'English', htmlLang: 'en', direction: 'ltr', home: '/' },
    { locale: 'ru', label: 'Русский', htmlLang: 'ru-RU', direction: 'ltr', home: '/ru/' },
  ],
  strings: en,
} as unknown as SiteData;

const page: PageData = {
  kind: 'doc',
  locale: 'en',
  href: '/api/create',
  title: 'Create "a" payment',
  description: 'POST /v1/create & more.',
  toc: [],
  hideToc: false,
  breadcrumbs: [],
  noindex: false,
  alternates: [
    { locale: 'en', hrefLang: 'en', href: '/api/create' },
    { locale: 'ru', hrefLang: 'ru-RU', href: '/ru/api/create' },
  ],
};

/** Runs the head script against a minimal document and local storage. */
function runHeadScript(script: string, stored: Record<string, string>): { attrs: Record<string, string>; listeners: string[] } {
  const attrs: Record<string, string> = {};
  const listeners: string[] = [];
  const document = { documentElement: { setAttribute: (k: string, v: string) => void (attrs[k] = v) }, addEventListener: (type: string) => void listeners.push(type) };
  const localStorage = { getItem: (k: string) => stored[k] ?? null };
  new Function('document', 'localStorage', 'window', 'location', script)(document, localStorage, {}, { pathname: '/' });
  return { attrs, listeners };
}

describe('shared/head', () => {
  it('builds the managed head tags: description, canonical, hreflang with x-default, og and twitter', () => {
    expect(documentTitle(page, site)).toBe('Create "a" payment | Example Docs');
    expect(renderHeadTags(headTags(page, site)).split('><').join('>\n<')).toMatchInlineSnapshot(`
      "<meta data-ph name="description" content="POST /v1/create &amp; more.">
      <link data-ph rel="canonical" href="https://docs.example.com/api/create">
      <link data-ph rel="alternate" hreflang="en" href="https://docs.example.com/api/create">
      <link data-ph rel="alternate" hreflang="ru-RU" href="https://docs.example.com/ru/api/create">
      <link data-ph rel="alternate" hreflang="x-default" href="https://docs.example.com/api/create">
      <meta data-ph property="og:title" content="Create &quot;a&quot; payment | Example Docs">
      <meta data-ph property="og:description" content="POST /v1/create &amp; more.">
      <meta data-ph property="og:url" content="https://docs.example.com/api/create">
      <meta data-ph property="og:type" content="website">
      <meta data-ph property="og:site_name" content="Example Docs">
      <meta data-ph property="og:locale" content="en">
      <meta data-ph name="twitter:card" content="summary">
      <meta data-ph name="twitter:title" content="Create &quot;a&quot; payment | Example Docs">
      <meta data-ph name="twitter:description" content="POST /v1/create &amp; more.">"
    `);
  });

  it('adds robots noindex for a noindex page, a noindex site and the not-found page (which has no canonical)', () => {
    const robots = (p: PageData, s: SiteData) => headTags(p, s).filter((t) => t.attrs.name === 'robots').map((t) => t.attrs.content);
    expect(robots(page, site)).toEqual([]);
    expect(robots({ ...page, noindex: true }, site)).toEqual(['noindex, nofollow']);
    expect(robots(page, { ...site, noIndex: true })).toEqual(['noindex, nofollow']);
    const notFound: PageData = { ...page, kind: 'notFound', alternates: [] };
    expect(robots(notFound, site)).toEqual(['noindex, nofollow']);
    expect(headTags(notFound, site).some((t) => t.attrs.rel === 'canonical')).toBe(false);
    expect(headTags({ ...page, locale: 'ru' }, site).find((t) => t.attrs.property === 'og:locale')?.attrs.content).toBe('ru_RU');
  });
});

describe('renderer/head-script', () => {
  it('sets the stored colour mode, else light, whatever the system prefers', () => {
    const script = headScript(site, page);
    expect(runHeadScript(script, {}).attrs).toEqual({ 'data-theme': 'light' });
    expect(runHeadScript(script, { theme: 'dark' }).attrs).toEqual({ 'data-theme': 'dark' });
    expect(runHeadScript(script, { theme: 'system' }).attrs).toEqual({ 'data-theme': 'light' });
    expect(script).not.toContain('prefers-color-scheme');
  });

  it('hides a dismissed announcement before first paint, only while its id is the same', () => {
    const withBar = { ...site, announcementBar: { id: 'launch-2', content: 'x', dismissible: true } };
    const script = headScript(withBar, page);
    const dismissed = { 'docusaurus.announcement.id': 'launch-2', 'docusaurus.announcement.dismiss': 'true' };
    expect(runHeadScript(script, dismissed).attrs['data-announcement-dismissed']).toBe('');
    expect(runHeadScript(script, { ...dismissed, 'docusaurus.announcement.id': 'launch-1' }).attrs['data-announcement-dismissed']).toBeUndefined();
    expect(headScript({ ...withBar, announcementBar: { ...withBar.announcementBar, dismissible: false } }, page)).not.toContain('announcement');
  });

  it('carries the baseUrl issue banner on the home page of each locale only, when enabled', () => {
    const home: PageData = { ...page, href: '/' };
    expect(runHeadScript(headScript(site, home), {}).listeners).toEqual(['DOMContentLoaded']);
    expect(headScript(site, { ...page, locale: 'ru', href: '/ru/' })).toContain('__paydocsBaseUrlBanner');
    expect(headScript(site, page)).not.toContain('__paydocsBaseUrlBanner');
    expect(headScript({ ...site, baseUrlIssueBanner: false }, home)).not.toContain('__paydocsBaseUrlBanner');
    expect(headScript(site, { ...home, kind: 'notFound' })).not.toContain('__paydocsBaseUrlBanner');
  });
});
