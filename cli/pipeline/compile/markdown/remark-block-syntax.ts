import type { Code, Html, Root } from 'mdast';
import type { Plugin } from 'unified';
import { pageData, type PageOutput } from './types.ts';
import { visit } from './visit.ts';

type Problem = PageOutput['problems'][number];

/** An opening code fence: indentation (or a quote's or list's prefix), the fence, the info string. */
const OPENING = /^[ \t>]*(`{3,}|~{3,})(.*)$/;

/**
 * Blocks CommonMark lets run to the end of the page (or of the list item or quote they are in) when
 * their end is missing, where micromark is silent and the page is quietly broken:
 *
 * - a code fence never closed turns the rest of the page into code;
 * - a code block holding a fence line with a language (```` ```python ````), which cannot close it:
 *   almost always the closing fence of the block before is missing, and the fences pair up wrongly
 *   from there (a later `:::` then closes nothing, which is reported far from the cause);
 * - an HTML comment without `-->`: its raw `<!--` goes into the page, and the browser hides the page
 *   after it, up to the first `-->` it meets in the theme.
 *
 * Runs right after parsing and reads the source at the node positions micromark gives.
 */
export const remarkBlockSyntax: Plugin<[], Root> = () => (tree, file) => {
  const source = String(file.value);
  const fences = source.includes('```') || source.includes('~~~');
  const comments = source.includes('<!--');
  if (!fences && !comments) return;
  const { ctx, out } = pageData(file);
  const report = (line: number, column: number | undefined, rule: string, message: string, hint?: string) =>
    out.problems.push({ line: line + ctx.bodyLineOffset, column, rule, severity: 'error', message, hint } satisfies Problem);

  visit(tree, (node) => {
    if (node.type === 'code' && fences) checkFence(node, source, ctx.bodyLineOffset, report);
    else if (node.type === 'html' && comments) checkComment(node, report);
  });
};

type Report = (line: number, column: number | undefined, rule: string, message: string, hint?: string) => void;

/** `offset`: lines of the file above the body (frontmatter), for the line named in a message. */
function checkFence(node: Code, source: string, offset: number, report: Report): void {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return;
  const lines = source.slice(start, end).split(/\r?\n/);
  const opening = OPENING.exec(lines[0]!);
  if (!opening) return; // an indented code block
  const fence = opening[1]!;
  const char = fence[0]!;
  const closes = (line: string) => {
    const m = /^[ \t>]*(`{3,}|~{3,})[ \t]*$/.exec(line);
    return m !== null && m[1]![0] === char && m[1]!.length >= fence.length;
  };
  const line0 = node.position!.start.line;
  // A line that opens a fence of the same kind with a language cannot close this one: the block before it lost its end.
  for (let i = 1; i < lines.length - 1; i++) {
    const inner = OPENING.exec(lines[i]!);
    if (inner && inner[1]![0] === char && inner[1]!.length >= fence.length && /\S/.test(inner[2]!) && !inner[2]!.includes(char)) {
      report(
        line0,
        node.position!.start.column,
        'code-fence',
        `the code block opened here runs into the fence line ${inner[1]}${inner[2]!.trim()} on line ${line0 + i + offset}: expected a closing ${fence} line before it`,
        `close the block; to show fences inside a code block, open it with a longer fence (${char.repeat(fence.length + 1)})`,
      );
      return;
    }
  }
  if (lines.length < 2 || !closes(lines[lines.length - 1]!)) {
    report(line0, node.position!.start.column, 'code-fence', `the code block opened here is never closed: expected a closing ${fence} line`, 'without it, the rest of the page is shown as code');
  }
}

function checkComment(node: Html, report: Report): void {
  const value = node.value.trimStart();
  if (!value.startsWith('<!--') || value.includes('-->', 4)) return;
  report(
    node.position?.start.line ?? 1,
    node.position?.start.column,
    'html-comment',
    'the HTML comment opened here is never closed: expected `-->`',
    'without it, the browser hides the rest of the page',
  );
}
