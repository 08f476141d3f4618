/**
 * One Markdown file read and checked: UTF-8, its size, its frontmatter (YAML and schema), its nesting,
 * its title; and the hash a translation records of its English source. The tree of every locale's
 * files is load-content.ts.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import matter from 'gray-matter';
import { FrontmatterSchema, type Frontmatter } from '../../../config/index.ts';
import { zodDiagnostics, type DiagnosticList } from '../../diagnostics.ts';
import { DOCS_DIR, I18N_DIR } from './content-dirs.ts';
import { unclosedQuote } from './load-yaml.ts';
import { MAX_NESTING, nestingTooDeep } from './nesting-depth.ts';

/** Frontmatter keys that are not text a translation carries: a change to one leaves every translation current. */
const UNTRANSLATED_KEYS = /^(?:id|slug|sidebar_position|hide_table_of_contents|draft|pagination_prev|pagination_next|noindex|source_hash)\s*:/;

/**
 * The hash a translation records of its English source (`source_hash`): of what a translator
 * translates, the text and the frontmatter's words. Line endings, spaces at line ends, blank lines at
 * the end and keys such as `sidebar_position` do not count, so they do not tell Russian readers that
 * the English page changed. Two spaces before a line that goes on are a hard line break, which the
 * reader sees: they count (as two, however many there are).
 */
export function sourceHash(raw: string): string {
  const all = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  const lines = all.map((l) => l.trimEnd());
  const close = lines[0] === '---' ? lines.indexOf('---', 1) : -1;
  // In the text (not the frontmatter): micromark's hard break, two or more spaces and no tab, kept as two.
  const body = lines.map((text, i) => {
    if (i <= close || !text || !lines[i + 1]) return text;
    const tail = all[i]!.slice(text.length);
    return tail.length >= 2 && /^ +$/.test(tail) ? `${text}  ` : text;
  });
  const kept = close === -1 ? body : [...lines.slice(1, close).filter((l) => !UNTRANSLATED_KEYS.test(l)), '---', ...body.slice(close + 1)];
  return createHash('sha256').update(kept.join('\n').replace(/\n+$/, '')).digest('hex').slice(0, 16);
}

/** Line (1-based) where a frontmatter key is written in a file already read once (only for errors). */
export function keyLineInFile(abs: string, key: string): number {
  const m = /^---(\r?\n[\s\S]*?)\r?\n---/.exec(readFileSync(abs, 'utf8'));
  return m ? frontmatterKeyLine(m[1]!, key) : 1;
}

/**
 * Line (1-based, in the file) where a frontmatter key is written: at the start of a line, else
 * indented (a key after a tab is still read as a top-level key by the YAML parser).
 */
function frontmatterKeyLine(rawFrontmatter: string, key: PropertyKey | undefined): number {
  if (typeof key !== 'string') return 1;
  // gray-matter keeps the newline after the opening `---`.
  const lines = rawFrontmatter.replace(/^\r?\n/, '').split('\n');
  const name = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const at = (re: RegExp) => lines.findIndex((l) => re.test(l));
  let index = at(new RegExp(`^(?:${name}|"${name}"|'${name}')\\s*:`));
  if (index === -1) index = at(new RegExp(`^\\s+(?:${name}|"${name}"|'${name}')\\s*:`));
  return index === -1 ? 1 : index + 2;
}

export type ReadResult =
  /** `hash`: the file's `sourceHash`, when asked for (only an English source's is ever compared). */
  | { ok: true; frontmatter: Frontmatter; body: string; bodyLineOffset: number; hash?: string }
  | { ok: false };

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Largest Markdown page accepted (1 MB); the biggest real page is under 40 KB. */
export const MAX_PAGE_BYTES = 1024 * 1024;

/**
 * The line (1-based) of the first line of prose after a blank line in the frontmatter, if there is
 * one. Without its closing `---`, gray-matter reads on to the next `---` of the page (a rule, a
 * table), and YAML fails somewhere in the text or takes a sentence for a key: the missing `---` is
 * the error to name.
 */
function unclosedFrontmatterLine(raw: string): number | undefined {
  const lines = raw.split(/\r?\n/);
  const yamlish = /^(\s|#|-(\s|$)|[A-Za-z_][\w-]*\s*:(\s|$)|['"])/;
  for (let i = 1; i < lines.length && !/^---\s*$/.test(lines[i]!); i++) {
    if (lines[i]!.trim() === '' && i + 1 < lines.length && lines[i + 1]!.trim() !== '' && !yamlish.test(lines[i + 1]!) && !/^---\s*$/.test(lines[i + 1]!)) return i + 2;
  }
  return undefined;
}

/** Reads one Markdown file: UTF-8, frontmatter YAML and schema. Problems go to `diagnostics`. */
export function readMarkdownFile(abs: string, file: string, diagnostics: DiagnosticList, { hash = true }: { hash?: boolean } = {}): ReadResult {
  let bytes: Buffer;
  try {
    bytes = readFileSync(abs);
  } catch (error) {
    // A file the build may not read (permissions, a broken link, a folder named *.md): its reason, not a stack trace.
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'ENOENT' ? 'no such file (a broken symbolic link?)' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message;
    diagnostics.add({ file, line: 1, rule: 'read', message: `cannot read the file: ${reason}`, hint: code === 'EACCES' || code === 'EPERM' ? 'let the build read it: chmod a+r' : undefined });
    return { ok: false };
  }
  if (bytes.length > MAX_PAGE_BYTES) {
    // A page this size is a paste gone wrong (a log, a data dump): it would ship as one huge page chunk.
    diagnostics.add({ file, line: 1, rule: 'page-size', message: `expected a page of at most ${MAX_PAGE_BYTES / 1024 / 1024} MB, received ${(bytes.length / 1024 / 1024).toFixed(1)} MB`, hint: 'split it into several pages, or move data to content/data/' });
    return { ok: false };
  }
  let raw: string;
  try {
    raw = decoder.decode(bytes);
  } catch {
    diagnostics.add({ file, line: 1, rule: 'encoding', message: 'expected UTF-8 text, received bytes that are not valid UTF-8', hint: 'save the file as UTF-8' });
    return { ok: false };
  }
  if (raw.charCodeAt(0) === 0xfeff) raw = raw.slice(1);
  if (raw.trim() === '') {
    diagnostics.add({ file, line: 1, rule: 'frontmatter', message: 'expected frontmatter with at least `title`, received an empty file' });
    return { ok: false };
  }
  const text = raw.startsWith('---') ? unclosedFrontmatterLine(raw) : undefined;
  if (text !== undefined) {
    diagnostics.add({ file, line: 1, rule: 'frontmatter', message: `the frontmatter opened here is never closed: expected a \`---\` line before line ${text}, the first line of text`, hint: 'end the frontmatter with a line of three dashes' });
    return { ok: false };
  }
  // No line of prose gave it away, but there is no closing line at all: gray-matter would take the
  // whole file for frontmatter (it ends it at the first `\n---`) and the page would build with an empty body.
  if (/^---[ \t]*\r?\n/.test(raw) && raw.indexOf('\n---', 3) === -1) {
    diagnostics.add({ file, line: 1, rule: 'frontmatter', message: 'the frontmatter opened here is never closed: expected a `---` line after it', hint: 'end the frontmatter with a line of three dashes; without it, the whole file is read as frontmatter and the page is empty' });
    return { ok: false };
  }
  let parsed: matter.GrayMatterFile<string>;
  try {
    // A fresh options object defeats gray-matter's cache, which would hide a second error in the same text.
    parsed = matter(raw, {});
  } catch (error) {
    const e = error as { mark?: { line?: number; column?: number }; reason?: string; message: string };
    // js-yaml finds an unclosed quote at the closing `---`: name the line where it was opened. The YAML
    // text starts with the newline after `---`, so its lines are the file's.
    const yaml = raw.slice(raw.indexOf('\n'));
    const open = /quoted scalar/.test(e.reason ?? '') ? unclosedQuote(yaml.slice(0, yaml.search(/\n---[ \t]*(\r?\n|$)/) + 1)) : undefined;
    if (open) {
      diagnostics.add({
        file,
        line: open.line,
        column: open.col,
        rule: 'frontmatter-yaml',
        message: `invalid YAML in frontmatter: the quote opened here (\`${open.quote}\`) is never closed`,
        hint: open.quote === '"' ? 'end the value with `"`; a `"` inside it is written `\\"`' : "end the value with `'`; a `'` inside it is written `''`",
      });
      return { ok: false };
    }
    diagnostics.add({
      file,
      // The YAML text starts with the newline after `---`, so its 0-based line is the file's 1-based line.
      line: (e.mark?.line ?? 0) + 1,
      column: e.mark?.column !== undefined ? e.mark.column + 1 : undefined,
      rule: 'frontmatter-yaml',
      message: `invalid YAML in frontmatter: ${e.reason ?? e.message.split('\n')[0]}`,
    });
    return { ok: false };
  }
  const result = FrontmatterSchema.safeParse(parsed.data, { reportInput: true });
  if (!result.success) {
    // A missing key is reported at line 1 (the opening `---`); any other at the line of its top-level key.
    const lineOf = (keyPath: readonly PropertyKey[]) => (keyPath.length === 0 || (keyPath.length === 1 && (parsed.data as Record<string, unknown>)[keyPath[0] as string] === undefined) ? 1 : frontmatterKeyLine(parsed.matter, keyPath[0]));
    for (const d of zodDiagnostics(result.error, { file, rule: 'frontmatter', schema: FrontmatterSchema, lineOf })) diagnostics.add(d);
    return { ok: false };
  }
  const bodyLineOffset = raw.slice(0, raw.length - parsed.content.length).split('\n').length - 1;
  const titled = titleOf(result.data.title, parsed.content, file);
  if (!titled) {
    diagnostics.add({ file, line: 1, rule: 'frontmatter', message: 'expected a title: a `title` in the frontmatter or a `#` heading as the first line', hint: 'start the page with `# Its title`' });
    return { ok: false };
  }
  // Before any parse of the text: deep nesting makes micromark slow, or overflow its stack.
  const deep = nestingTooDeep(parsed.content);
  if (deep) {
    diagnostics.add({ file, line: deep.line + bodyLineOffset, rule: 'nesting-depth', message: `lists, block quotes and ::: containers nested ${deep.depth} levels deep; expected at most ${MAX_NESTING}`, hint: 'flatten it: split the list or quote into several, or use headings and tables' });
    return { ok: false };
  }
  return { ok: true, frontmatter: { ...result.data, title: titled.title }, body: titled.body, bodyLineOffset, hash: hash ? sourceHash(raw) : undefined };
}

/** A `#` heading (ATX, level 1) as a whole line. */
const H1 = /^ {0,3}#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/;

/**
 * The page's title, as plain Markdown brings it (issue 34): the frontmatter's `title`; else the body's
 * first line when it is a `#` heading, which then leaves the body (the page shows its title as its h1;
 * the line stays, blank, so that line numbers hold); else the file name (`getting-started.md`: "Getting
 * started"; a folder's `index.md` or `README.md`: the folder's). Undefined for a site's own index page
 * with neither.
 */
function titleOf(written: string | undefined, body: string, file: string): { title: string; body: string } | undefined {
  if (written !== undefined) return { title: written, body };
  const lines = body.split('\n');
  const first = lines.findIndex((l) => l.trim() !== '');
  const m = first === -1 ? null : H1.exec(lines[first]!.replace(/\r$/, ''));
  if (m) {
    lines[first] = '';
    return { title: plainText(m[1]!), body: lines.join('\n') };
  }
  // The path below the locale's folder: `guides/README` of `content/docs/guides/README.md` or `content/i18n/ru/guides/README.md`.
  const parts = file
    .replace(/\.md$/i, '')
    .slice(file.startsWith(`${I18N_DIR}/`) ? file.indexOf('/', I18N_DIR.length + 1) + 1 : DOCS_DIR.length + 1)
    .split('/');
  let name = parts.pop() ?? '';
  if (/^(?:index|readme)$/i.test(name)) name = parts.pop() ?? '';
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words ? { title: words.charAt(0).toUpperCase() + words.slice(1), body } : undefined;
}

/** A heading's text without its inline Markdown: code ticks, emphasis, links and images kept as their text. */
function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*|_|~~)(\S(?:.*?\S)?)\1/g, '$2')
    .trim();
}
