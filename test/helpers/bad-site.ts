/** The harness of the bad-input tests: the CLI on a site made of `test/fixtures/bad/_base` with one case laid over it. */
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listFiles } from '../../cli/pipeline/emit/emit-site.ts';

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
