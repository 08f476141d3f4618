/**
 * The harness of the bad-input tests: the build pipeline (or the CLI) on a site made of
 * `test/fixtures/bad/_base` with one case laid over it.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSite, type BuildOptions, type BuildResult } from '../../cli/pipeline/build-site.ts';
import { listFiles } from '../../cli/pipeline/emit/emit-site.ts';
import { formatDiagnostic, PaydocsError } from '../../cli/diagnostics.ts';
import { ROOT } from './fixture.ts';

export { paydocs } from './cli.ts';
export const BAD = path.join(ROOT, 'test/fixtures/bad');

/** `_base/` with the case laid over it, in a temp folder, config pointed at this checkout. */
export function site(name: string): string {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'paydocs-bad-')), name);
  cpSync(path.join(BAD, '_base'), dir, { recursive: true });
  if (name !== '_base') cpSync(path.join(BAD, name), dir, { recursive: true, force: true });
  const cfg = path.join(dir, 'docs.config.ts');
  writeFileSync(cfg, readFileSync(cfg, 'utf8').replace(/'(\.\.\/)+config\/index\.ts'/, `'${path.join(ROOT, 'config/index.ts')}'`));
  return dir;
}

/** Every file of a folder with a hash of its bytes: equal fingerprints, nothing lost or changed. */
export function fingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of listFiles(dir).sort()) out[f] = createHash('sha256').update(readFileSync(path.join(dir, f))).digest('hex').slice(0, 12);
  return out;
}

/**
 * What `paydocs build` runs, in this process: `buildSite` on `root` into its `dist/` (with the cache, as
 * the command's default), and what the command prints of its diagnostics on stderr, one per line: the
 * errors when it fails, the warnings when it does not. A failure that is not diagnostics (a crash) is
 * thrown. The command's own lines around them (exit code, `✖ 2 errors. Nothing was written.`) are the
 * CLI's, pinned once in test/integration/cli.test.ts: a CLI process costs ten times the build of a tiny site.
 */
export async function build(root: string, options: Partial<BuildOptions> = {}): Promise<{ failed: boolean; err: string; result?: BuildResult }> {
  const lines = (list: Array<Parameters<typeof formatDiagnostic>[0]>) => list.map((d) => `${formatDiagnostic(d)}\n`).join('');
  try {
    const result = await buildSite({ root, outDir: path.join(root, 'dist'), cache: true, ...options });
    return { failed: false, err: lines(result.warnings), result };
  } catch (error) {
    if (!(error instanceof PaydocsError)) throw error;
    return { failed: true, err: lines(error.diagnostics) };
  }
}
