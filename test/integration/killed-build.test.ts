/**
 * A build killed with SIGKILL at each phase of the output swap, then another command: `dist/` is a
 * complete site (the previous or the new one) and no temporary copy is left behind. The kill is made
 * deterministic by emit-site's test hook `PAYDOCS_TEST_KILL_AT=<point>` (see emit-site.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../cli/pipeline/emit/emit-site.ts';
import { KILL_POINTS } from '../../cli/pipeline/emit/emit-site.ts';
import { copyFixture, ROOT } from '../helpers/fixture.ts';

const BIN = path.join(ROOT, 'bin/paydocs.js');

function paydocs(args: string[], cwd: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env } });
  return { code: r.status, signal: r.signal, out: r.stdout, err: r.stderr };
}

function fingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of listFiles(dir).sort()) out[f] = createHash('sha256').update(readFileSync(path.join(dir, f))).digest('hex').slice(0, 12);
  return out;
}

/** The folders a swap leaves next to `dist/` while it runs. */
const leftovers = (dir: string) => readdirSync(dir).filter((f) => /^\.dist\.(tmp|old|del)-/.test(f));

const edit = (dir: string) => {
  const guide = path.join(dir, 'content/docs/guide.md');
  writeFileSync(guide, `${readFileSync(guide, 'utf8')}\nA sentence of the new site.\n`);
};

let built: string;
let oldPrint: Record<string, string>;
let newPrint: Record<string, string>;

beforeAll(() => {
  built = copyFixture('basic');
  expect(paydocs(['build'], built).code).toBe(0);
  oldPrint = fingerprint(path.join(built, 'dist'));
  const fresh = copyFixture('basic');
  edit(fresh);
  expect(paydocs(['build'], fresh).code).toBe(0);
  newPrint = fingerprint(path.join(fresh, 'dist'));
  expect(newPrint).not.toEqual(oldPrint);
});

/** A copy of the built project with the page edited: its next build writes the new site over the old. */
function project(): string {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'paydocs-kill-')), 'basic');
  cpSync(built, dir, { recursive: true });
  edit(dir);
  return dir;
}

describe('a build killed at any moment leaves a complete site (issue 33, failure 5)', () => {
  it.each(KILL_POINTS)('killed at `%s`: the next command finds the old or the new site and no stray folder', (point) => {
    const dir = project();
    const killed = paydocs(['build'], dir, { PAYDOCS_TEST_KILL_AT: point });
    expect(killed.signal, killed.err).toBe('SIGKILL');
    const r = paydocs(['check'], dir);
    expect(r.code, r.err).toBe(0);
    expect(leftovers(dir)).toEqual([]);
    const print = fingerprint(path.join(dir, 'dist'));
    expect([oldPrint, newPrint]).toContainEqual(print);
  });

  it('a first build killed after its site was complete: the next command makes it `dist/`', () => {
    const dir = copyFixture('basic');
    expect(paydocs(['build'], dir, { PAYDOCS_TEST_KILL_AT: 'written' }).signal).toBe('SIGKILL');
    expect(existsSync(path.join(dir, 'dist'))).toBe(false);
    expect(paydocs(['check'], dir).code).toBe(0);
    expect(leftovers(dir)).toEqual([]);
    expect(fingerprint(path.join(dir, 'dist'))).toEqual(oldPrint);
  });

  it('`serve` after a build killed between the two renames serves a complete site (the new one: it was complete)', async () => {
    const dir = project();
    expect(paydocs(['build'], dir, { PAYDOCS_TEST_KILL_AT: 'old-moved' }).signal).toBe('SIGKILL');
    expect(existsSync(path.join(dir, 'dist'))).toBe(false);
    const server = spawn(process.execPath, [BIN, 'serve', '--port', '0'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    server.stdout.on('data', (b: Buffer) => (output += b.toString()));
    server.stderr.on('data', (b: Buffer) => (output += b.toString()));
    // Waits for the server to say it serves, or to exit.
    const code = await new Promise<number | null>((resolve) => {
      server.stdout.on('data', () => output.includes('Serving') && resolve(null));
      server.on('exit', (c) => resolve(c));
    });
    server.kill();
    expect(code, output).toBe(null);
    expect(fingerprint(path.join(dir, 'dist'))).toEqual(newPrint);
    expect(leftovers(dir)).toEqual([]);
  });

  it('removes only the stray copies of processes that are gone: a running build keeps its own', () => {
    const dir = project();
    // A process that has exited: its pid names no running process (pids are not reused this soon).
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    for (const name of [`.dist.tmp-${gone}-1`, `.dist.old-${gone}-2`, `.dist.del-${gone}-3`, `.dist.tmp-${process.pid}-4`]) {
      mkdirSync(path.join(dir, name));
      writeFileSync(path.join(dir, name, 'index.html'), 'a stray copy');
    }
    expect(paydocs(['check'], dir).code).toBe(0);
    expect(leftovers(dir)).toEqual([`.dist.tmp-${process.pid}-4`]);
    expect(fingerprint(path.join(dir, 'dist'))).toEqual(oldPrint);
  });

  it('the names of the temporary folders are git-ignored', () => {
    for (const name of ['.dist.tmp-123-456', '.dist.old-123-456', '.dist.del-123-456', '.site.tmp-1-2']) {
      const r = spawnSync('git', ['check-ignore', '-q', `${name}/index.html`], { cwd: ROOT });
      expect(r.status, name).toBe(0);
    }
  });
});
