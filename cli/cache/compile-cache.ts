/**
 * The compile cache: what compiling each doc gave (its page, its problems, the highlighting classes its
 * code uses), kept in `.paydocs/cache/pages/` between runs, so a build after an edit compiles only
 * the docs that changed. Imported by the compile workers and by the in-process compile; plain Node.
 *
 * A doc's entry is used only when everything it was compiled from is the same:
 * - its source: file, route, frontmatter, body and translation state (`SourceDoc`; not the hash of a
 *   translation's English source, which compiling it does not read);
 * - the config, paydocs' compile code and the installed packages (`compileCacheSpec`'s `base`);
 * - the data its directives render, when it has one: the OpenAPI document (`::api-operation`), the
 *   reference data (`::data-table`, `::status-diagram`);
 * - the route of every page it looked up (its links, its operation's page), kept with the entry and
 *   looked up again: a page linked before it was written gets its link once it is.
 * Its problems are kept with it and reported by every build that uses it, so a warning does not
 * vanish on the second run. Anything unreadable is a miss; a failed write only costs the next build time.
 *
 * On disk: each compile thread appends the entries of its docs, compiled or reused, to a pack file of
 * its own, and the main thread then writes `index.json` (doc -> pack, offset, length) and deletes the
 * packs the previous index used. One file per doc cost the cold build some 0.3 s of CPU on this
 * machine (creating 450 files); a pack is opened once per thread.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { threadId } from 'node:worker_threads';
import type { PaydocsConfig } from '../../config/index.ts';
import type { Diagnostic } from '../diagnostics.ts';
import type { CompiledPage } from '../pipeline/compile/compile-markdown.ts';
import type { SourceDoc } from '../pipeline/load/load-content.ts';
import type { MarkdownData } from '../pipeline/compile/markdown/types.ts';
import { directivesUsedBy } from '../pipeline/compile/directives.ts';

/** Where the entries live, below the project root. */
export const COMPILE_CACHE_DIR = '.paydocs/cache/pages';
/** Bumped when an entry's or the index's shape changes: older ones are then misses. */
const FORMAT = 1;
const INDEX = 'index.json';


/** Where an entry is: pack file name, byte offset, length, and a hash of its bytes (checked before they are read as an entry). */
export type EntryPlace = [pack: string, offset: number, length: number, hash: string];
/** `locale\0relPath` -> where its entry is. */
export type CacheIndex = Record<string, EntryPlace>;

/** Where the cache is, what every entry was made with, and the index of the last run (plain data: posted to the compile workers). */
export interface CompileCacheSpec {
  dir: string;
  /** Hash of the compiler (its bundle's name, which holds the hash of its code), the installed packages, Node and the config. */
  base: string;
  index: CacheIndex;
}

/** `compiler`: what names paydocs' compile code and packages (see `compilerKey` in compile-site.ts). */
/** Whether the project has the index of an earlier run: a build then looks its pages up before it starts any worker. */
export function hasCompileCache(root: string): boolean {
  return existsSync(path.join(root, COMPILE_CACHE_DIR, INDEX));
}

export function compileCacheSpec(root: string, compiler: string, config: PaydocsConfig): CompileCacheSpec {
  const base = createHash('sha256').update(`${FORMAT}\0${compiler}\0${process.version}\0`).update(stableText(config)).digest('hex');
  const dir = path.join(root, COMPILE_CACHE_DIR);
  return { dir, base, index: readIndex(dir) };
}

/** The last run's index: only its well-formed places (a pack of this folder, a range, a hash); anything else is no entry. */
function readIndex(dir: string): CacheIndex {
  let index: unknown;
  try {
    index = JSON.parse(readFileSync(path.join(dir, INDEX), 'utf8'));
  } catch {
    return {}; // none yet, or not JSON
  }
  const { format, entries } = (index ?? {}) as { format?: unknown; entries?: unknown };
  const out: CacheIndex = {};
  if (format !== FORMAT || !entries || typeof entries !== 'object' || Array.isArray(entries)) return out;
  for (const [name, place] of Object.entries(entries)) if (isPlace(place)) out[name] = place;
  return out;
}

const PACK_NAME = /^[\w-]+\.pack$/;
const isPlace = (p: unknown): p is EntryPlace =>
  Array.isArray(p) && p.length === 4 && typeof p[0] === 'string' && PACK_NAME.test(p[0]) && Number.isSafeInteger(p[1]) && p[1] >= 0 && Number.isSafeInteger(p[2]) && p[2] > 0 && typeof p[3] === 'string';
const bytesHash = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

/** A doc compiled: the page without its source, the problems found, the highlighting classes its HTML uses (name, CSS). */
export interface CompiledEntry {
  page: Omit<CompiledPage, 'doc'>;
  problems: Diagnostic[];
  classes: Array<[string, string]>;
}

interface StoredEntry extends CompiledEntry {
  format: number;
  key: string;
  /** Every route the compile looked up, and what it got. */
  lookups: Array<[string, string | undefined]>;
}

type RouteOf = (relPath: string) => string | undefined;

/** One thread's view of the cache: reads entries from the last run's packs, writes this run's to its own pack. */
export class CompileCache {
  readonly #spec: CompileCacheSpec;
  readonly #dataHashes = new WeakMap<object, string>();
  readonly #readers = new Map<string, number | undefined>();
  #pack: { name: string; fd: number; size: number } | undefined | false;
  /** How many docs came from the cache. */
  reused = 0;
  /** The highlighting classes of the docs that came from the cache (name -> CSS): no highlighter of this run met their code. */
  readonly reusedClasses = new Map<string, string>();

  constructor(spec: CompileCacheSpec) {
    this.#spec = spec;
  }

  /**
   * The doc compiled, from its entry when that is still good, else by `compile` (given a `routeOf`
   * that records its lookups). Either way the entry goes to this run's pack (`place`: where; absent
   * when it could not be written). `classes` are those of the doc's HTML found in `registry` (the
   * highlighter's classes, name -> style).
   */
  compile(doc: SourceDoc, data: MarkdownData, routeOf: RouteOf, registry: () => ReadonlyMap<string, string | Record<string, string>>, compile: (routeOf: RouteOf) => Omit<CompiledEntry, 'classes'>): CompiledEntry & { hit: boolean; place?: EntryPlace } {
    const reused = this.reuse(doc, data, routeOf);
    if (reused) return reused;
    const lookups = new Map<string, string | undefined>();
    const done = compile((rel) => {
      const route = routeOf(rel);
      lookups.set(rel, route);
      return route;
    });
    const entry: CompiledEntry = { ...done, classes: classesIn(done.page.html, registry()) };
    const stored: StoredEntry = { format: FORMAT, key: this.#key(doc, data), lookups: [...lookups], ...entry };
    return { ...entry, hit: false, place: this.#append(serialize(stored)) };
  }

  /** The doc's entry when it is still good (and kept for the next run), else undefined: nothing is compiled. */
  reuse(doc: SourceDoc, data: MarkdownData, routeOf: RouteOf): (CompiledEntry & { hit: true; place?: EntryPlace }) | undefined {
    const old = this.#read(this.#spec.index[entryName(doc)]);
    if (!old || old.entry.key !== this.#key(doc, data) || !old.entry.lookups.every((lookup) => Array.isArray(lookup) && routeOf(String(lookup[0])) === lookup[1])) return undefined;
    const { page, problems, classes } = old.entry;
    this.reused++;
    for (const [name, style] of classes) this.reusedClasses.set(name, style);
    return { page, problems, classes, hit: true, place: this.#append(old.bytes) };
  }

  /** Closes the files; this run's pack is complete. */
  close(): void {
    for (const fd of this.#readers.values()) if (fd !== undefined) closeSync(fd);
    this.#readers.clear();
    if (this.#pack) closeSync(this.#pack.fd);
    this.#pack = undefined;
  }

  #key(doc: SourceDoc, data: MarkdownData): string {
    // Not `doc.hash`: a translation carries its English source's, which compiling it never reads (its
    // state, current or outdated, is `translation`); with it, every English edit compiled the translation again.
    const source = [doc.locale, doc.file, doc.relPath, doc.id, doc.route, doc.frontmatter, doc.body, doc.bodyLineOffset, doc.translation ?? ''];
    const hash = createHash('sha256').update(this.#spec.base).update(stableText(source));
    const uses = directivesUsedBy(doc.body);
    hash.update(uses.includes('api') ? this.#dataHash(data.api) : '-');
    hash.update(uses.includes('reference') ? this.#dataHash(data.reference) : '-');
    return hash.digest('hex');
  }

  /** A hash of a part of the data, once per object (the data is the same object for every doc of a build). */
  #dataHash(part: object | undefined): string {
    if (!part) return 'none';
    let h = this.#dataHashes.get(part);
    if (!h) this.#dataHashes.set(part, (h = createHash('sha256').update(stableText(part)).digest('hex')));
    return h;
  }

  /** The entry at `place` when its bytes are the ones written there (the hash) and it has an entry's shape. */
  #read(place: EntryPlace | undefined): { entry: StoredEntry; bytes: Buffer } | undefined {
    if (!place) return undefined;
    const [pack, offset, length, hash] = place;
    try {
      if (!this.#readers.has(pack)) this.#readers.set(pack, openOrUndefined(path.join(this.#spec.dir, pack)));
      const fd = this.#readers.get(pack);
      if (fd === undefined) return undefined;
      const bytes = Buffer.allocUnsafe(length);
      if (readSync(fd, bytes, 0, length, offset) !== length || bytesHash(bytes) !== hash) return undefined;
      const entry = deserialize(bytes) as Partial<StoredEntry> | null;
      const shaped = entry?.format === FORMAT && typeof entry.key === 'string' && Array.isArray(entry.lookups) && typeof entry.page?.html === 'string' && Array.isArray(entry.problems) && Array.isArray(entry.classes);
      return shaped ? { entry: entry as StoredEntry, bytes } : undefined;
    } catch {
      return undefined; // cut short, or not an entry
    }
  }

  #append(bytes: Uint8Array): EntryPlace | undefined {
    if (this.#pack === undefined) {
      const name = `${process.pid}-${threadId}-${randomBytes(6).toString('hex')}.pack`;
      try {
        mkdirSync(this.#spec.dir, { recursive: true });
        this.#pack = { name, fd: openSync(path.join(this.#spec.dir, name), 'wx'), size: 0 };
      } catch {
        this.#pack = false; // a folder that cannot be written to (a read-only checkout): the build goes on without the cache
      }
    }
    if (!this.#pack) return undefined;
    const pack = this.#pack;
    try {
      if (writeSync(pack.fd, bytes) === bytes.length) {
        pack.size += bytes.length;
        return [pack.name, pack.size - bytes.length, bytes.length, bytesHash(bytes)];
      }
    } catch {
      // a full disk
    }
    // Whatever part was written shifted the rest of the pack: it takes no more entries this run.
    closeSync(pack.fd);
    this.#pack = false;
    return undefined;
  }
}

/** `cache.compile` when there is a cache, else `compile` alone (nothing from or to a cache). */
export function compileThrough(cache: CompileCache | undefined, ...args: Parameters<CompileCache['compile']>): ReturnType<CompileCache['compile']> {
  if (cache) return cache.compile(...args);
  const [, , routeOf, , compile] = args;
  return { ...compile(routeOf), classes: [], hit: false };
}

/** What a build or the dev server says of the pages that came from the cache (nothing when none did). */
export const reusedNote = (reused: number, docs: number): string => (reused ? `${reused} of ${docs} Markdown pages unchanged, from .paydocs/cache` : '');

function openOrUndefined(file: string): number | undefined {
  try {
    return openSync(file, 'r');
  } catch {
    return undefined;
  }
}

/** A doc's name in the index: one entry per locale and file. */
export const entryName = (doc: Pick<SourceDoc, 'locale' | 'relPath'>): string => `${doc.locale}\0${doc.relPath}`;

/**
 * Writes the index of this run's entries (renamed into place: a build starting meanwhile reads the
 * old one or the new one), then deletes the packs of the last run's index that it no longer names,
 * and packs an hour old that no index names (a run that was stopped). Packs another run is writing
 * now are left alone. Docs the site no longer has are simply not in the new index; the entries of
 * locales this run did not compile (`--locale ru`) are kept, for the next build of every locale.
 */
export function writeCacheIndex(spec: CompileCacheSpec, run: CacheIndex, locales: readonly string[]): void {
  const entries: CacheIndex = {};
  for (const [name, place] of Object.entries(spec.index)) if (!locales.includes(name.slice(0, name.indexOf('\0')))) entries[name] = place;
  Object.assign(entries, run);
  const used = new Set(Object.values(entries).map(([pack]) => pack));
  const replaced = new Set(Object.values(spec.index).map(([pack]) => pack));
  const tmp = path.join(spec.dir, `${INDEX}.${process.pid}.tmp`);
  try {
    mkdirSync(spec.dir, { recursive: true });
    writeFileSync(tmp, JSON.stringify({ format: FORMAT, entries }));
    renameSync(tmp, path.join(spec.dir, INDEX));
  } catch {
    // A folder that cannot be written to: the build goes on without the cache, and this run's packs, which no index names, go.
    remove(tmp);
    for (const [pack] of Object.values(run)) remove(path.join(spec.dir, pack));
    return;
  }
  let names: string[] = [];
  try {
    names = readdirSync(spec.dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (used.has(name) || !(name.endsWith('.pack') || name.endsWith('.tmp'))) continue;
    const file = path.join(spec.dir, name);
    if (replaced.has(name) || isOlderThan(file, 60 * 60 * 1000)) remove(file);
  }
}

function remove(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // its folder is not one (a file where the cache goes): nothing to remove
  }
}

function isOlderThan(file: string, ms: number): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > ms;
  } catch {
    return false;
  }
}

/**
 * The highlighting classes the HTML uses, with their CSS: a page from the cache brings them to the
 * stylesheet, since no highlighter of this build met its code. Only the `class` attributes of tags
 * are read (text cannot hold a `<`), so `class="sk-live"` in inline code is never taken for one.
 */
export function classesIn(html: string, registry: ReadonlyMap<string, string | Record<string, string>>): Array<[string, string]> {
  const found = new Map<string, string>();
  for (const m of html.matchAll(/<[a-z][a-z0-9-]*(?: [a-z][a-z0-9-]*(?:="[^"]*")?)*? class="([^"]*)"/g)) {
    for (const name of m[1]!.split(' ')) {
      const style = name.startsWith('sk-') && !found.has(name) ? registry.get(name) : undefined;
      if (style !== undefined) found.set(name, styleText(style));
    }
  }
  return [...found];
}

export const styleText = (style: string | Record<string, string>): string => (typeof style === 'string' ? style : Object.entries(style).map(([k, v]) => `${k}:${v}`).join(';'));

/**
 * A text that is the same for equal values, for hashing: plain objects (in their keys' order), arrays,
 * Maps, Sets and primitives. Not `v8.serialize`: it writes a number as an integer or a double as V8
 * happens to hold it, so the same data, loaded in another thread or after other code ran, hashed
 * differently (63 to 193 of the 450 pages missed the cache on an unchanged site).
 */
export function stableText(value: unknown): string {
  const out: string[] = [];
  const walk = (x: unknown): void => {
    if (typeof x === 'string') out.push(JSON.stringify(x));
    else if (typeof x === 'number' || typeof x === 'boolean' || typeof x === 'bigint') out.push(`${(typeof x)[0]}${String(x)}`);
    else if (x === undefined || x === null) out.push(String(x));
    else if (Array.isArray(x)) {
      out.push('[');
      for (const v of x) walk(v), out.push(',');
      out.push(']');
    } else if (x instanceof Map || x instanceof Set) {
      out.push(x instanceof Map ? 'Map{' : 'Set{');
      for (const [k, v] of x.entries()) walk(k), out.push(':'), walk(v), out.push(',');
      out.push('}');
    } else if (x instanceof Date || x instanceof RegExp || typeof x === 'function' || typeof x === 'symbol') out.push(`${Object.prototype.toString.call(x)}${String(x instanceof Date ? x.getTime() : x)}`);
    else {
      // A plain object, or an instance of a class: its own fields.
      const proto = Object.getPrototypeOf(x) as { constructor?: { name?: string } } | null;
      out.push(proto === Object.prototype || !proto ? '{' : `${proto.constructor?.name ?? '?'}{`);
      for (const [k, v] of Object.entries(x)) out.push(JSON.stringify(k), ':'), walk(v), out.push(',');
      out.push('}');
    }
  };
  walk(value);
  return out.join('');
}
