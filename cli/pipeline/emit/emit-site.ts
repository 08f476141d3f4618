import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { startFileWriter } from './file-writer.ts';

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
}

/**
 * Writes the site to a temporary folder next to `outDir` and swaps it in only when complete (and
 * verified), so a failing build, a failing check or a crash half-way leaves the previous site untouched.
 */
export async function emitSite(input: EmitSiteInput): Promise<void> {
  const { outDir, files, staticDir, verify } = input;
  const parent = path.dirname(path.resolve(outDir));
  const name = path.basename(outDir);
  const stamp = `${process.pid}-${Date.now()}`;
  const tmp = path.join(parent, `.${name}.tmp-${stamp}`);
  const old = path.join(parent, `.${name}.old-${stamp}`);
  await mkdir(tmp, { recursive: true });
  const writer = startFileWriter();
  try {
    // Files still being built (the search indexes, on another thread) go last, so they have the longest to finish.
    const entries: Array<[string, OutputValue] | undefined> = [...files].sort(([, a], [, b]) => Number(a instanceof Promise) - Number(b instanceof Promise));
    // The map is consumed: each file's content is let go once written, so a big site's memory (and the
    // garbage collector's work over it) shrinks as the emit goes instead of holding every page to the end.
    files.clear();
    if (staticDir && existsSync(staticDir)) await cp(staticDir, tmp, { recursive: true });
    // Each file is rendered here and written on the writer's thread, beside the rendering of the next.
    for (let i = 0; i < entries.length; i++) {
      const [rel, data] = entries[i]!;
      entries[i] = undefined;
      await writer.write(path.join(tmp, rel), typeof data === 'function' ? data() : await data);
    }
    await writer.close();
    if (verify) await verify(tmp);
    if (existsSync(outDir)) await rename(outDir, old);
    await rename(tmp, outDir);
  } catch (error) {
    await writer.abort();
    await rm(tmp, { recursive: true, force: true });
    if (!existsSync(outDir) && existsSync(old)) await rename(old, outDir);
    throw error;
  }
  await rm(old, { recursive: true, force: true });
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
