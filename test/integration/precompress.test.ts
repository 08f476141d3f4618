/**
 * `paydocs build --precompress` (issue 33, `serve`): `.gz` and `.br` beside every text file of the
 * site, static ones included, which `paydocs serve` (and nginx's gzip_static and brotli_static) send.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../cli/pipeline/emit/emit-site.ts';
import { copyFixture, ROOT } from '../helpers/fixture.ts';
import { rawRequest, serve, type Served } from '../unit/serve/http.ts';

let site: string;
let dist: string;
let served: Served;

beforeAll(async () => {
  site = copyFixture('basic');
  // A static text file big enough to be worth compressing.
  writeFileSync(path.join(site, 'content/static/notes.txt'), 'Corvopay settles card payments daily.\n'.repeat(100));
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/paydocs.js'), 'build', '--precompress', '--check-links'], { cwd: site, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  dist = path.join(site, 'dist');
  served = await serve(dist);
});
afterAll(() => served?.close());

describe('paydocs build --precompress', () => {
  it('writes .gz and .br beside each text file of 1 KiB or more, generated or static, with the same bytes inside', () => {
    const files = listFiles(dist).filter((f) => !/\.(gz|br)$/.test(f));
    const text = files.filter((f) => /\.(html|js|css|json|xml|txt|md|svg)$/.test(f) && statSync(path.join(dist, f)).size >= 1024);
    expect(text.length).toBeGreaterThan(20);
    expect(text).toContain('notes.txt');
    expect(text).toContain('index.html');
    for (const f of text) {
      const original = readFileSync(path.join(dist, f));
      expect(gunzipSync(readFileSync(path.join(dist, `${f}.gz`))).equals(original), f).toBe(true);
      expect(brotliDecompressSync(readFileSync(path.join(dist, `${f}.br`))).equals(original), f).toBe(true);
    }
  });

  it('leaves small files and images without siblings', () => {
    const small = listFiles(dist).filter((f) => !/\.(gz|br)$/.test(f) && statSync(path.join(dist, f)).size < 1024);
    expect(small.length).toBeGreaterThan(0);
    for (const f of small) expect(existsSync(path.join(dist, `${f}.gz`)), f).toBe(false);
  });

  it('is what serve sends to a browser that takes br or gzip', async () => {
    const page = readFileSync(path.join(dist, 'index.html'));
    const br = await rawRequest(served.url, '/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(page)).toBe(true);
    const gz = await rawRequest(served.url, '/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(page)).toBe(true);
  });

  it('is off by default: a plain build writes no sibling', () => {
    const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/paydocs.js'), 'build', '--out', 'plain'], { cwd: site, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(listFiles(path.join(site, 'plain')).filter((f) => /\.(gz|br)$/.test(f))).toEqual([]);
  });
});
