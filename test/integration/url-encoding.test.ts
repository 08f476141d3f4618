import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ORIGIN = 'https://docs.example.com';
/** Every URL of the site that a crawler, a feed reader or an LLM reads must be RFC 3986: no space, no raw non-ASCII. */
const NOT_ENCODED = /[\s\u0080-\uffff]/;

let dist: string;

beforeAll(() => {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'paydocs-url-')), 'site');
  cpSync(path.join(ROOT, 'test/fixtures/bad/_base'), dir, { recursive: true });
  cpSync(path.join(ROOT, 'test/fixtures/url-encoding'), dir, { recursive: true, force: true });
  const cfg = path.join(dir, 'docs.config.ts');
  writeFileSync(cfg, readFileSync(cfg, 'utf8').replace(/'(\.\.\/)+config\/index\.ts'/, `'${path.join(ROOT, 'config/index.ts')}'`));
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/paydocs.js'), 'build', '--check-links'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  expect(r.status, r.stderr).toBe(0);
  dist = path.join(dir, 'dist');
});

const read = (rel: string) => readFileSync(path.join(dist, rel), 'utf8');
/** Every absolute URL of the site in a text: up to a quote, `<`, `)`, the end of the line or llms-full's ` -->`. */
const siteUrls = (text: string) => [...text.replace(/ -->/g, '-->').matchAll(new RegExp(`${ORIGIN.replace(/[.]/g, '\\.')}(?:(?!-->)[^"<)\\n])*`, 'g'))].map((m) => m[0]);

describe('URLs are percent-encoded (issue 33, failure 9)', () => {
  it('the sitemap: locs and hreflang alternates', () => {
    const sitemap = read('sitemap.xml');
    expect(sitemap).toContain(`<loc>${ORIGIN}/my%20page</loc>`);
    expect(sitemap).toContain(`<loc>${ORIGIN}/%D0%BE%D0%BF%D0%BB%D0%B0%D1%82%D0%B0</loc>`);
    expect(sitemap).toContain(`hreflang="ru" href="${ORIGIN}/ru/my%20page"`);
    expect(siteUrls(sitemap).filter((u) => NOT_ENCODED.test(u))).toEqual([]);
  });

  it('canonical, hreflang and og:url of a page', () => {
    const html = read('my page/index.html');
    expect(html).toContain(`<link data-ph rel="canonical" href="${ORIGIN}/my%20page">`);
    expect(html).toContain(`hreflang="ru" href="${ORIGIN}/ru/my%20page"`);
    expect(siteUrls(read('оплата/index.html')).filter((u) => NOT_ENCODED.test(u))).toEqual([]);
    expect(siteUrls(html).filter((u) => NOT_ENCODED.test(u))).toEqual([]);
  });

  it('the Atom feeds and llms.txt', () => {
    const feed = read('ru/changelog.atom');
    expect(feed).toContain(`href="${ORIGIN}/ru/changelog#%D0%B2%D1%8B%D0%BF%D0%BB%D0%B0%D1%82%D1%8B"`);
    for (const f of ['changelog.atom', 'ru/changelog.atom', 'llms.txt', 'ru/llms.txt', 'llms-full.txt']) expect(siteUrls(read(f)).filter((u) => NOT_ENCODED.test(u)), f).toEqual([]);
    expect(read('llms.txt')).toContain(`(${ORIGIN}/my%20page.md)`);
  });
});
