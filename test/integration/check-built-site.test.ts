import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { checkBuiltSite } from '../../cli/pipeline/check/check-built-site.ts';
import { validateConfig } from '../../cli/pipeline/load/load-config.ts';
import { PaydocsError } from '../../cli/diagnostics.ts';
import { copyFixture } from '../helpers/fixture.ts';

let root: string;
let outDir: string;
let config: ReturnType<typeof validateConfig>;
const redirects = [{ from: '/old-guide', to: '/guide' }];

beforeAll(async () => {
  root = copyFixture('basic');
  writeFileSync(path.join(root, 'content/redirects.yaml'), '- from: /old-guide\n  to: /guide\n');
  outDir = path.join(root, 'dist');
  config = (await buildSite({ root, outDir })).config;
});

/** A fresh copy of the built site to break. */
function copyOfDist(): string {
  const dir = path.join(root, `dist-${Math.random().toString(36).slice(2)}`);
  cpSync(outDir, dir, { recursive: true });
  return dir;
}

async function problems(dir: string, outName?: string): Promise<string[]> {
  try {
    await checkBuiltSite({ dir, config, external: false, redirects, outName, log: () => undefined });
    return [];
  } catch (error) {
    if (error instanceof PaydocsError) return error.diagnostics.map((d) => `${d.file ?? '-'}: ${d.message}`);
    throw error;
  }
}

describe('cli/pipeline/check/check-built-site', () => {
  it('passes on a good build, starting from chunks, sitemap, redirects and llms.txt, listing external links unfetched', async () => {
    const lines: string[] = [];
    const result = await checkBuiltSite({ dir: outDir, config, external: false, redirects, log: (l) => lines.push(l) });
    const chunks = readdirSync(path.join(outDir, 'assets/p')).map((f) => `/assets/p/${f}`);
    expect(result.starts).toEqual(expect.arrayContaining(['/', '/ru/', '/llms.txt', '/ru/llms-full.txt', '/404.html', '/ru/guide', '/guide.md', '/ru/index.md', '/old-guide', '/ru/old-guide', ...chunks]));
    expect(result.external).toEqual(['https://help.example.com/']);
    expect(lines.join('\n')).toMatch(/^✔ linkinator: \d+ URLs OK on the built site \(\d+ start URLs\); 1 external links listed, not fetched \(use --external to fetch them\)\n {2}external {2}https:\/\/help\.example\.com\/$/);
  });

  it('finds a missing page chunk (only client navigation requests it)', async () => {
    const dir = copyOfDist();
    const chunk = readFileSync(path.join(dir, 'assets', readdirSync(path.join(dir, 'assets')).find((f) => f.startsWith('routes-en-'))!), 'utf8');
    const guideChunk = /"\/guide":"([^"]+)"/.exec(chunk)![1]!;
    rmSync(path.join(dir, guideChunk));
    expect(await problems(dir)).toEqual([`-: HTTP 404 for \`${guideChunk}\` (a start URL: sitemap, page chunk, Markdown twin, redirect or llms.txt)`]);
  });

  it('finds a missing Markdown twin, and a redirect page whose target is gone', async () => {
    const dir = copyOfDist();
    rmSync(path.join(dir, 'ru/guide.md'));
    writeFileSync(path.join(dir, 'old-guide/index.html'), readFileSync(path.join(dir, 'old-guide/index.html'), 'utf8').replaceAll('/guide', '/guide-gone'));
    expect((await problems(dir)).sort()).toEqual([
      '-: HTTP 404 for `/ru/guide.md` (a start URL: sitemap, page chunk, Markdown twin, redirect or llms.txt)',
      'dist/old-guide/index.html: HTTP 404 for `/guide-gone`',
    ]);
    // The built file is named in the output folder the user named (`--out site`), not the one checked.
    expect(await problems(dir, 'site')).toContain('site/old-guide/index.html: HTTP 404 for `/guide-gone`');
  });

  it('fetches external links only with `external`', async () => {
    // A second loopback server stands for the outside world and records what it is asked for.
    const asked: string[] = [];
    const outside = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.statusCode = req.url === '/partner' ? 200 : 404;
      res.end(res.statusCode === 200 ? 'ok' : 'not found');
    });
    await new Promise<void>((r) => outside.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(outside.address() as AddressInfo).port}`;
    const dir = copyOfDist();
    writeFileSync(path.join(dir, 'index.html'), readFileSync(path.join(dir, 'index.html'), 'utf8').replace('</main>', `<a href="${origin}/partner">partner</a></main>`));
    // The navbar's external link (https://help.example.com on every page) pointed at a page the outside does not have:
    // a real host, unreachable from a test, made the check wait on DNS and its retries (18 s).
    for (const file of (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.html'))) {
      const abs = path.join(dir, file);
      writeFileSync(abs, readFileSync(abs, 'utf8').replaceAll('"https://help.example.com"', `"${origin}/gone"`));
    }
    try {
      const listed = await checkBuiltSite({ dir, config, external: false, redirects, log: () => undefined });
      expect(listed.external).toEqual([`${origin}/gone`, `${origin}/partner`]);
      expect(asked).toEqual([]);
      const error = await checkBuiltSite({ dir, config, external: true, redirects, log: () => undefined }).catch((e: unknown) => e);
      expect(asked).toEqual(expect.arrayContaining(['/partner', '/gone']));
      const diagnostics = (error as PaydocsError).diagnostics;
      expect(diagnostics.length).toBeGreaterThan(0);
      expect(diagnostics.every((d) => d.message.includes(`${origin}/gone`))).toBe(true);
    } finally {
      outside.close();
    }
  });
});
