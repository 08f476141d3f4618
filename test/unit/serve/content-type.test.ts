import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeFor } from '../../../cli/serve/content-type.ts';
import { makeSite, rawRequest, serve, type Served } from './http.ts';

// Issue 33, failure 4: gif, pdf, avif and webmanifest went out as application/octet-stream from a
// hand-kept table. The types now come from the `mime` package.
const EXPECTED: Record<string, string> = {
  'a.gif': 'image/gif',
  'a.pdf': 'application/pdf',
  'a.avif': 'image/avif',
  'site.webmanifest': 'application/manifest+json; charset=utf-8',
  'index.html': 'text/html; charset=utf-8',
  'a.js': 'text/javascript; charset=utf-8',
  'a.mjs': 'text/javascript; charset=utf-8',
  'a.css': 'text/css; charset=utf-8',
  'a.json': 'application/json; charset=utf-8',
  'a.map': 'application/json; charset=utf-8',
  'a.md': 'text/markdown; charset=utf-8',
  'a.txt': 'text/plain; charset=utf-8',
  'sitemap.xml': 'application/xml; charset=utf-8',
  'feed.atom': 'application/atom+xml; charset=utf-8',
  'a.svg': 'image/svg+xml',
  'a.png': 'image/png',
  'a.webp': 'image/webp',
  'a.woff2': 'font/woff2',
  'a.wasm': 'application/wasm',
  'A.PDF': 'application/pdf',
  'a.unknown-ext': 'application/octet-stream',
  noext: 'application/octet-stream',
};

let s: Served;
beforeAll(async () => {
  s = await serve(makeSite(Object.fromEntries(Object.keys(EXPECTED).map((f) => [f, 'x']))).dist);
});
afterAll(() => s.close());

describe('serve: content types', () => {
  it('sends the type of every extension, with charset=utf-8 on text', async () => {
    for (const [file, type] of Object.entries(EXPECTED)) {
      expect((await rawRequest(s.url, `/${file}`)).headers['content-type'], file).toBe(type);
    }
  });

  it('contentTypeFor agrees', () => {
    for (const [file, type] of Object.entries(EXPECTED)) expect(contentTypeFor(file), file).toBe(type);
  });
});
