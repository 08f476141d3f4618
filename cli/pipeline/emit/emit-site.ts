import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PaydocsError } from '../../diagnostics.ts';
import { fsErrorDiagnostic, isKnownFsError, makeFolder } from '../../fs-errors.ts';
import { COMPRESSIBLE, startFileWriter } from './file-writer.ts';
import { COMPLETE_MARKER, swapFolders } from './recover-out-dir.ts';

/**
 * The moments of the swap at which the test hook `PAYDOCS_TEST_KILL_AT=<point>` makes the process kill
 * itself with SIGKILL (test/integration/killed-build.test.ts): a kill at an exact point, not a timed
 * one, so every state a crash can leave is tested on every run. Unset, as always outside tests, it does nothing.
 */
export const KILL_POINTS = ['writing', 'written', 'old-moved', 'swapped', 'old-trashed'] as const;
type KillPoint = (typeof KILL_POINTS)[number];
const killAt = process.env.PAYDOCS_TEST_KILL_AT;
const testKill = (point: KillPoint): void => {
  if (killAt === point) process.kill(process.pid, 'SIGKILL');
};

/** `dist/`-relative file -> its content: given, rendered when written (a function), or still being built (a promise, written last). */
export type OutputValue = string | Uint8Array | (() => string) | Promise<string>;
export type OutputFiles = Map<string, OutputValue>;

export interface EmitSiteInput {
  outDir: string;
  /** `outDir`-relative path -> content; the map is emptied as the files are written. */
  files: OutputFiles;
  /** Copied first; generated files win over a static file of the same name. */
  staticDir?: string;
  /** Runs on the complete temporary folder before the swap (e.g. the link checker); throwing keeps the old site. */
  verify?: (dir: string) => Promise<void>;
  /** Write `.gz` and `.br` beside each text file, the static ones too (`paydocs build --precompress`). */
  precompress?: boolean;
}

/**
 * Writes the site to a temporary folder next to `outDir` and swaps it in only when complete (and
 * verified), so a failing build, a failing check or a crash half-way leaves the previous site untouched.
 */
export async function emitSite(input: EmitSiteInput): Promise<void> {
  const { outDir, files, staticDir, verify, precompress = false } = input;
  // The names carry this process's pid: the next paydocs command (recover-out-dir.ts) finishes or
  // removes what a killed build left, and leaves alone the folders of a build still running.
  const { tmp, old, del: trash } = swapFolders(outDir, process.pid, Date.now());
  try {
    await makeFolder(path.dirname(tmp));
    await mkdir(tmp);
  } catch (error) {
    throw asDiagnostic(error, tmp, outDir);
  }
  const writer = startFileWriter({ precompress });
  try {
    // Files still being built (the search indexes, on another thread) go last, so they have the longest to finish.
    const entries: Array<[string, OutputValue] | undefined> = [...files].sort(([, a], [, b]) => Number(a instanceof Promise) - Number(b instanceof Promise));
    // The map is consumed: each file's content is let go once written, so a big site's memory (and the
    // garbage collector's work over it) shrinks as the emit goes instead of holding every page to the end.
    files.clear();
    // `dereference`: a link (checked to stay inside content/ by site-files.ts) is copied as the file it
    // points to; copied as a link, it kept an absolute target on the build machine.
    if (staticDir && existsSync(staticDir)) {
      await cp(staticDir, tmp, { recursive: true, dereference: true });
      // Written again through the writer, which compresses: the copy's text files, but those a generated file replaces.
      if (precompress) {
        const text = new RegExp(COMPRESSIBLE);
        const generated = new Set(entries.map((e) => e![0]));
        for (const rel of listFiles(tmp)) if (text.test(rel) && !generated.has(rel)) await writer.write(path.join(tmp, rel), await readFile(path.join(tmp, rel)));
      }
    }
    // Each file is rendered here and written on the writer's thread, beside the rendering of the next.
    for (let i = 0; i < entries.length; i++) {
      const [rel, data] = entries[i]!;
      entries[i] = undefined;
      if (i === entries.length >> 1) testKill('writing');
      await writer.write(path.join(tmp, rel), typeof data === 'function' ? data() : await data);
    }
    await writer.close();
    if (verify) await verify(tmp);
    // Written last: only a folder with the marker may become the site after a crash (a kill -9 leaves
    // what was written in the page cache, so no fsync is needed for that; a power cut is not covered).
    await writeFile(path.join(tmp, COMPLETE_MARKER), '');
    testKill('written');
    if (existsSync(outDir)) await rename(outDir, old);
    testKill('old-moved');
    await rename(tmp, outDir);
  } catch (error) {
    await writer.abort();
    await rm(tmp, { recursive: true, force: true });
    if (!existsSync(outDir) && existsSync(old)) await rename(old, outDir);
    throw asDiagnostic(error, tmp, outDir);
  }
  testKill('swapped');
  // `force`: the recovery of a command started meanwhile may have removed it.
  await rm(path.join(outDir, COMPLETE_MARKER), { force: true });
  // Renamed before it is deleted: a `.old-` folder is always a whole site that recovery may put back,
  // never one half deleted.
  if (existsSync(old)) {
    await rename(old, trash);
    testKill('old-trashed');
    await rm(trash, { recursive: true, force: true });
  }
}

/**
 * A file-system failure (a full disk, a read-only or forbidden folder) as a diagnostic naming the path
 * the user knows: `dist/x/index.html`, not the temporary folder it was written to. Other errors pass.
 */
function asDiagnostic(error: unknown, tmp: string, outDir: string): unknown {
  if (!isKnownFsError(error)) return error;
  const at = (error as NodeJS.ErrnoException).path;
  const shown = at && at.startsWith(tmp) ? path.join(path.resolve(outDir), at.slice(tmp.length)) : at;
  return new PaydocsError([fsErrorDiagnostic(error, { doing: 'cannot write the site to', path: shown })]);
}

/** Files below `dir` as `/`-separated relative paths (for the link checker: static files are link targets). */
export function listFiles(dir: string, base = ''): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = base ? `${base}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(path.join(dir, entry.name), rel));
    else out.push(rel);
  }
  return out;
}
