import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, it } from 'vitest';
import { bundleClient } from '../../cli/pipeline/render/bundle-client.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const execFileAsync = promisify(execFile);

/**
 * Runs the TypeScript compiler on one extra file placed in a project (`renderer`, `shared`), with that
 * project's own settings, and returns what it says. The file is written to a temporary folder and the
 * project's tsconfig extended there, so the tree is never touched.
 */
async function compileIn(project: 'renderer' | 'shared', source: string, { withProject = false } = {}): Promise<string> {
  const dir = mkdtempSync(path.join(ROOT, project, '.boundary-'));
  try {
    writeFileSync(path.join(dir, 'probe.ts'), source);
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({ extends: '../tsconfig.json', compilerOptions: { rootDir: '../..', outDir: '../../lib', noEmit: true }, include: withProject ? ['probe.ts', '../**/*.ts', '../**/*.tsx'] : ['probe.ts'], references: project === 'renderer' ? [{ path: '../../shared' }] : [] }),
    );
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const run = await execFileAsync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' }).catch((error: { stdout: string; stderr: string }) => error);
    return run.stdout + run.stderr;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Each probe is a compiler run of its own: they run side by side.
describe.concurrent('the browser/Node boundary (each side a TypeScript project)', () => {
  it('browser code cannot import a Node module', async ({ expect }) => {
    expect(await compileIn('renderer', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n")).toMatch(/probe\.ts\(1,30\): error TS2307: Cannot find module 'node:fs'/);
  });

  it('browser code cannot import the CLI', async ({ expect }) => {
    expect(await compileIn('renderer', "import { PACKAGE_ROOT } from '../../cli/package-root.ts';\nexport const x = PACKAGE_ROOT;\n")).toMatch(/error TS6307: File '.*cli\/package-root\.ts' is not listed within the file list of project/);
  });

  it('shared code can use neither the DOM nor Node', async ({ expect }) => {
    const said = await compileIn('shared', 'export const a = document.title;\nexport const b = process.cwd();\n');
    expect(said).toMatch(/probe\.ts\(1,18\): error TS2584: Cannot find name 'document'/);
    expect(said).toMatch(/probe\.ts\(2,18\): error TS\d+: Cannot find name 'process'/);
  });

  it('a component cannot ask for a string only the build renders (the site module leaves them out)', async ({ expect }) => {
    const said = await compileIn('renderer', "import { useT } from '../context.ts';\nexport const x = () => useT()('api.samples.caption');\nexport const y = () => useT()('search.placeholder');\n", { withProject: true });
    expect(said).toMatch(/probe\.ts\(2,31\): error TS2345: Argument of type '"api\.samples\.caption"' is not assignable/);
    expect(said).not.toMatch(/probe\.ts\(3,/);
  });

  it('a probe that breaks no rule compiles cleanly (the probes above fail for their import, nothing else)', async ({ expect }) => {
    expect(await compileIn('renderer', "import { normalizePath } from '../../shared/route-path.ts';\nexport const x = normalizePath;\n")).toBe('');
  });

  it('the browser bundle contains no Node built-ins and refuses them at build time', async ({ expect }) => {
    const bundle = await bundleClient({ root: path.join(ROOT, 'test/fixtures/basic'), baseUrl: '/', customPages: ['landing'], minify: true });
    for (const [name, data] of bundle.files) {
      const text = Buffer.from(data).toString('utf8');
      expect(text, name).not.toMatch(/from\s*"node:|require\("(fs|path|node:)/);
    }
    expect(bundle.entry).toMatch(/^\/assets\/entry-client-[A-Z0-9]+\.js$/);
  });
});
