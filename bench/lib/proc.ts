import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TimedRun {
  wallMs: number;
  /** Largest sum of RSS over the process and all its descendants, sampled every `sampleMs`. */
  peakRssMiB: number;
  code: number | null;
  output: string;
  /** User + system CPU time of the process and its waited-for children (GNU time), when /usr/bin/time exists. */
  cpuMs?: number;
}

const PAGE_KIB = 4;
const GNU_TIME = '/usr/bin/time';

/** pid -> [ppid, rss KiB] for every process, read from /proc. */
function processTable(): Map<number, [number, number]> {
  const table = new Map<number, [number, number]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name (field 2) may hold spaces and parentheses: split after its closing paren.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(name), [Number(fields[1]), Number(fields[21]) * PAGE_KIB]);
    } catch {
      // the process ended between readdir and read
    }
  }
  return table;
}

/** RSS (KiB) of `root` plus every descendant. */
export function treeRssKiB(root: number): number {
  const table = processTable();
  const children = new Map<number, number[]>();
  for (const [pid, [ppid]] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  let sum = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    sum += table.get(pid)?.[1] ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return sum;
}

/** Samples the peak tree RSS of a running process until `stop()` is called. */
export function sampleRss(pid: number, sampleMs = 50): { stop(): number } {
  let peak = 0;
  const tick = () => {
    peak = Math.max(peak, treeRssKiB(pid));
  };
  tick();
  const timer = setInterval(tick, sampleMs);
  return {
    stop() {
      clearInterval(timer);
      return peak / 1024;
    },
  };
}

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Kill the process (and fail) after this long. */
  timeoutMs?: number;
}

/** Runs a command to completion: wall time, peak tree RSS, exit code and the last 20 000 characters of its output. */
export function runTimed(command: string, args: string[], options: RunOptions): Promise<TimedRun> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const timeFile = existsSync(GNU_TIME) ? path.join(mkdtempSync(path.join(os.tmpdir(), 'paydocs-bench-time-')), 'time') : undefined;
    if (timeFile) {
      args = ['-f', '%U %S', '-o', timeFile, command, ...args];
      command = GNU_TIME;
    }
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    const keep = (d: Buffer) => {
      output = (output + d.toString()).slice(-20000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const rss = sampleRss(child.pid!);
    const timer = options.timeoutMs ? setTimeout(() => killTree(child), options.timeoutMs) : undefined;
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const wallMs = performance.now() - t0;
      let cpuMs: number | undefined;
      if (timeFile) {
        const m = /([\d.]+) ([\d.]+)\s*$/.exec(readFileSync(timeFile, 'utf8'));
        if (m) cpuMs = (Number(m[1]) + Number(m[2])) * 1000;
        rmSync(path.dirname(timeFile), { recursive: true, force: true });
      }
      resolve({ wallMs, peakRssMiB: rss.stop(), code, output, cpuMs });
    });
  });
}

/** Ends a process started with `detached: true` and its whole process group. */
export function killTree(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

export function assertOk(run: TimedRun, what: string): TimedRun {
  if (run.code !== 0) throw new Error(`${what} failed with exit code ${run.code}:\n${run.output.slice(-4000)}`);
  return run;
}
