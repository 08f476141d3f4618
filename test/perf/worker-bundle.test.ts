import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledWorker, WORKER_CACHE_DIR } from '../../cli/build/worker-bundle.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'paydocs-worker-bundle-'));
const name = `test-${path.basename(dir)}`;
const entry = path.join(dir, 'entry.ts');
const helper = path.join(dir, 'helper.ts');
writeFileSync(helper, "export const answer = (): string => 'first';\n");
writeFileSync(entry, "import { parentPort } from 'node:worker_threads';\nimport { answer } from './helper.ts';\nparentPort!.postMessage({ answer: answer(), here: import.meta.url });\n");

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  for (const f of readdirSync(WORKER_CACHE_DIR)) if (f.startsWith(name)) rmSync(path.join(WORKER_CACHE_DIR, f), { force: true });
});

const run = (url: URL) =>
  new Promise<{ answer: string; here: string }>((resolve, reject) => {
    const w = new Worker(url);
    w.once('message', (m: { answer: string; here: string }) => void w.terminate().then(() => resolve(m)));
    w.once('error', reject);
  });

describe('cli/build/worker-bundle', () => {
  it('bundles the entry and the files it imports into one module a worker runs; import.meta.url stays the source file', async () => {
    const url = await bundledWorker(entry, name);
    expect(path.dirname(fileURLToPath(url))).toBe(WORKER_CACHE_DIR);
    expect(await run(url)).toEqual({ answer: 'first', here: `file://${entry}` });
  });

  it('reuses the bundle while no source changed (the file is not written again)', async () => {
    const first = await bundledWorker(entry, name);
    const written = statSync(fileURLToPath(first)).mtimeMs;
    const again = await bundledWorker(entry, name);
    expect(again.href).toBe(first.href);
    expect(statSync(fileURLToPath(again)).mtimeMs).toBe(written);
  });

  it('bundles again when an imported file changes, even with the same size', async () => {
    const first = await bundledWorker(entry, name);
    writeFileSync(helper, "export const answer = (): string => 'other';\n");
    // Same length as before; a different mtime is what tells.
    const later = new Date(Date.now() + 5000);
    utimesSync(helper, later, later);
    const second = await bundledWorker(entry, name);
    expect(second.href).not.toBe(first.href);
    expect((await run(second)).answer).toBe('other');
  });

  it('keeps one cache entry per entry file: a second checkout with the same worker name runs its own code', async () => {
    // Two paydocs checkouts sharing one node_modules (git worktrees) bundle workers of the same name.
    const other = mkdtempSync(path.join(tmpdir(), 'paydocs-worker-bundle-other-'));
    try {
      writeFileSync(path.join(other, 'helper.ts'), "export const answer = (): string => 'second checkout';\n");
      writeFileSync(path.join(other, 'entry.ts'), "import { parentPort } from 'node:worker_threads';\nimport { answer } from './helper.ts';\nparentPort!.postMessage({ answer: answer(), here: import.meta.url });\n");
      const mine = await bundledWorker(entry, name);
      const theirs = await bundledWorker(path.join(other, 'entry.ts'), name);
      // Each, asked again, gets its own bundle back, not the one written last.
      expect((await run(await bundledWorker(entry, name))).here).toBe(`file://${entry}`);
      expect((await run(await bundledWorker(path.join(other, 'entry.ts'), name))).answer).toBe('second checkout');
      expect(mine.href).not.toBe(theirs.href);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
