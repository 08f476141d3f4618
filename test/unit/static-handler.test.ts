import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/chromium.ts';
import { serveDir } from '../helpers/site.ts';

let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const base = mkdtempSync(path.join(os.tmpdir(), 'paydocs-serve-'));
  const dist = path.join(base, 'dist');
  for (const [f, text] of Object.entries({
    'index.html': '<h1>home</h1>',
    '404.html': '<h1>404 en</h1>',
    'ru/404.html': '<h1>404 ru</h1>',
    'api/x/index.html': '<h1>x</h1>',
    'assets/app-ABC.js': 'export {}',
    'robots.txt': 'User-agent: *',
  })) {
    mkdirSync(path.dirname(path.join(dist, f)), { recursive: true });
    writeFileSync(path.join(dist, f), text);
  }
  writeFileSync(path.join(base, 'secret.txt'), 'do not serve');
  ({ url, close } = await serveDir(dist));
});
afterAll(() => close());

async function get(p: string, headers: Record<string, string> = {}) {
  // fetch() normalizes `..`; a raw request line is what an attacker would send.
  const { request } = await import('node:http');
  return new Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
    const u = new URL(url);
    const req = request({ host: u.hostname, port: u.port, path: p, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('cli/serve/static-handler', () => {
  it('serves clean URLs with and without a trailing slash, and .html / index.html as the clean path', async () => {
    for (const p of ['/api/x', '/api/x/', '/api/x/index.html', '/api/x.html']) {
      const r = await get(p);
      expect(r.status, p).toBe(200);
      expect(r.body).toBe('<h1>x</h1>');
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('answers unknown paths with the locale 404 page and status 404', async () => {
    expect(await get('/nope')).toMatchObject({ status: 404, body: '<h1>404 en</h1>' });
    expect(await get('/ru/nope')).toMatchObject({ status: 404, body: '<h1>404 ru</h1>' });
  });

  it('never serves a file outside the folder', async () => {
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/%2E%2E%2Fsecret.txt', '/api/..%2f..%2fsecret.txt', '/..%5csecret.txt', '/%00', '/%E0%A4%A']) {
      const r = await get(p);
      expect(r.status, p).toBe(404);
      expect(r.body, p).not.toContain('do not serve');
    }
  });

  it('sets content types, long cache for hashed assets, no-cache for HTML, and never gzips on the fly', async () => {
    const js = await get('/assets/app-ABC.js');
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
    expect((await get('/robots.txt')).headers['content-type']).toBe('text/plain; charset=utf-8');
    // Compressed bodies come from the `.gz` / `.br` files beside a file (test/serve/precompressed.test.ts).
    const html = await get('/', { 'accept-encoding': 'gzip' });
    expect(html.headers['content-encoding']).toBeUndefined();
    expect(html.headers.vary).toBe('Accept-Encoding');
  });
});

describe('test/helpers/chromium', () => {
  it('fails with install instructions when Chromium is missing', () => {
    expect(() => chromiumPath(['/nonexistent/chromium'])).toThrowErrorMatchingInlineSnapshot(`
      [Error: Chromium was not found (looked at $CHROMIUM_PATH and /usr/bin/chromium). The browser tests need Debian's Chromium:
        sudo apt-get update && sudo apt-get install -y chromium
      or set CHROMIUM_PATH to a Chromium binary. paydocs never downloads a browser.]
    `);
  });
});
