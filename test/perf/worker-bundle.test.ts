import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleCacheDir, bundleCacheDirs, manifestFile, stamp } from '../../cli/bundle-cache.js';
import { bundledModule, pruneBundleCache, UNUSED_BUNDLE_TTL_MS, WORKER_CACHE_DIR } from '../../cli/workers/worker-bundle.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { PROJECT_ROOT } from '../helpers/site.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'paydocs-worker-bundle-'));
const name = `test-${path.basename(dir)}`;
const entry = path.join(dir, 'entry.ts');
const helper = path.join(dir, 'helper.ts');
writeFileSync(helper, "export const answer = (): string => 'first';\n");
writeFileSync(entry, "import { parentPort } from 'node:worker_threads';\nimport { answer } from './helper.ts';\nparentPort!.postMessage({ answer: answer(), here: import.meta.url });\n");

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  for (const f of readdirSync(WORKER_CACHE_DIR)) if (f.startsWith(name)) rmSync(path.join(WORKER_CACHE_DIR, f), { recursive: true, force: true });
});

const run = (url: URL) =>
  new Promise<{ answer: string; here: string }>((resolve, reject) => {
    const w = new Worker(url);
    w.once('message', (m: { answer: string; here: string }) => void w.terminate().then(() => resolve(m)));
    w.once('error', reject);
  });

describe('cli/build/worker-bundle', () => {
  it('bundles the entry and the files it imports into a module a worker runs, in a folder of the cache; import.meta.url stays the source file', async () => {
    const url = await bundledModule(entry, name);
    expect(path.dirname(path.dirname(fileURLToPath(url)))).toBe(WORKER_CACHE_DIR);
    expect(await run(url)).toEqual({ answer: 'first', here: `file://${entry}` });
  });

  it('reuses the bundle while no source changed (the file is not written again)', async () => {
    const first = await bundledModule(entry, name);
    const written = statSync(fileURLToPath(first)).mtimeMs;
    const again = await bundledModule(entry, name);
    expect(again.href).toBe(first.href);
    expect(statSync(fileURLToPath(again)).mtimeMs).toBe(written);
  });

  it('bundles again when an imported file changes, even with the same size', async () => {
    const first = await bundledModule(entry, name);
    writeFileSync(helper, "export const answer = (): string => 'other';\n");
    // Same length as before; a different mtime is what tells.
    const later = new Date(Date.now() + 5000);
    utimesSync(helper, later, later);
    const second = await bundledModule(entry, name);
    expect(second.href).not.toBe(first.href);
    expect((await run(second)).answer).toBe('other');
  });

  it('keeps one cache entry per entry file: a second checkout with the same worker name runs its own code', async () => {
    // Two paydocs checkouts sharing one node_modules (git worktrees) bundle workers of the same name.
    const other = mkdtempSync(path.join(tmpdir(), 'paydocs-worker-bundle-other-'));
    try {
      writeFileSync(path.join(other, 'helper.ts'), "export const answer = (): string => 'second checkout';\n");
      writeFileSync(path.join(other, 'entry.ts'), "import { parentPort } from 'node:worker_threads';\nimport { answer } from './helper.ts';\nparentPort!.postMessage({ answer: answer(), here: import.meta.url });\n");
      const mine = await bundledModule(entry, name);
      const theirs = await bundledModule(path.join(other, 'entry.ts'), name);
      // Each, asked again, gets its own bundle back, not the one written last.
      expect((await run(await bundledModule(entry, name))).here).toBe(`file://${entry}`);
      expect((await run(await bundledModule(path.join(other, 'entry.ts'), name))).answer).toBe('second checkout');
      expect(mine.href).not.toBe(theirs.href);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('records the bundler itself, the install and the patches applied to it among the inputs: a bundle made another way, or of other packages, is made again', async () => {
    await bundledModule(entry, name);
    const { inputs } = JSON.parse(readFileSync(manifestFile(WORKER_CACHE_DIR, name, entry), 'utf8')) as { inputs: Array<[string, number, number]> };
    const patches = readdirSync(path.join(PROJECT_ROOT, 'patches')).map((f) => path.join(PROJECT_ROOT, 'patches', f));
    expect(patches.length).toBeGreaterThan(0);
    expect(inputs.map(([file]) => file)).toEqual(
      expect.arrayContaining([entry, helper, path.join(PROJECT_ROOT, 'cli/build/worker-bundle.ts'), path.join(PROJECT_ROOT, 'node_modules/.package-lock.json'), path.join(PROJECT_ROOT, 'patches'), ...patches]),
    );
  });

  it('gives a dynamically imported module a chunk of its own, with the packages only it imports', async () => {
    const lazyName = `${name}-lazy`;
    const lazyEntry = path.join(dir, 'lazy-entry.ts');
    writeFileSync(path.join(dir, 'lazy.ts'), "import YAML from 'yaml';\nexport const parse = (t: string): unknown => YAML.parse(t);\n");
    writeFileSync(lazyEntry, "import { parentPort } from 'node:worker_threads';\nconst { parse } = await import('./lazy.ts');\nparentPort!.postMessage({ answer: JSON.stringify(parse('a: 1')), here: import.meta.url });\n");
    const url = await bundledModule(lazyEntry, lazyName);
    // Loading the entry does not load the package: `paydocs --version` does not load the pipeline's.
    expect(readFileSync(url, 'utf8')).not.toContain('/node_modules/yaml/');
    expect(readdirSync(path.dirname(fileURLToPath(url))).length).toBeGreaterThan(1);
    expect((await run(url)).answer).toBe('{"a":1}');
  });
});

describe('bundledModule with packages bundled', () => {
  it('bundles packages in (ES modules and CommonJS, with their require() of built-ins and their own __dirname) and keeps built-ins as imports', async () => {
    const pkgDir = path.join(dir, 'node_modules/fake-cjs');
    mkdirSync(pkgDir, { recursive: true });
    writeFileSync(path.join(pkgDir, 'package.json'), JSON.stringify({ name: 'fake-cjs', version: '1.0.0', main: 'index.js' }));
    writeFileSync(path.join(pkgDir, 'index.js'), "const path = require('path');\nconst { existsSync } = require('node:fs');\nexports.where = () => path.basename(__dirname) + ':' + existsSync(__filename);\n");
    const entryWithPackages = path.join(dir, 'packages-entry.ts');
    writeFileSync(
      entryWithPackages,
      "import { parentPort } from 'node:worker_threads';\nimport YAML from 'yaml';\nimport { where } from 'fake-cjs';\nparentPort!.postMessage({ answer: `${where()} ${JSON.stringify(YAML.parse('a: 1'))}`, here: import.meta.url });\n",
    );
    const url = await bundledModule(entryWithPackages, `${name}-packages`, { packages: 'bundle' });
    const code = readdirSync(path.dirname(fileURLToPath(url))).map((f) => readFileSync(path.join(path.dirname(fileURLToPath(url)), f), 'utf8')).join('\n');
    // No package is imported from node_modules any more; the built-ins still are.
    expect(code).not.toMatch(/from\s*"file:\/\/[^"]*node_modules/);
    expect(code).toMatch(/from\s*"node:worker_threads"/);
    expect(await run(url)).toEqual({ answer: 'fake-cjs:true {"a":1}', here: `file://${entryWithPackages}` });
  });

  it('keeps a bundle per mode: the same entry with packages imported or bundled', async () => {
    const yamlEntry = path.join(dir, 'yaml-entry.ts');
    writeFileSync(yamlEntry, "import { parentPort } from 'node:worker_threads';\nimport YAML from 'yaml';\nparentPort!.postMessage({ answer: JSON.stringify(YAML.parse('a: 1')), here: import.meta.url });\n");
    const bundled = await bundledModule(yamlEntry, `${name}-modes`, { packages: 'bundle' });
    const imported = await bundledModule(yamlEntry, `${name}-modes`);
    const importsYaml = /from\s*"file:[^"]*\/node_modules\/yaml\//;
    expect(readFileSync(imported, 'utf8')).toMatch(importsYaml);
    expect(readFileSync(bundled, 'utf8')).not.toMatch(importsYaml);
    expect((await bundledModule(yamlEntry, `${name}-modes`, { packages: 'bundle' })).href).toBe(bundled.href);
    expect((await bundledModule(yamlEntry, `${name}-modes`)).href).toBe(imported.href);
    expect((await run(bundled)).answer).toBe('{"a":1}');
  });
});

describe('pruneBundleCache', () => {
  it('deletes stale manifests, and bundles and leftovers unused for a day, keeping what a fresh manifest points at and anything newer', () => {
    const cache = mkdtempSync(path.join(tmpdir(), 'paydocs-bundle-cache-'));
    const src = mkdtempSync(path.join(tmpdir(), 'paydocs-bundle-src-'));
    const source = (file: string) => {
      writeFileSync(path.join(src, file), `export const f = '${file}';\n`);
      return path.join(src, file);
    };
    const bundleDir = (dir: string, ageMs: number) => {
      mkdirSync(path.join(cache, dir));
      writeFileSync(path.join(cache, dir, 'x.mjs'), '');
      const t = new Date(Date.now() - ageMs);
      utimesSync(path.join(cache, dir), t, t);
      return path.join(cache, dir, 'x.mjs');
    };
    const manifest = (name: string, file: string, inputs: string[]) => writeFileSync(path.join(cache, name), JSON.stringify({ file, inputs: inputs.map((i) => stamp(i) ?? [i, 0, 0]) }));
    const day = UNUSED_BUNDLE_TTL_MS;
    // In use: its sources are unchanged. Old, but a fresh manifest points at it.
    manifest('cli-aaaa.json', bundleDir('cli-1111', 2 * day), [source('main.ts')]);
    // A source changed since: this checkout bundles anew on its next run.
    const changed = source('changed.ts');
    manifest('cli-bbbb.json', bundleDir('cli-2222', 2 * day), [changed]);
    writeFileSync(changed, 'export const f = 2;\n// longer now\n');
    // The checkout is gone.
    manifest('cli-cccc.json', bundleDir('cli-3333', 2 * day), [path.join(src, 'gone/main.ts')]);
    // Unused but recent: a process started from it may still import its chunks.
    bundleDir('compile-worker-4444', day / 2);
    // An old chunk of an earlier layout, and a half-written bundle of a run that died.
    writeFileSync(path.join(cache, 'chunk-OLD.mjs'), '');
    utimesSync(path.join(cache, 'chunk-OLD.mjs'), new Date(Date.now() - 2 * day), new Date(Date.now() - 2 * day));
    bundleDir('cli-5555.123.abc', 2 * day);
    // Not ours: left alone.
    writeFileSync(path.join(cache, 'notes.json'), 'not json');
    try {
      const removed = pruneBundleCache(cache);
      expect(removed.sort()).toEqual(['chunk-OLD.mjs', 'cli-2222', 'cli-3333', 'cli-5555.123.abc', 'cli-bbbb.json', 'cli-cccc.json']);
      expect(readdirSync(cache).sort()).toEqual(['cli-1111', 'cli-aaaa.json', 'compile-worker-4444', 'notes.json']);
      // Nothing more to do the second time.
      expect(pruneBundleCache(cache)).toEqual([]);
    } finally {
      rmSync(cache, { recursive: true, force: true });
      rmSync(src, { recursive: true, force: true });
    }
  });
});

describe('bin/paydocs.js', () => {
  // tsx's register() goes through module.register: a preload that reports the call tells whether the
  // CLI loaded TypeScript through module hooks (a thread of its own, busy for most of a second).
  const preload = `data:text/javascript,${encodeURIComponent("import m from 'node:module'; const r = m.register; m.register = (...a) => { process.stderr.write('MODULE-HOOKS\\n'); return r(...a); };")}`;
  const paydocs = (args: string[], cwd: string) => spawnSync(process.execPath, ['--import', preload, path.join(PROJECT_ROOT, 'bin/paydocs.js'), ...args], { cwd, encoding: 'utf8' });

  it('runs from the cached bundle of the CLI, with no module hooks, and loads docs.config.ts without them', () => {
    const site = copyFixture('basic');
    const first = paydocs(['build', '--out', path.join(site, 'dist')], site);
    expect(first.status, first.stderr).toBe(0);
    const again = paydocs(['build', '--out', path.join(site, 'dist')], site);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('MODULE-HOOKS');
    expect(again.stdout).toMatch(/Built \d+ pages/);
  });

  /**
   * A copy of paydocs whose own cache cannot be made, as in an install it cannot write to (a read-only
   * image layer, a Nix store, a global install run by another user). A folder's permissions would not
   * stop root, who runs CI; a file where the cache folder goes stops anyone. Its packages are the
   * checkout's, linked.
   */
  function readOnlyInstall(): string {
    const pkg = mkdtempSync(path.join(tmpdir(), 'paydocs-ro-install-'));
    for (const entry of ['bin', 'cli', 'config', 'renderer', 'package.json', 'tsconfig.json']) cpSync(path.join(PROJECT_ROOT, entry), path.join(pkg, entry), { recursive: true });
    mkdirSync(path.join(pkg, 'node_modules'));
    for (const name of readdirSync(path.join(PROJECT_ROOT, 'node_modules'))) {
      if (name !== '.cache') symlinkSync(path.join(PROJECT_ROOT, 'node_modules', name), path.join(pkg, 'node_modules', name));
    }
    writeFileSync(path.join(pkg, 'node_modules/.cache'), 'not a folder');
    return pkg;
  }

  it('builds from an install it cannot write to: its bundles go to the user cache, are reused by the next run, and nothing is left in the temporary folder', () => {
    const pkg = readOnlyInstall();
    const home = mkdtempSync(path.join(tmpdir(), 'paydocs-ro-home-'));
    const env = { ...process.env, XDG_CACHE_HOME: path.join(home, 'cache'), TMPDIR: path.join(home, 'tmp') };
    mkdirSync(env.TMPDIR, { recursive: true });
    const site = copyFixture('basic');
    // A custom page with state: rendered with another copy of React than the theme's, its hook would throw.
    writeFileSync(
      path.join(site, 'content/pages/counter.tsx'),
      "import { useState } from 'react';\nexport const meta = { title: { en: 'Counter', ru: 'Счётчик' }, description: { en: 'A page with state.', ru: 'Страница с состоянием.' } };\nexport default function Counter() {\n  const [n] = useState(41);\n  return <p id=\"counter\">{n + 1}</p>;\n}\n",
    );
    const run = () => spawnSync(process.execPath, ['--import', preload, path.join(pkg, 'bin/paydocs.js'), 'build', '--out', path.join(site, 'dist')], { cwd: site, encoding: 'utf8', env });
    try {
      const first = run();
      expect(first.status, first.stderr).toBe(0);
      expect(first.stderr).toContain('MODULE-HOOKS'); // no bundle of the CLI yet: made from its TypeScript
      const [userCache] = bundleCacheDirs(pkg, env).slice(1);
      expect(userCache).toMatch(new RegExp(`^${home}/cache/paydocs/[0-9a-f]{12}$`));
      expect(readdirSync(userCache!).filter((f) => /^cli-[0-9a-f]+\.json$/.test(f))).toHaveLength(1);
      expect(readFileSync(path.join(site, 'dist/counter/index.html'), 'utf8')).toContain('<p id="counter">42</p>');
      const again = run();
      expect(again.status, again.stderr).toBe(0);
      expect(again.stderr).not.toContain('MODULE-HOOKS');
      expect(again.stdout).toMatch(/Built \d+ pages/);
      // Before, each run bundled into a new temporary folder of its own and left it there.
      expect(readdirSync(env.TMPDIR).filter((f) => f.startsWith('paydocs'))).toEqual([]);
      expect(existsSync(bundleCacheDir(pkg))).toBe(false);
    } finally {
      for (const dir of [pkg, home, path.dirname(site)]) rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('cli/bundle-cache', () => {
  it("lists paydocs' own cache, then the user's ($XDG_CACHE_HOME, else ~/.cache), then the temporary folder, one folder per install", () => {
    const [own, user, tmp] = bundleCacheDirs('/opt/paydocs', { XDG_CACHE_HOME: '/var/cache/me' });
    expect(own).toBe('/opt/paydocs/node_modules/.cache/paydocs');
    expect(user).toMatch(/^\/var\/cache\/me\/paydocs\/[0-9a-f]{12}$/);
    expect(tmp).toBe(path.join(tmpdir(), `paydocs-cache-${process.getuid!()}`, path.basename(user!)));
    expect(bundleCacheDirs('/opt/other', { XDG_CACHE_HOME: '/var/cache/me' })[1]).not.toBe(user);
    // bin/paydocs.js names the install with a trailing slash.
    expect(bundleCacheDirs('/opt/paydocs/', { XDG_CACHE_HOME: '/var/cache/me' })[1]).toBe(user);
    // A relative $XDG_CACHE_HOME is ignored, as the XDG spec says.
    expect(bundleCacheDirs('/opt/paydocs', { XDG_CACHE_HOME: 'cache' })[1]).toMatch(/\/\.cache\/paydocs\/[0-9a-f]{12}$/);
  });
});
