import type { z } from 'zod';

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
 * One line per zod issue: `key.path: expected X, received Y`.
 * Parse with `{ reportInput: true }` so the bad value can be shown.
 */
export function describeZodIssue(issue: z.core.$ZodIssue): { path: string; message: string } {
  const path = formatPath(issue.path);
  const input = (issue as { input?: unknown }).input;
  let message: string;
  switch (issue.code) {
    case 'invalid_type':
      message = `expected ${issue.expected}, received ${typeName(input)}`;
      break;
    case 'invalid_value':
      message = `expected ${issue.values.map((v) => show(v)).join(' or ')}, received ${input === undefined ? 'nothing' : show(input)}`;
      break;
    case 'unrecognized_keys':
      return {
        path,
        message: `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `\`${path ? `${path}.` : ''}${k}\``).join(', ')}`,
      };
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
    case 'invalid_union': {
      const { discriminator } = issue as { discriminator?: string };
      const value = discriminator && input && typeof input === 'object' ? (input as Record<string, unknown>)[discriminator] : undefined;
      message = discriminator
        ? `unknown \`${discriminator}\` ${show(value)}; expected one of the documented ${discriminator}s`
        : `expected one of the allowed shapes, received ${show(input)}`;
      break;
    }
    default:
      message = issue.message.startsWith('expected') || issue.message.startsWith('unknown') ? issue.message : `expected ${issue.message}`;
  }
  return { path, message };
}
