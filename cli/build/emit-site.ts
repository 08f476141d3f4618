import { existsSync } from 'node:fs';
import { cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type OutputFiles = Map<string, string | Uint8Array>;

/**
 * Writes the site to a temporary folder next to `outDir` and swaps it in only when complete,
 * so a failing build (or a crash half-way) leaves the previous site untouched.
 */
export async function emitSite(input: { outDir: string; files: OutputFiles; staticDir?: string }): Promise<void> {
  const { outDir, files, staticDir } = input;
  const parent = path.dirname(path.resolve(outDir));
  const name = path.basename(outDir);
  const tmp = path.join(parent, `.${name}.tmp-${process.pid}-${Date.now()}`);
  const old = path.join(parent, `.${name}.old-${process.pid}-${Date.now()}`);
  await mkdir(tmp, { recursive: true });
  try {
    if (staticDir && existsSync(staticDir)) await cp(staticDir, tmp, { recursive: true });
    const dirs = new Set<string>();
    for (const rel of files.keys()) dirs.add(path.dirname(path.join(tmp, rel)));
    await Promise.all([...dirs].map((d) => mkdir(d, { recursive: true })));
    const entries = [...files];
    // Bounded parallelism: fast, without running out of file descriptors.
    for (let i = 0; i < entries.length; i += 64) {
      await Promise.all(entries.slice(i, i + 64).map(([rel, data]) => writeFile(path.join(tmp, rel), data)));
    }
    if (existsSync(outDir)) await rename(outDir, old);
    await rename(tmp, outDir);
  } catch (error) {
    await rm(tmp, { recursive: true, force: true });
    if (!existsSync(outDir) && existsSync(old)) await rename(old, outDir);
    throw error;
  }
  await rm(old, { recursive: true, force: true });
}
