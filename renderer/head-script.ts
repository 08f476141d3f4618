import { format, stringsFor } from '../shared/i18n/strings.ts';
import { ANNOUNCEMENT_DISMISS_KEY, ANNOUNCEMENT_DISMISSED_ATTR, ANNOUNCEMENT_ID_KEY, APP_LOADED_FLAG, BASE_URL_BANNER_FN } from '../shared/head.ts';
import type { PageData, SiteData } from '../shared/page-data.ts';

/*
 * The inline head script of every prerendered page (server only: it imports every locale's strings,
 * which the browser bundle must not).
 */

const js = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * Shows a banner when the site is served under another path than its `baseUrl`: then the scripts
 * (and the styles) 404 and the app never starts, so the banner is plain DOM with inline styles,
 * inserted when the document is parsed and the client entry has not run (module scripts run before
 * DOMContentLoaded), or when the entry calls it because the site data failed to load.
 * After Docusaurus' BaseUrlIssueBanner:
 * https://github.com/facebook/docusaurus/blob/main/packages/docusaurus-theme-classic/src/theme/SiteMetadata/index.tsx
 */
function baseUrlBannerScript(site: SiteData): string {
  const strings = stringsFor(site.locale);
  const home = site.locales.find((l) => l.locale === site.locale)?.home ?? site.baseUrl;
  const message = format(strings.baseUrlBanner, { baseUrl: site.baseUrl });
  return (
    `window.${BASE_URL_BANNER_FN}=function(){if(document.getElementById('__baseurl-banner'))return;` +
    `var p=location.pathname,r=${js(home.slice(site.baseUrl.length))};if(r&&p.slice(-r.length)===r)p=p.slice(0,-r.length);if(p.slice(-1)!=='/')p+='/';` +
    `var d=document.createElement('div');d.id='__baseurl-banner';d.setAttribute('role','alert');` +
    `d.style.cssText='font:15px/1.5 system-ui,sans-serif;padding:16px 20px;background:#fdeceb;color:#5c1410;border-bottom:2px solid #b42318';` +
    `var a=document.createElement('p');a.style.margin='0 0 4px';a.textContent=${js(message)};` +
    `var b=document.createElement('p');b.style.margin='0';b.style.fontWeight='600';b.textContent=${js(strings['baseUrlBanner.suggestion'])}.replace('{suggestion}',p);` +
    `d.appendChild(a);d.appendChild(b);document.body.insertBefore(d,document.body.firstChild)};` +
    `document.addEventListener('DOMContentLoaded',function(){if(!window.${APP_LOADED_FLAG})window.${BASE_URL_BANNER_FN}()});`
  );
}

/**
 * The inline head script, run before first paint: the colour mode (the stored choice, else light;
 * the OS preference is deliberately not read, spec section 4), a dismissed announcement bar, and
 * on a locale's home page the baseUrl issue banner.
 */
export function headScript(site: SiteData, page: PageData): string {
  let out = `(function(){var t='light';try{t=localStorage.getItem('theme')==='dark'?'dark':'light'}catch(e){}document.documentElement.setAttribute('data-theme',t)})();`;
  const bar = site.announcementBar;
  if (bar?.dismissible) {
    out += `try{if(localStorage.getItem('${ANNOUNCEMENT_ID_KEY}')===${js(bar.id)}&&localStorage.getItem('${ANNOUNCEMENT_DISMISS_KEY}')==='true')document.documentElement.setAttribute('${ANNOUNCEMENT_DISMISSED_ATTR}','')}catch(e){}`;
  }
  const home = site.locales.find((l) => l.locale === page.locale)?.home;
  if (site.baseUrlIssueBanner && page.kind !== 'notFound' && page.href === home) out += baseUrlBannerScript(site);
  return out;
}
