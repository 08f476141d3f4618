import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRequestPath } from '../../../cli/serve/static-handler.ts';
import { makeSite, rawRequest, serve, type Served } from './http.ts';

// Issue 33, failure 4: `/./index.html` gave 404 where nginx gives 200. Dot segments are merged
// the way nginx merges them; what climbs above the root stays refused.
let s: Served;
let dist: string;

beforeAll(async () => {
  const site = makeSite({ 'index.html': '<h1>home</h1>', 'api/x/index.html': '<h1>x</h1>' });
  dist = site.dist;
  writeFileSync(path.join(site.base, 'secret.txt'), 'do not serve');
  s = await serve(dist);
});
afterAll(() => s.close());

describe('serve: dot segments', () => {
  it('merges `.` and `..` that stay inside the root, like nginx', async () => {
    for (const p of ['/./index.html', '/a/../index.html', '/api/./x/', '/api/y/../x/index.html', '/a/%2e%2e/index.html', '/a/b/../../api/x']) {
      const r = await rawRequest(s.url, p);
      expect(r.status, p).toBe(200);
    }
    expect((await rawRequest(s.url, '/api/y/../x/')).body.toString()).toBe('<h1>x</h1>');
  });

  it('never climbs above the root', async () => {
    for (const p of ['/../secret.txt', '/a/../../secret.txt', '/./../secret.txt', '/%2e%2e/secret.txt', '/api/..%2f..%2f..%2fsecret.txt', '/a/../..']) {
      const r = await rawRequest(s.url, p);
      expect([400, 404], p).toContain(r.status);
      expect(r.body.toString(), p).not.toContain('do not serve');
    }
  });

  it('resolveRequestPath merges them too', () => {
    expect(resolveRequestPath(dist, '/./index.html')).toBe(path.join(dist, 'index.html'));
    expect(resolveRequestPath(dist, '/a/../api/x')).toBe(path.join(dist, 'api/x/index.html'));
    expect(resolveRequestPath(dist, '/a/../../secret.txt')).toBeUndefined();
  });
});
