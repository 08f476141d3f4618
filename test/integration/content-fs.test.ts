/**
 * Symbolic links in `content/` and file-system failures while building (issue 33, failures 1 and 6):
 * a link out of `content/` is refused with the file named, a link inside it is read and copied as the
 * file it points to, a loop and an unwritable output are diagnostics, never a stack trace.
 */
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paydocs } from '../helpers/cli.ts';
import { copyFixture } from '../helpers/fixture.ts';

/** A file outside the project, as a secret on the build machine would be. */
function outsideFile(): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'paydocs-secret-')), 'shadow');
  writeFileSync(file, 'root:secret-hash:19000:0:99999:7:::\n');
  return file;
}

/** Asserts a failed build: exit 1, each text in stderr, no stack trace. */
async function expectFailure(dir: string, texts: string[], args: string[] = ['build']): Promise<string> {
  const r = await paydocs(args, dir);
  expect(r.code, r.out + r.err).toBe(1);
  for (const text of texts) expect(r.err).toContain(text);
  expect(r.err).not.toMatch(/\n\s+at /);
  return r.err;
}

describe.concurrent('symbolic links in content/', () => {
  it('a page that links outside content/ is refused, named, with what to do', async ({ expect }) => {
    const dir = copyFixture('basic');
    symlinkSync(outsideFile(), path.join(dir, 'content/docs/secret.md'));
    await expectFailure(dir, ['content/docs/secret.md: symbolic link to', 'outside `content/`', 'hint: copy the file into content/']);
  });

  it('a static file that links outside content/ is refused, and never copied into the site', async ({ expect }) => {
    const dir = copyFixture('basic');
    symlinkSync(outsideFile(), path.join(dir, 'content/static/img/logo-dark.svg'));
    await expectFailure(dir, ['content/static/img/logo-dark.svg: symbolic link to', 'outside `content/`']);
  });

  it('links inside content/ are read and copied as the files they point to', async ({ expect }) => {
    const dir = copyFixture('basic');
    // A page kept in a shared folder of content/, linked into the docs; a static file linked by a relative path.
    mkdirSync(path.join(dir, 'content/shared'));
    writeFileSync(path.join(dir, 'content/shared/common.md'), '---\ntitle: Common page\n---\n\nShared text.\n');
    symlinkSync('../shared/common.md', path.join(dir, 'content/docs/common.md'));
    symlinkSync('favicon.svg', path.join(dir, 'content/static/img/logo.svg'));
    const r = await paydocs(['build'], dir);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(path.join(dir, 'dist/common/index.html'), 'utf8')).toContain('Shared text.');
    const copied = path.join(dir, 'dist/img/logo.svg');
    expect(lstatSync(copied).isSymbolicLink()).toBe(false);
    expect(readFileSync(copied, 'utf8')).toBe(readFileSync(path.join(dir, 'content/static/img/favicon.svg'), 'utf8'));
  });

  it('a link to itself (ELOOP) and a folder linked into itself are diagnostics naming the path', async ({ expect }) => {
    const dir = copyFixture('basic');
    symlinkSync('loop.md', path.join(dir, 'content/docs/loop.md'));
    symlinkSync('..', path.join(dir, 'content/docs/api/up'));
    await expectFailure(dir, ['content/docs/loop.md: symbolic link loop', 'content/docs/api/up: symbolic link loop', 'hint: fix or remove the link']);
  });

  it('a folder in content/static linked into itself is a diagnostic, not an endless copy', async ({ expect }) => {
    const dir = copyFixture('basic');
    symlinkSync('.', path.join(dir, 'content/static/img/again'));
    await expectFailure(dir, ['content/static/img/again: symbolic link loop']);
  });
});

describe.concurrent('file-system failures while writing the output', () => {
  it('an output folder that cannot be made names the path and what to do, not `ENOENT … mkdir`', async ({ expect }) => {
    const dir = copyFixture('basic');
    // Root ignores permission bits, so the unwritable parent is a file: mkdir fails with ENOTDIR.
    writeFileSync(path.join(dir, 'blocker'), 'a file where a folder should be');
    const below = await expectFailure(dir, ['cannot write the site to `blocker/sub`: a part of the path is a file, not a folder (ENOTDIR)', 'hint: remove or rename that file'], ['build', '--out', 'blocker/sub/site']);
    expect(below).not.toContain('ENOENT');
    await expectFailure(dir, ['cannot write the site to `blocker`: a file is in the way, where a folder is needed (EEXIST)', 'hint: remove or rename that file'], ['build', '--out', 'blocker/site']);
  });
});
