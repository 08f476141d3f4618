import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/chromium.ts';
import { hydrated, newPage } from '../e2e/shell-helpers.ts';

/**
 * paydocs as a new team gets it (issue 34): `npm pack`, the tarball installed in an empty folder from the
 * local npm cache (no network, no install script of paydocs'; see writeOfflineApp), then `paydocs init`, `build` and `check`
 * there with the installed command, the config's types checked by tsc, and the built site in Chromium.
 * Slow (npm packs and installs), so one install serves every test of the file, in order.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const INSTALL_TIMEOUT = 600_000;

interface Run {
  code: number | null;
  out: string;
  err: string;
}

/**
 * npm's environment without what `npm test` passes to its scripts: `npm_config_*` (its prefix would
 * install into this repository), the package's and the lifecycle's variables. The cache stays: it is
 * where the packages come from.
 */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const key of Object.keys(env)) if (/^npm_/i.test(key) && key.toLowerCase() !== 'npm_config_cache') delete env[key];
  delete env.INIT_CWD;
  return env;
}

/** Runs a command to its exit (no timer: a busy machine is slow, not wrong); output kept for the failure message. */
function run(command: string, args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

interface LockEntry {
  dev?: boolean;
  link?: boolean;
  [key: string]: unknown;
}

/**
 * An empty project that depends on the tarball, with a lockfile so that npm installs it from the local
 * cache alone. `npm install <tarball> --offline` cannot: it resolves every version range against the
 * registry's package documents, which `npm ci` never stores (it fetches tarballs by the lockfile's
 * URLs). The lockfile pins paydocs' dependencies to the versions this repository's lockfile has and
 * tested with, and takes only the entries npm marks as not dev: the closure of `dependencies`. So a
 * package the CLI imports but lists as a devDependency is missing here as it would be for a new team,
 * and the CLI fails.
 */
function writeOfflineApp(app: string, tarball: string): void {
  const repoPkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  const repoLock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const spec = `file:${tarball}`;
  const packages: Record<string, unknown> = {
    '': { name: 'app', dependencies: { paydocs: spec } },
    'node_modules/paydocs': { version: repoPkg.version, resolved: spec, dependencies: repoPkg.dependencies, bin: repoPkg.bin, engines: repoPkg.engines },
  };
  for (const [key, entry] of Object.entries(repoLock.packages)) {
    if (key.startsWith('node_modules/') && !entry.dev && !entry.link) packages[key] = entry;
  }
  // ESM, as init's sites are, so that tsc reads typed.ts as a module.
  writeFileSync(path.join(app, 'package.json'), `${JSON.stringify({ name: 'app', private: true, type: 'module', dependencies: { paydocs: spec } }, null, 2)}\n`);
  writeFileSync(path.join(app, 'package-lock.json'), `${JSON.stringify({ name: 'app', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`);
}

const shown = (r: Run) => `exit ${r.code}\n--- stdout\n${r.out}\n--- stderr\n${r.err}`;

let work: string;
let app: string;
let site: string;
/** The installed command, through npm's bin link: what `npx paydocs` runs. */
let paydocs: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'paydocs-package-'));
  const packDir = path.join(work, 'pack');
  mkdirSync(packDir);
  // prepack compiles (only what changed: `npm test` compiled already).
  const pack = await run('npm', ['pack', '--json', '--pack-destination', packDir], ROOT);
  expect(pack.code, shown(pack)).toBe(0);
  const [{ filename }] = JSON.parse(pack.out.slice(pack.out.indexOf('['))) as Array<{ filename: string }>;
  const tarball = path.join(packDir, filename);

  app = path.join(work, 'app');
  mkdirSync(app);
  writeOfflineApp(app, path.relative(app, tarball).split(path.sep).join('/'));
  const install = await run('npm', ['ci', '--offline', '--no-audit', '--no-fund'], app);
  expect(install.code, shown(install)).toBe(0);
  paydocs = path.join(app, 'node_modules/.bin/paydocs');
  site = path.join(app, 'site');
}, INSTALL_TIMEOUT);

describe('the npm package (npm pack, installed in an empty folder)', () => {
  it('installs with nothing run or patched at install, and ships no tests or portal content', () => {
    const pkg = JSON.parse(readFileSync(path.join(app, 'node_modules/paydocs/package.json'), 'utf8')) as { scripts?: Record<string, string> };
    for (const hook of ['preinstall', 'install', 'postinstall']) expect(pkg.scripts?.[hook], hook).toBeUndefined();
    for (const shipped of ['bin/paydocs.js', 'lib/cli/main.js', 'lib/config/index.d.ts', 'renderer/entry-client.tsx', 'templates/default/docs.config.ts', 'schemas/frontmatter.schema.json']) {
      expect(existsSync(path.join(app, 'node_modules/paydocs', shipped)), shipped).toBe(true);
    }
    for (const left of ['content', 'test', 'bench', 'docs.config.ts', 'cli']) expect(existsSync(path.join(app, 'node_modules/paydocs', left)), left).toBe(false);
    // linkinator, which `build --check-links` imports, came with it as a dependency.
    expect(existsSync(path.join(app, 'node_modules/linkinator/package.json'))).toBe(true);
  });

  it('`paydocs init site --locale de` scaffolds a site, and refuses the same folder again with exit 2', async () => {
    const init = await run(paydocs, ['init', 'site', '--locale', 'de'], app);
    expect(init.code, shown(init)).toBe(0);
    for (const file of ['docs.config.ts', 'content/docs/intro.md', 'content/i18n/de/intro.md', 'package.json', '.gitignore', '.vscode/settings.json', 'content/static/img/favicon.svg']) {
      expect(existsSync(path.join(site, file)), file).toBe(true);
    }
    expect(readFileSync(path.join(site, 'docs.config.ts'), 'utf8')).toContain("import { defineConfig } from 'paydocs';");
    const settings = readFileSync(path.join(site, '.vscode/settings.json'), 'utf8');
    expect(settings).toContain('./node_modules/paydocs/schemas/category.schema.json');
    expect(settings).toContain('./node_modules/paydocs/schemas/redirects.schema.json');
    const sitePkg = JSON.parse(readFileSync(path.join(site, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; scripts: Record<string, string> };
    expect(Object.keys(sitePkg.dependencies)).toEqual(['paydocs']);
    expect(sitePkg.scripts).toMatchObject({ dev: 'paydocs dev', build: 'paydocs build' });

    const again = await run(paydocs, ['init', 'site'], app);
    expect(again.code, shown(again)).toBe(2);
    expect(again.err).toContain('`site` is not empty');
  }, 120_000);

  it('builds and checks the new site with no warning, and its config type-checks against the installed types', async () => {
    // The config's types come from the package: a key the config lacks must fail, so the import is not `any`.
    writeFileSync(
      path.join(app, 'typed.ts'),
      [
        "import { defineConfig, type PaydocsUserConfig } from 'paydocs';",
        "import config from './site/docs.config.ts';",
        'const brand: string = config.brand;',
        'const copy: PaydocsUserConfig = { ...config, brand };',
        '// @ts-expect-error: `colour` is not a key of the config',
        "defineConfig({ ...copy, colour: 'blue' });",
        '// @ts-expect-error: `brand` is a string',
        'defineConfig({ ...copy, brand: 42 });',
        '',
      ].join('\n'),
    );
    writeFileSync(
      path.join(app, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, allowImportingTsExtensions: true, types: [] }, files: ['typed.ts'] }),
    );
    // The two compiler runs read the site and write nothing: they run beside the builds.
    const typed = run(process.execPath, [TSC, '-p', path.join(app, 'tsconfig.json')], app);
    // And the site's own tsconfig, as the writer's editor reads it.
    const own = run(process.execPath, [TSC, '-p', path.join(site, 'tsconfig.json')], site);

    const build = await run(paydocs, ['build'], site);
    expect(build.code, shown(build)).toBe(0);
    expect(build.err, 'no warning').toBe('');
    const html = readFileSync(path.join(site, 'dist/index.html'), 'utf8');
    expect(html).toMatch(/<title>Introduction \| Site<\/title>/);
    expect(html).toMatch(/<h1[^>]*>Introduction<\/h1>/);
    expect(existsSync(path.join(site, 'dist/de/index.html'))).toBe(true);
    // The cache's key finds npm's record of the packages in the project's node_modules: a second build reuses every page.
    const rebuild = await run(paydocs, ['build'], site);
    expect(rebuild.code, shown(rebuild)).toBe(0);
    expect(rebuild.out).toMatch(/; (\d+) of \1 Markdown pages unchanged, from \.paydocs\/cache\)/);

    const check = await run(paydocs, ['check'], site);
    expect(check.code, shown(check)).toBe(0);
    expect(check.out).toContain('No errors in 2 pages');

    for (const r of await Promise.all([typed, own])) expect(r.code, shown(r)).toBe(0);
  }, 300_000);

  describe('the built site in Chromium, served by the installed `paydocs serve`', () => {
    let server: ChildProcess | undefined;
    let origin: string;
    let browser: Browser;

    beforeAll(async () => {
      server = spawn(paydocs, ['serve', 'dist', '--port', '0'], { cwd: site, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
      origin = await new Promise<string>((resolve, reject) => {
        let output = '';
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const m = /Serving dist at (http:\/\/[^/\s]+)\//.exec(output);
          if (m) resolve(m[1]!);
        };
        server!.stdout!.on('data', onData);
        server!.stderr!.on('data', onData);
        server!.on('exit', (code) => reject(new Error(`paydocs serve exited with ${code} before serving:\n${output}`)));
      });
      browser = await launchBrowser();
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      if (server && server.exitCode === null) {
        const exited = new Promise((resolve) => server!.once('exit', resolve));
        server.kill();
        await exited;
      }
    });

    it('renders the intro page and hydrates with no console error, in both locales', async () => {
      for (const [url, lang] of [[`${origin}/`, 'en'], [`${origin}/de`, 'de']] as const) {
        const page = await newPage(browser);
        const problems: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
        });
        page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
        const response = await page.goto(url);
        expect(response?.status(), url).toBe(200);
        await hydrated(page);
        expect(await page.locator('h1').first().textContent()).toBe('Introduction');
        expect(await page.title()).toBe('Introduction | Site');
        expect(await page.getAttribute('html', 'lang')).toBe(lang);
        expect(problems, url).toEqual([]);
        await page.close();
      }
    }, 120_000);
  });
});
