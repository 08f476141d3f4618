/**
 * File-system failures (a full disk, a read-only or forbidden folder, a symlink loop) as diagnostics
 * that name the path and say what to do, instead of a Node stack trace naming neither.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from './diagnostics.ts';

/** The failures a user can fix, and how. Other codes keep Node's own message. */
const REASONS: Record<string, { reason: string; hint: string }> = {
  ENOSPC: { reason: 'no space left on the device', hint: 'free some disk space (leftover `.dist.*` folders, old builds), or build on another disk with `--out <dir>`' },
  EDQUOT: { reason: 'the disk quota is used up', hint: 'free some of your disk quota, or build elsewhere with `--out <dir>`' },
  EROFS: { reason: 'the file system is read-only', hint: 'build into a writable folder with `--out <dir>`' },
  EACCES: { reason: 'permission denied', hint: 'give this user access (`ls -ld` the folder, then `chmod u+rwx` or `chown` it), or build elsewhere with `--out <dir>`' },
  EPERM: { reason: 'operation not permitted', hint: 'give this user access (`ls -ld` the folder, then `chmod u+rwx` or `chown` it; check `lsattr` for the immutable flag), or build elsewhere with `--out <dir>`' },
  ELOOP: { reason: 'a symbolic link loop (a link that leads back to itself)', hint: 'fix or remove the link: `ls -l` shows where each link points' },
  ENOTDIR: { reason: 'a part of the path is a file, not a folder', hint: 'remove or rename that file, or choose another folder' },
  EEXIST: { reason: 'a file is in the way, where a folder is needed', hint: 'remove or rename that file, or choose another folder' },
  ENOENT: { reason: 'no such file or folder (a broken symbolic link?)', hint: 'create it, or fix the link or path that names it' },
  EISDIR: { reason: 'it is a folder, not a file', hint: 'rename the folder, or put the file in its place' },
  EMFILE: { reason: 'too many open files', hint: 'raise the limit of open files (`ulimit -n 4096`) and run again' },
};

export interface FsErrorPlace {
  /** What failed, as a phrase the path follows: `cannot write the site to`. */
  doing: string;
  /** The path to name (default: the error's own); absolute, shown relative to the working folder when inside it. */
  path?: string;
  /** The project file the diagnostic is about, when there is one (a page being read). */
  file?: string;
  /** A hint that fits the place better than the code's own. */
  hint?: string;
}

/** The code of a Node file-system error (`ENOSPC`), or undefined for any other error. */
export function fsErrorCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) ? code : undefined;
}

/** Whether `error` is one of the file-system failures this module explains. */
export function isKnownFsError(error: unknown): boolean {
  const code = fsErrorCode(error);
  return code !== undefined && code in REASONS;
}

function shown(abs: string): string {
  const rel = path.relative(process.cwd(), abs);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : abs;
}

/** `cannot write the site to \`dist/x.html\`: no space left on the device (ENOSPC)`, with what to do. */
export function fsErrorDiagnostic(error: unknown, place: FsErrorPlace): Diagnostic {
  const code = fsErrorCode(error);
  const known = code ? REASONS[code] : undefined;
  const where = place.path ?? (error as NodeJS.ErrnoException | undefined)?.path;
  const reason = known ? `${known.reason} (${code})` : error instanceof Error ? error.message : String(error);
  return {
    severity: 'error',
    rule: 'file-system',
    ...(place.file ? { file: place.file, line: 1 } : {}),
    message: `${place.doing}${where ? ` \`${shown(where)}\`` : ''}: ${reason}`,
    ...(place.hint || known ? { hint: place.hint ?? known!.hint } : {}),
  };
}

/**
 * `mkdir -p` that fails with the true reason. Node's recursive mkdir reports a folder it cannot make
 * on a read-only file system as `ENOENT` (seen on Node 20: EROFS became "ENOENT … mkdir"); making the
 * missing folders one by one, from the top, gets the real code from the first that fails.
 */
export async function makeFolder(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    if (fsErrorCode(error) !== 'ENOENT') throw error;
    const missing: string[] = [];
    for (let d = path.resolve(dir); !existsSync(d) && path.dirname(d) !== d; d = path.dirname(d)) missing.unshift(d);
    for (const d of missing) await mkdir(d);
    throw error;
  }
}
