/**
 * Finishes or undoes the output swap of a build that was killed (emit-site.ts). The swap works with
 * folders next to the output folder, named after it and the process that made them:
 *
 * - `.dist.tmp-<pid>-<ms>`: the new site being written; complete once it holds `COMPLETE_MARKER`;
 * - `.dist.old-<pid>-<ms>`: the previous site, moved aside for the new one (always whole);
 * - `.dist.del-<pid>-<ms>`: the previous site being deleted (never put back: it may be half gone).
 *
 * Every paydocs command runs `recoverOutDir` first, so it finds `dist/` as a complete site, old or new.
 */
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fsErrorDiagnostic } from '../../fs-errors.ts';
import { PaydocsError } from '../../diagnostics.ts';

/** The file the build writes last into its temporary folder; deleted from the output once swapped in. */
export const COMPLETE_MARKER = '.paydocs-complete';

const KINDS = ['tmp', 'old', 'del'] as const;
type Kind = (typeof KINDS)[number];

/** The folders one build uses to swap `outDir`. */
export function swapFolders(outDir: string, pid: number, time: number): Record<Kind, string> {
  const abs = path.resolve(outDir);
  const at = (kind: Kind) => path.join(path.dirname(abs), `.${path.basename(abs)}.${kind}-${pid}-${time}`);
  return { tmp: at('tmp'), old: at('old'), del: at('del') };
}

interface Leftover {
  kind: Kind;
  pid: number;
  time: number;
  abs: string;
  name: string;
}

/**
 * Whether the process that named a folder still runs: its folders are not ours to touch (two builds
 * may run at once). Our own pid is an earlier process's that had the same number (pids repeat in
 * containers): recovery runs before this process makes any folder.
 */
function running(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The swap folders of `outDir` whose process is gone. */
function leftovers(outDir: string): Leftover[] {
  const parent = path.dirname(outDir);
  const escaped = path.basename(outDir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^\\.${escaped}\\.(tmp|old|del)-(\\d+)-(\\d+)$`);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return []; // no parent folder yet: nothing was ever built there
  }
  return names.flatMap((name) => {
    const m = pattern.exec(name);
    if (!m) return [];
    const item: Leftover = { kind: m[1] as Kind, pid: Number(m[2]), time: Number(m[3]), abs: path.join(parent, name), name };
    return running(item.pid) ? [] : [item];
  });
}

/**
 * Puts a complete site back into `outDir` when a killed build left none there (the newest complete
 * new site, else the newest previous one), removes the marker a build killed right after its swap left
 * in it, and deletes the other leftovers of processes that are gone. Returns what it did, for the user.
 */
export function recoverOutDir(outDir: string): string[] {
  const abs = path.resolve(outDir);
  if (path.basename(abs) === '') return [];
  const found = leftovers(abs);
  const notes: string[] = [];
  const shown = path.relative(process.cwd(), abs) || '.';
  if (!existsSync(abs)) {
    const newest = (kind: Kind) => found.filter((f) => f.kind === kind).sort((a, b) => b.time - a.time);
    const complete = newest('tmp').filter((f) => existsSync(path.join(f.abs, COMPLETE_MARKER)));
    for (const candidate of [...complete, ...newest('old')]) {
      try {
        renameSync(candidate.abs, abs);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOTEMPTY' || code === 'EEXIST') break; // another build put a site there meanwhile
        throw new PaydocsError([fsErrorDiagnostic(error, { path: candidate.abs, doing: `cannot restore \`${shown}\` from` })]);
      }
      found.splice(found.indexOf(candidate), 1);
      notes.push(`ℹ ${shown}/ was missing after a build was killed: restored the ${candidate.kind === 'tmp' ? 'new complete' : 'previous'} site from ${candidate.name}`);
      break;
    }
  }
  // A build killed between its swap and the marker's removal; `force`: a build still running may remove it first.
  try {
    rmSync(path.join(abs, COMPLETE_MARKER), { force: true });
  } catch {
    // `outDir` is a file, or unreadable: the build's own checks say so.
  }
  for (const item of found) {
    try {
      rmSync(item.abs, { recursive: true, force: true });
    } catch (error) {
      // A leftover that cannot be deleted costs disk space, not correctness: said, not fatal.
      notes.push(`⚠ ${fsErrorDiagnostic(error, { path: item.abs, doing: 'cannot delete the leftover of a killed build' }).message}`);
    }
  }
  if (found.length > 0) notes.push(`ℹ removed ${found.length} temporary folder${found.length === 1 ? '' : 's'} left by killed builds next to ${shown}/`);
  return notes;
}
