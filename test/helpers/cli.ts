/**
 * The CLI as a user runs it: `node bin/paydocs.js` (the compiled lib/) in a folder, output without
 * colours. Asynchronous, so that a test file can run several at once with `Promise.all` or concurrent
 * tests: a CLI process spends part of its life waiting (on esbuild, on the file system), and the tests
 * that run dozens of them one after another left a core idle.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './fixture.ts';

export const BIN = path.join(ROOT, 'bin/paydocs.js');

export interface CliRun {
  /** The exit code, or null when a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
}

/**
 * Runs `paydocs <args>` in `cwd` and resolves when it has exited, with everything it wrote. `timeout`
 * (ms) kills a process that should have ended long before, as `spawnSync`'s does, so none is left running.
 */
export function paydocs(args: string[], cwd: string, env: Record<string, string> = {}, { timeout }: { timeout?: number } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, timeout, killSignal: 'SIGKILL' });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, out, err }));
  });
}
