import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from '../helpers/chromium.ts';
import { PROJECT_ROOT, serveDir } from '../helpers/site.ts';

/**
 * Builds the real docs once for every browser test, with the real CLI as CI runs it on the docs
 * (`--check-links`, plus `--check-anchors`: the real site has no broken anchor either), and serves them on loopback.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  chromiumPath(); // fail early, with install instructions, when Chromium is missing
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'paydocs-e2e-'));
  const outDir = path.join(tmp, 'dist');
  const build = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'bin/paydocs.js'), 'build', '--check-links', '--check-anchors', '--out', outDir], { cwd: PROJECT_ROOT, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) throw new Error(`paydocs build failed (exit ${build.status}):\n${(build.stderr || build.stdout).slice(0, 4000)}`);
  const served = await serveDir(outDir);
  project.provide('siteUrl', served.url);
  project.provide('distDir', outDir);
  return async () => {
    await served.close();
    rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
  };
}
