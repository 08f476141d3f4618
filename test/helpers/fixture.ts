import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** `test/fixtures/<name>`, for tests that only read it (copy it with `copyFixture` to change or build it). */
export const fixture = (name: string): string => path.join(ROOT, 'test/fixtures', name);

/** Copies `test/fixtures/<name>` to a temp folder, pointing its config import at this checkout. */
export function copyFixture(name: string): string {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'paydocs-fx-')), name);
  cpSync(path.join(ROOT, 'test/fixtures', name), dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}dist`) });
  const cfg = path.join(dir, 'docs.config.ts');
  writeFileSync(cfg, readFileSync(cfg, 'utf8').replace(/'(\.\.\/)+config\/index\.ts'/, `'${path.join(ROOT, 'config/index.ts')}'`));
  return dir;
}
