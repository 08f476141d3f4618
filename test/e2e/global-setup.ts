import type { TestProject } from 'vitest/node';
import { chromiumPath } from '../helpers/chromium.ts';
import { buildInto, PROJECT_ROOT, serveDir } from '../helpers/site.ts';


/** Builds the real docs once for every browser test and serves them on loopback. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  chromiumPath(); // fail early, with install instructions, when Chromium is missing
  const { outDir } = await buildInto(PROJECT_ROOT);
  const served = await serveDir(outDir);
  project.provide('siteUrl', served.url);
  project.provide('distDir', outDir);
  return served.close;
}
