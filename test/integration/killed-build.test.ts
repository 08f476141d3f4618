/**
 * A build killed with SIGKILL at each phase of the output swap, then another command: `dist/` is a
 * complete site (the previous or the new one) and no temporary copy is left behind. The kill is made
 * deterministic by emit-site's test hook `PAYDOCS_TEST_KILL_AT=<point>` (see emit-site.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { KILL_POINTS } from '../../cli/pipeline/emit/emit-site.ts';
import { BIN, paydocs } from '../helpers/cli.ts';
import { fingerprint } from '../helpers/bad-site.ts';
import { copyFixture, ROOT } from '../helpers/fixture.ts';

/** The folders a swap leaves next to `dist/` while it runs. */
const leftovers = (dir: string) => readdirSync(dir).filter((f) => /^\.dist\.(tmp|old|del)-/.test(f));

const edit = (dir: string) => {
  const guide = path.join(dir, 'content/docs/guide.md');
  writeFileSync(guide, `${readFileSync(guide, 'utf8')}\nA sentence of the new site.\n`);
};

let built: string;
let oldPrint: Record<string, string>;
let newPrint: Record<string, string>;

beforeAll(async () => {
  // The old site and the new one, built side by side.
  built = copyFixture('basic');
  const fresh = copyFixture('basic');
  edit(fresh);
  const runs = await Promise.all([paydocs(['build'], built), paydocs(['build'], fresh)]);
  expect(runs.map((r) => r.code)).toEqual([0, 0]);
  oldPrint = fingerprint(path.join(built, 'dist'));
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

// Each test works on a copy of its own: the builds and commands of the tests run side by side.
describe.concurrent('a build killed at any moment leaves a complete site (issue 33, failure 5)', () => {
  it.each(KILL_POINTS)('killed at `%s`: the next command finds the old or the new site and no stray folder', async (point) => {
    const dir = project();
    const killed = await paydocs(['build'], dir, { PAYDOCS_TEST_KILL_AT: point });
    expect(killed.signal, killed.err).toBe('SIGKILL');
    const r = await paydocs(['check'], dir);
    expect(r.code, r.err).toBe(0);
    expect(leftovers(dir)).toEqual([]);
    const print = fingerprint(path.join(dir, 'dist'));
    expect([oldPrint, newPrint]).toContainEqual(print);
  });

  it('a first build killed after its site was complete: the next command makes it `dist/`', async ({ expect }) => {
    const dir = copyFixture('basic');
    expect((await paydocs(['build'], dir, { PAYDOCS_TEST_KILL_AT: 'written' })).signal).toBe('SIGKILL');
    expect(existsSync(path.join(dir, 'dist'))).toBe(false);
    expect((await paydocs(['check'], dir)).code).toBe(0);
    expect(leftovers(dir)).toEqual([]);
    expect(fingerprint(path.join(dir, 'dist'))).toEqual(oldPrint);
  });

  it('`serve` after a build killed between the two renames serves a complete site (the new one: it was complete)', async ({ expect }) => {
    const dir = project();
    expect((await paydocs(['build'], dir, { PAYDOCS_TEST_KILL_AT: 'old-moved' })).signal).toBe('SIGKILL');
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

  it('removes only the stray copies of processes that are gone: a running build keeps its own', async ({ expect }) => {
    const dir = project();
    // A process that has exited: its pid names no running process (pids are not reused this soon).
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    for (const name of [`.dist.tmp-${gone}-1`, `.dist.old-${gone}-2`, `.dist.del-${gone}-3`, `.dist.tmp-${process.pid}-4`]) {
      mkdirSync(path.join(dir, name));
      writeFileSync(path.join(dir, name, 'index.html'), 'a stray copy');
    }
    expect((await paydocs(['check'], dir)).code).toBe(0);
    expect(leftovers(dir)).toEqual([`.dist.tmp-${process.pid}-4`]);
    expect(fingerprint(path.join(dir, 'dist'))).toEqual(oldPrint);
  });

  it('the names of the temporary folders are git-ignored', async ({ expect }) => {
    for (const name of ['.dist.tmp-123-456', '.dist.old-123-456', '.dist.del-123-456', '.site.tmp-1-2']) {
      const r = spawnSync('git', ['check-ignore', '-q', `${name}/index.html`], { cwd: ROOT });
      expect(r.status, name).toBe(0);
    }
  });
});
