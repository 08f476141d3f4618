/**
 * Every test file gets a temporary folder of its own as `TMPDIR` (so `os.tmpdir()` for the file and
 * for the builds, dev servers and browsers it starts), deleted when the file is done. Without it the
 * fixtures, outputs and profiles the tests make stayed behind: some 90 folders in /tmp per `npm test`.
 * Set per file, in the file's own process: a fork runs several files one after another.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

const base = (process.env.PAYDOCS_TEST_TMP_BASE ??= os.tmpdir());
const previous = process.env.TMPDIR;
const dir = mkdtempSync(path.join(base, 'paydocs-test-file-'));
process.env.TMPDIR = dir;

// Registered first, so it runs after the file's own afterAll hooks (vitest runs them as a stack).
afterAll(() => {
  if (previous === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previous;
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
});
