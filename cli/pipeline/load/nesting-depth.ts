/**
 * A bound on how deep a page nests lists, block quotes and `:::` containers, checked by a cheap scan of
 * the source before micromark ever sees it. micromark's cost grows with the depth at every line (a
 * 1,000-level list took 46 s to build, 500 levels 7.4 s) and its recursion overflows the stack on a run
 * of 10,000 `>` (issue 33). The scan is linear and approximate in the safe direction for real pages:
 * it follows the container syntax of CommonMark closely enough to count what a writer nests, and
 * counts nothing inside fenced code.
 */

/**
 * The deepest nesting a page may have. Real pages nest 3 or 4 levels; 50 is far beyond any of them,
 * and well below the depth at which micromark gets slow (about a second per build at 50).
 */
export const MAX_NESTING = 50;

export interface TooDeep {
  /** 1-based line of the text where the nesting first passes the limit. */
  line: number;
  /** How deep it is on that line. */
  depth: number;
}

const TAB = 4;

/**
 * The first index from which the rest of `line` is a thematic break (`- - -`, `***`, `_ _ _`): three
 * or more of one of `-*_` and nothing else but blanks. A list marker there is a rule, not a list.
 */
function breakFrom(line: string): number {
  let i = line.length - 1;
  while (i >= 0 && (line[i] === ' ' || line[i] === '\t')) i--;
  const c = line[i];
  if (c !== '-' && c !== '*' && c !== '_') return Infinity;
  let count = 0;
  let from = Infinity;
  for (; i >= 0 && (line[i] === c || line[i] === ' ' || line[i] === '\t'); i--) {
    if (line[i] === c && ++count >= 3) from = i;
  }
  return from;
}

/** The width of a list marker at `pos` (`-`, `*`, `+`, `1.`, `12)`) followed by a blank or the end, or 0. */
function listMarker(line: string, pos: number): number {
  let end = pos;
  const c = line[pos];
  if (c === '-' || c === '*' || c === '+') end = pos + 1;
  else {
    while (end < line.length && end - pos < 9 && line[end]! >= '0' && line[end]! <= '9') end++;
    if (end === pos || (line[end] !== '.' && line[end] !== ')')) return 0;
    end++;
  }
  const next = line[end];
  return next === undefined || next === ' ' || next === '\t' ? end - pos : 0;
}

/** Where the nesting of `body` (Markdown without frontmatter) first passes `MAX_NESTING`, or undefined. */
export function nestingTooDeep(body: string, max = MAX_NESTING): TooDeep | undefined {
  // Content columns of the list items open at the current line: a line indented less than one is out of it.
  const items: number[] = [];
  let containers = 0;
  let fence: { char: string; length: number } | undefined;
  let lineNo = 0;
  for (let start = 0; start <= body.length; ) {
    let end = body.indexOf('\n', start);
    if (end === -1) end = body.length;
    const line = body.slice(start, body[end - 1] === '\r' ? end - 1 : end);
    start = end + 1;
    lineNo++;
    // The container prefix: blanks, `>` markers and list markers, with the column each is at.
    let pos = 0;
    let col = 0;
    let quotes = 0;
    let markers = 0;
    const rule = breakFrom(line);
    for (;;) {
      while (line[pos] === ' ' || line[pos] === '\t') col = line[pos++] === '\t' ? col + TAB - (col % TAB) : col + 1;
      if (fence) break;
      if (line[pos] === '>') {
        quotes++;
        pos++;
        col++;
        continue;
      }
      // Indented four past the item it is in (or the margin), a line is code or text, never a new item.
      if (quotes === 0 && markers === 0 && col - (items.at(-1) ?? 0) >= 4) break;
      const width = pos < rule ? listMarker(line, pos) : 0;
      if (width === 0) break;
      if (markers === 0) while (items.length > 0 && items.at(-1)! > col) items.pop();
      markers++;
      pos += width;
      col += width;
      items.push(col + 1);
    }
    const rest = line.slice(pos);
    if (fence) {
      // Inside fenced code nothing nests: only its closing fence counts.
      const close = /^(`{3,}|~{3,})[ \t]*$/.exec(rest.replace(/^[> \t]*/, ''));
      if (close && close[1]![0] === fence.char && close[1]!.length >= fence.length) fence = undefined;
      continue;
    }
    if (rest.trim() === '') {
      // A line of markers only (`>>>>`, `- `) nests too; a blank line changes nothing.
      if (quotes + items.length + containers > max) return { line: lineNo, depth: quotes + items.length + containers };
      continue;
    }
    if (markers === 0) while (items.length > 0 && items.at(-1)! > col) items.pop();
    const open = /^(`{3,}|~{3,})/.exec(rest);
    if (open) fence = { char: open[1]![0]!, length: open[1]!.length };
    else if (/^:{3,}[ \t]*[A-Za-z]/.test(rest)) containers++;
    else if (/^:{3,}[ \t]*$/.test(rest)) containers = Math.max(0, containers - 1);
    const depth = quotes + items.length + containers;
    if (depth > max) return { line: lineNo, depth };
  }
  return undefined;
}
