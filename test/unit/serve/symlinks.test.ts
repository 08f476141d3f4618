import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRequestPath } from '../../../cli/serve/static-handler.ts';
import { makeSite, rawRequest, serve } from './http.ts';

// Issue 33, failure 1: a symlink in dist/ was followed wherever it pointed, and one to /proc/self/mem killed the server.
let url: string;
let close: () => Promise<void>;
let dist: string;

beforeAll(async () => {
  const site = makeSite({ 'index.html': '<h1>home</h1>', 'real.txt': 'inside', 'docs/page/index.html': '<h1>page</h1>' });
  dist = site.dist;
  writeFileSync(path.join(site.base, 'secret.txt'), 'outside secret');
  mkdirSync(path.join(site.base, 'outdir'));
  writeFileSync(path.join(site.base, 'outdir', 'index.html'), 'outside dir secret');
  mkdirSync(path.join(dist, 'img'));
  symlinkSync('/etc/passwd', path.join(dist, 'passwd.txt'));
  symlinkSync(path.join(site.base, 'secret.txt'), path.join(dist, 'img', 'logo-dark.svg'));
  symlinkSync('../secret.txt', path.join(dist, 'relative.txt'));
  symlinkSync(path.join(site.base, 'outdir'), path.join(dist, 'outdir'));
  symlinkSync('/proc/self/mem', path.join(dist, 'mem.bin'));
  symlinkSync('/etc', path.join(dist, 'etc'));
  // Links that stay inside the folder are a host's business as usual.
  symlinkSync('real.txt', path.join(dist, 'alias.txt'));
  symlinkSync('docs', path.join(dist, 'docs-alias'));
  ({ url, close } = await serve(dist));
});
afterAll(() => close());

describe('serve: real paths', () => {
  it('answers 404 for links whose target is outside the folder, files and folders alike', async () => {
    for (const p of ['/passwd.txt', '/img/logo-dark.svg', '/relative.txt', '/outdir/', '/outdir/index.html', '/etc/passwd', '/etc/hostname']) {
      const r = await rawRequest(url, p);
      expect([403, 404], p).toContain(r.status);
      const body = r.body.toString();
      expect(body, p).not.toContain('secret');
      expect(body, p).not.toContain('root:');
    }
  });

  it('answers a link to /proc/self/mem with 404 and keeps answering', async () => {
    const r = await rawRequest(url, '/mem.bin');
    expect([403, 404]).toContain(r.status);
    expect((await rawRequest(url, '/')).status).toBe(200);
  });

  it('still follows links that stay inside the folder', async () => {
    expect((await rawRequest(url, '/alias.txt')).body.toString()).toBe('inside');
    expect((await rawRequest(url, '/docs-alias/page/')).body.toString()).toBe('<h1>page</h1>');
  });

  it('resolveRequestPath, which `dev` and the link checker use, refuses the same links', () => {
    expect(resolveRequestPath(dist, '/passwd.txt')).toBeUndefined();
    expect(resolveRequestPath(dist, '/outdir/')).toBeUndefined();
    expect(resolveRequestPath(dist, '/mem.bin')).toBeUndefined();
    expect(resolveRequestPath(dist, '/alias.txt')).toBe(path.join(dist, 'alias.txt'));
  });
});

describe('serve: a 404 page that is a link outside', () => {
  it('is not served either', async () => {
    const site = makeSite({ 'index.html': 'home' });
    writeFileSync(path.join(site.base, 'secret.txt'), 'outside secret');
    symlinkSync(path.join(site.base, 'secret.txt'), path.join(site.dist, '404.html'));
    const s = await serve(site.dist);
    try {
      const r = await rawRequest(s.url, '/nope');
      expect(r.status).toBe(404);
      expect(r.body.toString()).not.toContain('secret');
    } finally {
      await s.close();
    }
  });
});
