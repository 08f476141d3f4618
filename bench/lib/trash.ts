import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Outputs and caches of earlier runs, moved out of the way of the next one and deleted once nothing is
 * timed any more. On this project's machines (ext4 with online discard, on a virtual disk), deleting a
 * build's 1441 files just before the next build made that build 0.6-1.1 s slower, with 1-2 s more
 * kernel CPU, growing run after run, even after `sync` and 15 s of waiting; building into fresh folders
 * with nothing deleted in between stayed at the speed of a build written to tmpfs. A CI job on a fresh
 * clone has nothing to delete, so a cold build is timed the same way for both tools: what it must not
 * find is moved aside (a rename, in the same file system), and the trash is emptied at the end.
 */
const TRASH = path.join(os.tmpdir(), 'paydocs-bench-trash');
let moved = 0;

/** Moves `p` (if it exists) into the trash. */
export function moveAside(p: string): void {
  if (!existsSync(p)) return;
  mkdirSync(TRASH, { recursive: true });
  renameSync(p, path.join(TRASH, `${process.pid}-${moved++}-${path.basename(p)}`));
}

/** Deletes everything moved aside, by this run or an earlier one that stopped half-way. */
export function emptyTrash(): void {
  rmSync(TRASH, { recursive: true, force: true });
}
