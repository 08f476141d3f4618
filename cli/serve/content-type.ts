/**
 * Content types from the `mime` package (mime-db's data, kept up to date upstream), instead of a
 * hand-kept table that sent gif, pdf, avif and webmanifest as application/octet-stream.
 */
import path from 'node:path';
import mime from 'mime';
import otherTypes from 'mime/types/other.js';
import standardTypes from 'mime/types/standard.js';

/**
 * Types whose bytes are text. Browsers guess the charset of those when it is not given, and the
 * site is all UTF-8. (image/svg+xml is left alone: it is an image, and XML declares its own encoding.)
 */
const TEXTUAL = /^text\/|^application\/(?:json|javascript|xml|[\w.-]+\+(?:json|xml))$/;

function withCharset(type: string): string {
  return TEXTUAL.test(type) ? `${type}; charset=utf-8` : type;
}

/** The Content-Type of a file name, a path or a bare extension (`pdf`, `.pdf`). */
export function contentTypeFor(file: string): string {
  const ext = file.startsWith('.') && !file.slice(1).includes('.') ? file : path.extname(file);
  const type = ext ? mime.getType(ext.slice(1)) : null;
  return type ? withCharset(type) : 'application/octet-stream';
}

/**
 * The same types as a table by extension with its dot (`.pdf`): what `dev` looks types up in.
 * Built from every extension the package knows, so the two never disagree.
 */
const extensionLists: ReadonlyArray<Record<string, readonly string[]>> = [standardTypes, otherTypes];
export const CONTENT_TYPES: Record<string, string> = Object.fromEntries(
  extensionLists.flatMap((types) => Object.values(types).flat()).map((ext) => [`.${ext}`, contentTypeFor(`.${ext}`)]),
);
