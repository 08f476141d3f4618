/**
 * Pathological nesting within the page size limit (issue 33, failure 7 and the `>` run of failure 6):
 * the build fails fast with a diagnostic at the line where the limit is passed, instead of taking 46 s
 * (a 1,000-level list) or overflowing the stack (10,000 `>`).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_NESTING } from '../../cli/pipeline/load/nesting-depth.ts';
import { ROOT } from '../helpers/fixture.ts';

const BIN = path.join(ROOT, 'bin/paydocs.js');

function site(): string {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'paydocs-nest-')), 'site');
  cpSync(path.join(ROOT, 'test/fixtures/bad/_base'), dir, { recursive: true });
  const cfg = path.join(dir, 'docs.config.ts');
  writeFileSync(cfg, readFileSync(cfg, 'utf8').replace(/'(\.\.\/)+config\/index\.ts'/, `'${path.join(ROOT, 'config/index.ts')}'`));
  return dir;
}

/** Builds, and measures the whole command (a generous bound only: never a tight timing). */
function build(dir: string) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, 'build'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, err: r.stderr, out: r.stdout, ms: performance.now() - t0 };
}

let baseline: number;

beforeAll(() => {
  const r = build(site());
  expect(r.code, r.err).toBe(0);
  baseline = r.ms;
});

const FRONTMATTER = '---\ntitle: Deep\n---\n\n';

describe('a nesting depth limit (issue 33, failure 7)', () => {
  it.each([
    ['10,000 `>` characters', 'quotes.md', `${'>'.repeat(10_000)} deep\n`, 5],
    ['a 1,000-level nested list (about 1 MB)', 'deep-list.md', `${Array.from({ length: 1000 }, (_, i) => `${' '.repeat(2 * i)}- level ${i + 1}`).join('\n')}\n`, 4 + MAX_NESTING + 1],
  ])('%s: an error at the line where the limit is passed, fast', (_name, file, body, line) => {
    const dir = site();
    writeFileSync(path.join(dir, 'content/docs', file), FRONTMATTER + body);
    const r = build(dir);
    expect(r.code, r.out + r.err).toBe(1);
    expect(r.err).toContain(`content/docs/${file}:${line}: lists, block quotes and ::: containers nested`);
    expect(r.err).toContain(`expected at most ${MAX_NESTING}`);
    expect(r.err).not.toContain('RangeError');
    // Issue 33 asks for under 5 s more than the same site; 20 s keeps a busy machine from failing it.
    expect(r.ms - baseline).toBeLessThan(20_000);
  }, 180_000);
});
