/**
 * A cache file that says whether it is whole: the SHA-256 of its body on the first line, then the body.
 * Written under a temporary name and renamed into place, so a build starting meanwhile reads the old
 * file or the new one; read back only when the body hashes to its first line (a file cut short, or
 * changed by hand, is no file). Failures are quiet: a cache that cannot be read or written costs time, not the build.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const HEX = 64;
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The body of `file`, or undefined when there is none or it is not the body its hash names. */
export function readChecked(file: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined; // none yet, or a folder where it goes
  }
  if (bytes.length <= HEX || bytes[HEX] !== 10) return undefined;
  const body = bytes.subarray(HEX + 1);
  return sha256(body) === bytes.subarray(0, HEX).toString('latin1') ? body : undefined;
}

/** Writes `body` to `file` with its hash, atomically; false when it could not. */
export function writeChecked(file: string, body: Uint8Array): boolean {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(tmp, Buffer.concat([Buffer.from(`${sha256(body)}\n`, 'latin1'), body]));
    renameSync(tmp, file);
    return true;
  } catch {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // its folder is not one
    }
    return false;
  }
}
