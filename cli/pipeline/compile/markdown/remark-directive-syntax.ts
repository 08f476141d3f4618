import type { Nodes, Paragraph, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { Plugin } from 'unified';
import { ADMONITION_NAMES } from '../admonition-types.ts';
import { pageData, type PageOutput } from './types.ts';

type Problem = PageOutput['problems'][number];

/** Block nodes that hold other blocks: the walk goes into these and nowhere else. */
const BLOCK_PARENTS = new Set(['root', 'blockquote', 'list', 'listItem', 'containerDirective', 'footnoteDefinition']);
const ADMONITIONS: ReadonlySet<string> = new Set(ADMONITION_NAMES);

/**
 * The `:::` fences of container directives, checked where micromark-extension-directive is silent:
 *
 * - a container that is never closed runs to the end of the page (or of the list item or quote it
 *   is in): micromark closes it there, so the rest of the page ends up inside a note;
 * - a fence line it cannot read (`:::tip Sandbox only`, `:::warning[No end`, `::: note`) or a `:::`
 *   with nothing open (a lone `:::`) stays a paragraph, printed as literal text.
 *
 * Runs right after parsing, on the block nodes only (never inside paragraphs or code), and looks at
 * the source text at the node positions micromark gives: O(text), no second parse. `\:::` is the
 * way to write a literal `:::` at the start of a line.
 */
export const remarkDirectiveSyntax: Plugin<[], Root> = () => (tree, file) => {
  const source = String(file.value);
  // Every page without a `::` has nothing to check.
  if (source.indexOf('::') === -1) return;
  const { ctx, out } = pageData(file);
  const fences = fenceOffsets(source);
  let next = 0; // index into `fences` of the first one not yet behind the walk
  let unmatchedOpenings = 0; // fences reported as unreadable: the next lone `:::` is theirs, said once
  const report = (where: { line: number; column: number }, rule: string, message: string, hint?: string) =>
    out.problems.push({ line: where.line + ctx.bodyLineOffset, column: where.column, rule, severity: 'error', message, hint } satisfies Problem);

  /** The containers found unclosed (micromark closed them at the end of the page or of their parent). */
  const unclosed = new Set<ContainerDirective>();

  const walk = (node: Nodes, container: ContainerDirective | undefined) => {
    if (node.type === 'paragraph') return checkParagraph(node, container);
    if (!BLOCK_PARENTS.has(node.type) || !('children' in node)) return;
    const inner = node.type === 'containerDirective' && node.position ? node : container;
    if (inner !== container) checkClosed(inner!, container);
    for (const child of node.children as Nodes[]) walk(child, inner);
  };

  /** Closed containers end with their fence: some `:::` after the opening line and the last child. */
  const checkClosed = (node: ContainerDirective, parent: ContainerDirective | undefined) => {
    const start = node.position!.start.offset!;
    const end = node.position!.end.offset!;
    const lineEnd = source.indexOf('\n', start);
    let from = lineEnd === -1 ? source.length : lineEnd;
    const last = node.children[node.children.length - 1];
    if (last?.position?.end.offset !== undefined && last.position.end.offset > from) from = last.position.end.offset;
    if (source.slice(from, end).includes(':::')) return;
    unclosed.add(node);
    const fence = ':'.repeat(colonsAt(source, start));
    const opening = `${fence}${node.name}`;
    if (parent && !unclosed.has(parent)) {
      // The parent's fence closed both: either the parent was meant to end earlier (its `:::` is missing),
      // or this one was meant to be nested in it (the parent needs more colons). Said at the parent, whose line is where the page goes wrong.
      const outer = `${':'.repeat(colonsAt(source, parent.position!.start.offset!))}${parent.name}`;
      report(
        parent.position!.start as { line: number; column: number },
        'unclosed-directive',
        `\`${outer}\` is never closed: the \`${fence}\` on line ${parent.position!.end.line + ctx.bodyLineOffset} that ends it was meant for \`${opening}\` (line ${node.position!.start.line + ctx.bodyLineOffset})`,
        `close \`${outer}\` with a \`${outer.slice(0, outer.length - parent.name.length)}\` line after its content; or, to nest \`${opening}\` in it, give it more colons: \`${fence}:${parent.name}\` … \`${fence}:\``,
      );
      return;
    }
    report(
      node.position!.start as { line: number; column: number },
      'unclosed-directive',
      `\`${opening}\` is never closed; expected a \`${fence}\` line after its content`,
      'without it, the rest of the page (or of the list item or quote it is in) is inside it',
    );
  };

  const checkParagraph = (node: Paragraph, container: ContainerDirective | undefined) => {
    const pos = node.position;
    if (!pos || pos.start.offset === undefined || pos.end.offset === undefined) return;
    if ((node.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) return;
    const start = pos.start.offset;
    const end = pos.end.offset;
    // A leaf directive micromark could not read (`::data-table{src="x"`): at the paragraph's start only.
    if (source.startsWith('::', start) && !source.startsWith(':::', start) && /^::[a-z][\w-]*[[{]/i.test(source.slice(start, start + 64))) {
      const line = lineText(source, start);
      report(pos.start as { line: number; column: number }, 'directive-syntax', `\`${line}\` is not a directive; expected \`::name{key="value"}\` alone on its line`, 'check the closing `}` or `]` and the quotes of the attribute values');
      return;
    }
    while (next < fences.length && fences[next]! < start) next++;
    for (; next < fences.length && fences[next]! < end; next++) {
      const offset = fences[next]!;
      if ((offset === start || lineStartsAt(source, offset)) && !insideCode(node, offset)) checkFenceLine(offset, at(source, pos.start as { line: number; column: number }, start, offset), container);
    }
  };

  /** A line of a paragraph that starts with `:::`: an opening micromark could not read, or a lone closing fence. */
  const checkFenceLine = (offset: number, where: { line: number; column: number }, container: ContainerDirective | undefined) => {
    const [, colons, rest] = /^(:{3,})(.*)$/.exec(lineText(source, offset))! as unknown as [string, string, string];
    if (rest !== '') {
      unmatchedOpenings++;
      report(where, 'directive-syntax', describeBadOpening(colons, rest));
      return;
    }
    if (unmatchedOpenings > 0) {
      unmatchedOpenings--; // the closing fence of a bad opening above: that one is reported
      return;
    }
    const open = container ? colonsAt(source, container.position!.start.offset!) : 0;
    report(
      where,
      'directive-syntax',
      `a lone \`${colons}\` closes nothing`,
      container && open > colons.length
        ? `\`${':'.repeat(open)}${container.name}\` (line ${container.position!.start.line + ctx.bodyLineOffset}) closes with \`${':'.repeat(open)}\``
        : 'remove it, or open a container above it (`:::note` … `:::`); write `\\:::` for the literal text',
    );
  };

  walk(tree, undefined);
};

/** What is wrong with an opening fence `colons + rest` that micromark did not read as a directive. */
function describeBadOpening(colons: string, rest: string): string {
  const line = `${colons}${rest}`;
  const name = /^[a-z][\w-]*/i.exec(rest)?.[0];
  if (!name) {
    const spaced = /^\s+([a-z][\w-]*)(.*)$/i.exec(rest);
    if (spaced) return `\`${line}\`: no space goes between \`${colons}\` and the name: \`${colons}${spaced[1]}${spaced[2]!.trim() ? spaced[2] : ''}\``;
    return `\`${line}\` is not a directive; expected \`${colons}name\`, \`${colons}name[title]\` or \`${colons}name{key="value"}\` alone on its line`;
  }
  const tail = rest.slice(name.length);
  const title = /^\s+(\S.*)$/.exec(tail)?.[1];
  if (title !== undefined && !title.startsWith('{') && !title.startsWith('[')) {
    return ADMONITIONS.has(name)
      ? `\`${line}\`: an admonition's title goes in brackets: \`${colons}${name}[${title.trim()}]\``
      : `\`${line}\`: nothing may follow \`${colons}${name}\` on its line but \`[label]\` and \`{key="value"}\``;
  }
  if (title !== undefined) return `\`${line}\`: no space goes between the name and \`${title[0]}\`: \`${colons}${name}${title}\``;
  if (tail.startsWith('[') && !tail.includes(']')) return `\`${line}\`: the title has no closing \`]\`; expected \`${colons}${name}${tail.trimEnd()}]\``;
  if (tail.includes('{') && !tail.includes('}')) return `\`${line}\`: the attributes have no closing \`}\``;
  return `\`${line}\` is not a directive; expected \`${colons}${name}\`, \`${colons}${name}[title]\` or \`${colons}${name}{key="value"}\` alone on its line (attribute values in quotes)`;
}

/** Offsets of every run of three or more colons, in order (its first colon). */
function fenceOffsets(source: string): number[] {
  const out: number[] = [];
  for (let i = source.indexOf(':::'); i !== -1; ) {
    out.push(i);
    let j = i + 3;
    while (source.charCodeAt(j) === 58 /* : */) j++;
    i = source.indexOf(':::', j);
  }
  return out;
}

/** Whether only blanks and quote markers come before `at` on its line. */
function lineStartsAt(source: string, at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const c = source.charCodeAt(i);
    if (c === 10 /* \n */) return true;
    if (c !== 32 && c !== 9 && c !== 62 /* > */) return false;
  }
  return true;
}

function colonsAt(source: string, at: number): number {
  let n = 0;
  while (source.charCodeAt(at + n) === 58) n++;
  return n;
}

/** The text of the line from `at` to its end, without trailing blanks. */
function lineText(source: string, at: number): string {
  const end = source.indexOf('\n', at);
  return source.slice(at, end === -1 ? source.length : end).trimEnd();
}

/** Line and column of `offset`, counted from a known point before it. */
function at(source: string, known: { line: number; column: number }, knownOffset: number, offset: number): { line: number; column: number } {
  if (offset === knownOffset) return known;
  let line = known.line;
  let lineStart = knownOffset - (known.column - 1);
  for (let i = source.indexOf('\n', knownOffset); i !== -1 && i < offset; i = source.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** A `:::` inside inline code or inline HTML that spans lines is text, not a fence. */
function insideCode(node: Paragraph, at: number): boolean {
  return node.children.some((c) => (c.type === 'inlineCode' || c.type === 'html') && c.position !== undefined && c.position.start.offset! <= at && at < c.position.end.offset!);
}
