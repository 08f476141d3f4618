/**
 * Opens the file a request names only if it really lies inside the served folder, and holds it
 * open from then on. The handle, not the name, is what the response is read from and stat'ed, so a
 * build that deletes or replaces the file mid-request changes nothing for that request: it gets the
 * bytes that were there when it was opened, whole and matching its Content-Length.
 */
import { constants, type Stats } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from './request-path.ts';

export interface OpenedFile {
  handle: FileHandle;
  stat: Stats;
  /** The path after every link was followed: inside the root. */
  realPath: string;
  /** The path asked for, relative to the root: what the Content-Type and Cache-Control go by. */
  name: string;
}

/**
 * O_NOFOLLOW: the name opened is already the real path, so a link there now was put there since
 * realpath ran; refuse it rather than follow it. O_NONBLOCK: a FIFO in the folder would otherwise
 * block open() until a writer comes; with it, open returns and the FIFO is refused as not a file.
 * (Both are 0 where the platform lacks them.)
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** Errors that mean "no such file to serve" rather than a server fault. */
const NOT_SERVABLE = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EACCES', 'EPERM', 'ENAMETOOLONG', 'EISDIR', 'ENXIO', 'EINVAL']);

function notServable(error: unknown): boolean {
  return NOT_SERVABLE.has((error as NodeJS.ErrnoException).code ?? '');
}

/** The real path of the served folder, or undefined while it does not exist (between two builds). */
export async function realRoot(dir: string): Promise<string | undefined> {
  try {
    return await realpath(dir);
  } catch (error) {
    if (notServable(error)) return undefined;
    throw error;
  }
}

/**
 * Opens `rel` below `root` (a real path, from realRoot) if it resolves, through any links, to a
 * regular file inside `root`; otherwise undefined. A link to /etc/shadow, /proc/self/mem or a folder
 * outside is refused here, before anything is opened. Failures other than "not there" or "not
 * allowed" (EMFILE, EIO) are thrown, for the caller to answer 500.
 *
 * What stays open to a race is a folder on the way being swapped for a link between realpath and
 * open. Only someone who can already write into the served folder can do that, and the flags above
 * keep it from reaching a FIFO or a device.
 */
export async function openInside(root: string, rel: string): Promise<OpenedFile | undefined> {
  let real: string;
  try {
    real = await realpath(path.join(root, rel));
  } catch (error) {
    if (notServable(error)) return undefined;
    throw error;
  }
  if (!isInside(root, real)) return undefined;
  let handle: FileHandle;
  try {
    handle = await open(real, OPEN_FLAGS);
  } catch (error) {
    if (notServable(error)) return undefined;
    throw error;
  }
  try {
    const stat = await handle.stat();
    if (stat.isFile()) return { handle, stat, realPath: real, name: rel };
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  await handle.close().catch(() => {});
  return undefined;
}

/** The first of `rels` that openInside opens. */
export async function openFirstInside(root: string, rels: string[]): Promise<OpenedFile | undefined> {
  for (const rel of rels) {
    const opened = await openInside(root, rel);
    if (opened) return opened;
  }
  return undefined;
}
