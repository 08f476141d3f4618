import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';
import { outDirProblem } from '../../cli/pipeline/emit/out-dir.ts';
import { paydocs as run } from '../helpers/cli.ts';
import { copyFixture } from '../helpers/fixture.ts';

/** The CLI in `cwd`; by default in the test file's own temporary folder, which holds no project. */
const paydocs = (args: string[], cwd = os.tmpdir()) => run(args, cwd);

// Each test works on a copy of its own: they run side by side.
describe.concurrent('cli/main', () => {
  it('has --help on every command and exits 0', async ({ expect }) => {
    const commands = [[], ['init'], ['build'], ['dev'], ['serve'], ['check'], ['i18n', 'mark']];
    const runs = await Promise.all(commands.map((cmd) => paydocs([...cmd, '--help'])));
    runs.forEach((r, i) => {
      expect(r.code, commands[i]!.join(' ')).toBe(0);
      expect(r.out).toContain('Usage: paydocs');
    });
  });

  it('dev and serve on a port that is taken: exit 1 with the port named, not a stack trace or a process left running', async ({ expect }) => {
    const holder = createServer();
    await new Promise<void>((done) => holder.listen(0, '127.0.0.1', done));
    const port = String((holder.address() as AddressInfo).port);
    try {
      const dir = copyFixture('basic');
      // A built site to serve: the smallest one there is.
      mkdirSync(path.join(dir, 'site'));
      writeFileSync(path.join(dir, 'site/index.html'), '<!doctype html><title>x</title>');
      const commands = [['dev', '--port', port], ['serve', 'site', '--port', port]];
      const runs = await Promise.all(commands.map((args) => run(args, dir, {}, { timeout: 60_000 })));
      runs.forEach((r, i) => {
        const name = commands[i]![0];
        expect(r.code, name).toBe(1);
        expect(r.err, name).toContain(`port ${port} on 127.0.0.1 is in use`);
        expect(r.err, name).not.toContain('    at ');
      });
    } finally {
      holder.close();
    }
  });

  it('exits 2 on usage errors', async ({ expect }) => {
    const [unknown, flag, r] = await Promise.all([paydocs(['frobnicate']), paydocs(['build', '--no-such-flag']), paydocs(['serve', '--port', 'eighty'])]);
    expect(unknown.code).toBe(2);
    expect(flag.code).toBe(2);
    expect(r.code).toBe(2);
    expect(r.err).toContain('expected a port number 0-65535, received `eighty`');
  });

  it('exits 1 with file:line diagnostics on content errors and writes nothing (build), or says nothing of writing (check)', async ({ expect }) => {
    const dir = copyFixture('frontmatter-errors');
    const [r, check] = await Promise.all([paydocs(['build'], dir), paydocs(['check'], copyFixture('frontmatter-errors'))]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('content/docs/api/transaction_create.md:3: sidebar_position: expected number, received string');
    expect(r.err).toMatch(/\n\n✖ 3 errors\. Nothing was written\.\n$/);
    expect(existsSync(path.join(dir, 'dist'))).toBe(false);
    // The same errors from check, which writes nothing and does not say so.
    expect(check.code).toBe(1);
    expect(check.err).toBe(r.err.replace(' Nothing was written.', ''));
  });

  it('exits 1 on a config error naming the key', async ({ expect }) => {
    const dir = copyFixture('basic');
    const cfg = path.join(dir, 'docs.config.ts');
    writeFileSync(cfg, readFileSync(cfg, 'utf8').replace("brand: 'Examplepay',", 'brand: 42,'));
    const r = await paydocs(['check'], dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain('docs.config.ts:6: brand: expected string, received number');
  });

  it('refuses (exit 2) an output folder that a build would replace with the project, its sources or other files in it', async ({ expect }) => {
    const dir = copyFixture('basic');
    mkdirSync(path.join(dir, 'notes'));
    writeFileSync(path.join(dir, 'notes', 'x'), '');
    const refused = [
      ['.', '`.` holds the project itself'],
      ['content', "`content` is the project's `content/`"],
      ['content/docs', '`content/docs` is inside `content/`'],
      ['docs.config.ts', '`docs.config.ts` is a file'],
      ['notes', '`notes` holds other files than a built site'],
    ] as const;
    const runs = await Promise.all(refused.map(([out]) => paydocs(['build', '--out', out], dir)));
    runs.forEach((r, i) => {
      const [out, says] = refused[i]!;
      expect(r.code, out).toBe(2);
      expect(r.err).toContain(`error: option '--out <dir>': ${says}`);
    });
    // Nothing was touched; a new folder, and then the same folder holding a build, are fine.
    expect(existsSync(path.join(dir, 'docs.config.ts')) && existsSync(path.join(dir, 'content/docs')) && existsSync(path.join(dir, 'notes/x'))).toBe(true);
    expect((await paydocs(['build', '--out', 'site'], dir)).code).toBe(0);
    expect((await paydocs(['build', '--out', 'site'], dir)).code).toBe(0);
    // A folder above the project, asked directly (a build there would, on a regression, delete the temp folder).
    expect(outDirProblem(dir, path.dirname(dir))).toContain('holds the project itself');
    expect(outDirProblem(dir, path.join(dir, 'dist'))).toBeUndefined();
    // The cache's folder, which holds the last site a build replaced (its next build would ship it inside the new one).
    expect(outDirProblem(dir, path.join(dir, '.paydocs'))).toContain("is the project's `.paydocs/`");
    expect(outDirProblem(dir, path.join(dir, '.paydocs/site'))).toContain('is inside `.paydocs/`');
  });

  it('builds a site (exit 0) with every route as <path>/index.html, 404 pages, sitemap and robots', async ({ expect }) => {
    const dir = copyFixture('basic');
    const r = await paydocs(['build'], dir);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    for (const f of ['index.html', 'guide/index.html', 'api/create/index.html', 'landing/index.html', 'ru/index.html', 'ru/guide/index.html', '404.html', 'ru/404.html', 'sitemap.xml', 'robots.txt', 'img/favicon.svg']) {
      expect(existsSync(path.join(dir, 'dist', f)), f).toBe(true);
    }
    const sitemap = readFileSync(path.join(dir, 'dist/sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://docs.example.com/ru/guide</loc><xhtml:link rel="alternate" hreflang="en" href="https://docs.example.com/guide"/>');
    expect(readFileSync(path.join(dir, 'dist/ru/index.html'), 'utf8')).toMatch(/^<!doctype html><html lang="ru" dir="ltr"/);
  });

  it('builds one locale with --locale into --out (its links and redirects checked against that locale)', async ({ expect }) => {
    const dir = copyFixture('basic');
    writeFileSync(path.join(dir, 'content/redirects.yaml'), '- from: /old-guide\n  to: /guide\n');
    const r = await paydocs(['build', '--locale', 'ru', '--out', 'site', '--check-links'], dir);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('the linkinator crawl of the built site needs every locale and is skipped');
    expect(existsSync(path.join(dir, 'site/ru/guide/index.html'))).toBe(true);
    expect(readFileSync(path.join(dir, 'site/ru/old-guide/index.html'), 'utf8')).toContain('/ru/guide');
    expect(existsSync(path.join(dir, 'site/guide/index.html'))).toBe(false);
    expect(existsSync(path.join(dir, 'dist'))).toBe(false);
    // An unknown locale is a usage error, for dev too.
    for (const [cmd, bad] of await Promise.all(['build', 'dev'].map(async (cmd) => [cmd, await paydocs([cmd, '--locale', 'de'], dir)] as const))) {
      expect(bad.code, cmd).toBe(2);
      expect(bad.err).toContain("unknown locale `de`; expected one of `en`, `ru`");
    }
  });

  it('--check-links crawls the built site with linkinator', async ({ expect }) => {
    const dir = copyFixture('basic');
    const r = await paydocs(['build', '--check-links'], dir);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/✔ linkinator: \d+ URLs OK on the built site/);
  });
});
