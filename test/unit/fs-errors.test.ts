import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../cli/diagnostics.ts';
import { fsErrorDiagnostic, isKnownFsError } from '../../cli/fs-errors.ts';

/** An error as Node's fs throws it. */
const fsError = (code: string, syscall: string, file: string) => Object.assign(new Error(`${code}: some text, ${syscall} '${file}'`), { code, syscall, path: file });

describe('cli/fs-errors', () => {
  const file = path.join(process.cwd(), 'dist/guide/index.html');

  it.each([
    ['ENOSPC', 'no space left on the device (ENOSPC)', 'free some disk space'],
    ['EROFS', 'the file system is read-only (EROFS)', 'writable folder with `--out <dir>`'],
    ['EACCES', 'permission denied (EACCES)', '`chmod u+rwx`'],
    ['EPERM', 'operation not permitted (EPERM)', '`chmod u+rwx`'],
    ['ELOOP', 'a symbolic link loop (a link that leads back to itself) (ELOOP)', 'fix or remove the link'],
    ['ENOTDIR', 'a part of the path is a file, not a folder (ENOTDIR)', 'remove or rename that file'],
  ])('%s: what happened, the path in backticks, then what to do', (code, reason, hint) => {
    const error = fsError(code, 'open', file);
    expect(isKnownFsError(error)).toBe(true);
    const d = fsErrorDiagnostic(error, { doing: 'cannot write the site to' });
    expect(d.message).toBe(`cannot write the site to \`dist/guide/index.html\`: ${reason}`);
    expect(d.hint).toContain(hint);
    expect(d.severity).toBe('error');
  });

  it('names the project file when there is one, and a path outside the working folder in full', () => {
    const d = fsErrorDiagnostic(fsError('EACCES', 'open', '/srv/other/x.md'), { doing: 'cannot read', file: 'content/docs/x.md', hint: 'let the build read it: chmod a+r' });
    expect(formatDiagnostic(d)).toBe('content/docs/x.md:1: cannot read `/srv/other/x.md`: permission denied (EACCES)\n  hint: let the build read it: chmod a+r');
  });

  it('an unknown error keeps its own message; a non-fs error is not known', () => {
    expect(fsErrorDiagnostic(new Error('boom'), { doing: 'cannot write', path: file }).message).toBe('cannot write `dist/guide/index.html`: boom');
    expect(isKnownFsError(new Error('boom'))).toBe(false);
    expect(isKnownFsError(fsError('EWHATEVER', 'open', file))).toBe(false);
  });
});
