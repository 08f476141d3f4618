import type { z } from 'zod';
import { levenshtein } from './pipeline/check/suggest.ts';

export type Severity = 'error' | 'warning';

/** One problem found in the user's input, with where it is and what to do. */
export interface Diagnostic {
  severity: Severity;
  /** Path relative to the project root, e.g. `content/docs/api/x.md`. */
  file?: string;
  line?: number;
  column?: number;
  message: string;
  /** Stable rule id, e.g. `frontmatter`, `broken-link`. */
  rule: string;
  hint?: string;
}

/** Thrown by a stage that found problems in user input (exit code 1). */
export class PaydocsError extends Error {
  readonly diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic[]) {
    super(diagnostics.map(formatDiagnostic).join('\n'));
    this.name = 'PaydocsError';
    this.diagnostics = diagnostics;
  }
}

export function formatDiagnostic(d: Diagnostic): string {
  let where = d.file ?? '';
  if (where && d.line) where += `:${d.line}`;
  if (where && d.line && d.column) where += `:${d.column}`;
  const head = `${where ? `${where}: ` : ''}${d.severity === 'warning' ? 'warning: ' : ''}${d.message}`;
  return d.hint ? `${head}\n  hint: ${d.hint}` : head;
}

/** Keeps every diagnostic of a run so the writer sees the whole list at once. */
export class DiagnosticList {
  readonly items: Diagnostic[] = [];
  add(d: Omit<Diagnostic, 'severity'> & { severity?: Severity }): void {
    // After one YAML syntax error the parser reports every token that follows it (an unclosed `[`
    // gave 216): the first one per file is the one to fix, the rest are its echo.
    if (isYamlSyntax(d) && this.items.some((x) => x.file === d.file && isYamlSyntax(x))) return;
    this.items.push({ severity: 'error', ...d });
  }
  get errors(): Diagnostic[] {
    return this.items.filter((d) => d.severity === 'error');
  }
  get warnings(): Diagnostic[] {
    return this.items.filter((d) => d.severity === 'warning');
  }
  /** Throws when there are errors (or warnings, with `strict`). */
  throwIfErrors(strict = false): void {
    const failing = strict ? this.items : this.errors;
    if (failing.length > 0) throw new PaydocsError(sortDiagnostics(this.items));
  }
}

function isYamlSyntax(d: Pick<Diagnostic, 'file' | 'message'>): boolean {
  return d.file !== undefined && d.message.startsWith('invalid YAML');
}

export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

/** `a.b[0].c` from a zod path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

function typeName(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'date';
  return typeof value;
}

function show(value: unknown): string {
  return `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
}

/**
 * One line per zod issue: `key.path: expected X, received Y`; a missing key is "`key` is required"
 * (at its parent's path), an unknown key is named once, with the nearest key `schema` accepts there.
 * Parse with `{ reportInput: true }` so the bad value can be shown.
 */
export function describeZodIssue(issue: z.core.$ZodIssue, schema?: z.ZodType): { path: string; message: string } {
  const path = formatPath(issue.path);
  const input = (issue as { input?: unknown }).input;
  let message: string;
  switch (issue.code) {
    case 'invalid_type': {
      const last = issue.path.at(-1);
      if (input === undefined && typeof last === 'string') return { path: formatPath(issue.path.slice(0, -1)), message: `\`${last}\` is required` };
      message = `expected ${issue.expected}, received ${typeName(input)}`;
      break;
    }
    case 'invalid_value':
      message = `expected ${issue.values.map((v) => show(v)).join(' or ')}, received ${input === undefined ? 'nothing' : show(input)}`;
      break;
    case 'unrecognized_keys':
      return { path, message: issue.keys.map((k) => unknownKeyMessage(k, schema ? keysAt(schema, issue.path) : [])).join('; ') };
    case 'too_small':
      message =
        issue.origin === 'string'
          ? input === '' || (typeof input === 'string' && input.trim() === '')
            ? `expected a non-empty string, received ${show(input)}`
            : `expected at least ${String(issue.minimum)} characters, received ${show(input)}`
          : `expected ${issue.origin === 'array' ? 'at least ' + String(issue.minimum) + ' items' : `>= ${String(issue.minimum)}`}, received ${show(input)}`;
      break;
    case 'too_big':
      message = `expected ${issue.origin === 'string' ? `at most ${String(issue.maximum)} characters` : `<= ${String(issue.maximum)}`}, received ${show(input)}`;
      break;
    case 'invalid_format':
      message = `expected ${issue.message && !issue.message.startsWith('Invalid') ? issue.message : issue.format}, received ${show(input)}`;
      break;
    case 'invalid_key': {
      // A record's key that its key schema refuses (`english:` where a locale code is expected).
      const inner = (issue as { issues?: z.core.$ZodIssue[] }).issues?.[0]?.message;
      message = `expected ${inner && !inner.startsWith('Invalid') ? inner : 'another key'}, received \`${String(issue.path.at(-1))}\``;
      break;
    }
    case 'invalid_union': {
      // zod names the values a discriminated union accepts (`options`): the navbar item `type`s.
      const { discriminator, options } = issue as { discriminator?: string; options?: unknown[] };
      const value = discriminator && input && typeof input === 'object' ? (input as Record<string, unknown>)[discriminator] : undefined;
      const guess = typeof value === 'string' && options ? nearestKey(value, options.map(String)) : undefined;
      const allowed = guess ? `did you mean \`${guess}\`?` : `expected ${options?.length ? `one of ${options.map((o) => show(o)).join(', ')}` : `one of the documented ${discriminator ?? ''}s`}`;
      // A plain union (a text, or one per locale): the types its options take, when the value is none of them.
      const errors = (issue as { errors?: z.core.$ZodIssue[][] }).errors ?? [];
      const types = errors.map((e) => (e[0]?.code === 'invalid_type' && e[0].path.length === 0 ? (e[0] as { expected: string }).expected.replace('record', 'object') : undefined));
      message = discriminator
        ? `unknown \`${discriminator}\` ${show(value)}; ${allowed}`
        : types.length > 0 && types.every((t) => t !== undefined)
          ? `expected ${[...new Set(types)].join(' or ')}, received ${show(input)}`
          : `expected one of the allowed shapes, received ${show(input)}`;
      break;
    }
    default:
      message = issue.message.startsWith('expected') || issue.message.startsWith('unknown') ? issue.message : `expected ${issue.message}`;
  }
  return { path, message };
}

/** `unknown key \`too\`; did you mean \`to\`?`, or the keys allowed there when few and none is near. */
function unknownKeyMessage(key: string, known: readonly string[]): string {
  const guess = nearestKey(key, known);
  if (guess) return `unknown key \`${key}\`; did you mean \`${guess}\`?`;
  return known.length > 0 && known.length <= 8 ? `unknown key \`${key}\`; expected one of ${known.map((k) => `\`${k}\``).join(', ')}` : `unknown key \`${key}\``;
}

/** The known key nearest to a mistyped one (`sidbar_label` -> `sidebar_label`), when near enough to be the one meant. */
export function nearestKey(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let score = Infinity;
  for (const k of known) {
    const d = levenshtein(key.toLowerCase(), k.toLowerCase());
    if (d < score) [best, score] = [k, d];
  }
  // One edit for a short key (`too` -> `to`, not `bad` -> `id`), two for a longer one (`titel` -> `title`).
  return score <= (key.length <= 4 ? 1 : Math.max(2, Math.floor(key.length / 4))) ? best : undefined;
}

/** The parts of a zod schema's definition that lead from an object to what its keys hold. */
interface SchemaDef {
  type: string;
  shape?: Record<string, { _zod: { def: SchemaDef } }>;
  innerType?: { _zod: { def: SchemaDef } };
  in?: { _zod: { def: SchemaDef } };
  element?: { _zod: { def: SchemaDef } };
  valueType?: { _zod: { def: SchemaDef } };
  options?: Array<{ _zod: { def: SchemaDef } }>;
  getter?: () => { _zod: { def: SchemaDef } };
}

/** The keys the object schema at `path` (of the input) accepts: for "did you mean" on an unknown key. */
export function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  const out = new Set<string>();
  const visit = (def: SchemaDef, rest: readonly PropertyKey[]): void => {
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        if (def.innerType) visit(def.innerType._zod.def, rest);
        return;
      case 'pipe':
        if (def.in) visit(def.in._zod.def, rest);
        return;
      case 'lazy':
        if (def.getter) visit(def.getter()._zod.def, rest);
        return;
      case 'union':
        for (const o of def.options ?? []) visit(o._zod.def, rest);
        return;
      case 'array':
        if (rest.length && typeof rest[0] === 'number' && def.element) visit(def.element._zod.def, rest.slice(1));
        return;
      case 'record':
        if (rest.length && def.valueType) visit(def.valueType._zod.def, rest.slice(1));
        return;
      case 'object': {
        if (!def.shape) return;
        if (rest.length === 0) for (const k of Object.keys(def.shape)) out.add(k);
        else if (typeof rest[0] === 'string' && def.shape[rest[0]]) visit(def.shape[rest[0]]!._zod.def, rest.slice(1));
        return;
      }
    }
  };
  visit((schema as unknown as { _zod: { def: SchemaDef } })._zod.def, path);
  return [...out];
}

export interface ZodDiagnosticsOptions {
  file: string;
  rule: string;
  /** The schema parsed with, for "did you mean" on unknown keys. */
  schema?: z.ZodType;
  /** Line of the key at `path` in the file (of the key itself, not its value), or of its nearest parent written there. */
  lineOf?: (path: readonly PropertyKey[]) => number | undefined;
  hint?: string;
}

/**
 * The diagnostics of a failed parse: one per issue, and one per unknown key, each at the line of
 * the key it is about (a missing key: at its parent).
 */
export function zodDiagnostics(error: z.ZodError, { file, rule, schema, lineOf, hint }: ZodDiagnosticsOptions): Diagnostic[] {
  const out: Diagnostic[] = [];
  const add = (path: readonly PropertyKey[], key: string, message: string) => {
    out.push({ severity: 'error', file, line: lineOf?.(path), rule, message: key ? `${key}: ${message}` : message, ...(hint ? { hint } : {}) });
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const known = schema ? keysAt(schema, issue.path) : [];
      for (const k of issue.keys) add([...issue.path, k], formatPath(issue.path), unknownKeyMessage(k, known));
      continue;
    }
    const { path: key, message } = describeZodIssue(issue, schema);
    add(issue.path, key, message);
  }
  return out;
}

/** `TypeError: x is not a function`. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  try {
    return String(error);
  } catch {
    // A thrown value without a string form (an object without a prototype): say what it is.
    return `a thrown ${typeof error} without a message`;
  }
}
