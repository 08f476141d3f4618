import type { Root } from 'mdast';
import type { LeafDirective } from 'mdast-util-directive';
import type { Plugin } from 'unified';
import { recordDirectiveMarkdown } from './directive-markdown.ts';
import { SKIP, visit } from './visit.ts';
import type { TransactionStatuses } from '../../../../config/schemas/data.ts';
import { format, type Strings } from '../../../../shared/i18n/strings.ts';
import { MISSING_DATA_FILE, missingDataFile, pageData } from './types.ts';

const STATUSES_FILE = 'content/data/transaction_statuses.yaml';

const NODE_W = 176;
const NODE_H = 36;
const ROW_H = 64;
const GAP_X = 88;
const PAD = 24;
/** Room on the left of the first column for edges that skip a rank or go back up. */
const LEFT = 44;
/** Monospace advance at 13 px, to centre labels without measuring text. */
const CHAR_W = 7.8;

interface Placed {
  status: string;
  final: TransactionStatuses['statuses'][number]['final'];
  /** Row (top to bottom). */
  row: number;
  col: number;
  x: number;
  y: number;
}

/**
 * Layered layout, computed from the data: back edges are found by a depth-first walk from the
 * initial status (so `chargeback -> success` does not make a cycle), rows are longest paths over
 * the remaining edges, so the main path reads top to bottom. Statuses that lead on keep the first
 * columns; statuses that lead nowhere (`failed`, `refunded`…) share one column on the right, each on
 * the first free row at or below its own, so edges always point down or sideways.
 */
export function layoutStatuses(data: TransactionStatuses): { nodes: Map<string, Placed>; back: Set<string>; width: number; height: number } {
  const order = data.statuses.map((s) => s.status);
  const out = new Map<string, string[]>(order.map((s) => [s, []]));
  for (const t of data.transitions) if (t.from !== t.to) out.get(t.from)?.push(t.to);
  const back = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const dfs = (s: string) => {
    state.set(s, 'open');
    for (const n of out.get(s) ?? []) {
      if (state.get(n) === 'open') back.add(`${s}->${n}`);
      else if (!state.has(n)) dfs(n);
    }
    state.set(s, 'done');
  };
  dfs(data.initial);
  for (const s of order) if (!state.has(s)) dfs(s);
  const forward = data.transitions.filter((t) => !back.has(`${t.from}->${t.to}`) && t.from !== t.to);
  const rank = new Map<string, number>(order.map((s) => [s, 0]));
  // Longest path by relaxation: the graph without back edges is acyclic, so |V| rounds suffice.
  for (let i = 0; i < order.length; i++) for (const t of forward) rank.set(t.to, Math.max(rank.get(t.to)!, rank.get(t.from)! + 1));
  const final = new Map(data.statuses.map((s) => [s.status, s.final]));
  const isSink = (s: string) => (out.get(s)?.length ?? 0) === 0;
  const byRank = new Map<number, string[]>();
  for (const s of order.filter((x) => !isSink(x))) byRank.set(rank.get(s)!, [...(byRank.get(rank.get(s)!) ?? []), s]);
  const nodes = new Map<string, Placed>();
  const place = (s: string, row: number, col: number) => nodes.set(s, { status: s, final: final.get(s)!, row, col, x: PAD + LEFT + col * (NODE_W + GAP_X), y: PAD + row * ROW_H });
  let cols = 0;
  for (const [r, list] of byRank) {
    list.forEach((s, col) => place(s, r, col));
    cols = Math.max(cols, list.length);
  }
  const sinks = order.filter(isSink).sort((a, b) => rank.get(a)! - rank.get(b)! || order.indexOf(a) - order.indexOf(b));
  const taken = new Set<number>();
  for (const s of sinks) {
    let row = rank.get(s)!;
    while (taken.has(row)) row++;
    taken.add(row);
    place(s, row, cols);
  }
  if (sinks.length) cols++;
  const rows = Math.max(...[...nodes.values()].map((n) => n.row)) + 1;
  return { nodes, back, width: PAD * 2 + LEFT + cols * NODE_W + (cols - 1) * GAP_X, height: PAD * 2 + (rows - 1) * ROW_H + NODE_H };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The diagram as inline SVG, coloured by the theme's CSS variables so it follows light and dark mode.
 * Edges that cannot go straight down run in channels: one vertical line per target, ordered so a
 * source's horizontal stub only meets the channels it connects to; a dot marks each connection.
 */
export function statusDiagramSvg(data: TransactionStatuses, strings: Strings, idPrefix = 'status-diagram'): string {
  const { nodes, back, width, height } = layoutStatuses(data);
  const mid = (n: Placed) => n.y + NODE_H / 2;
  const kind = (t: { from: string; to: string }) => {
    const a = nodes.get(t.from)!;
    const b = nodes.get(t.to)!;
    if (back.has(`${t.from}->${t.to}`)) return 'back';
    if (a.col === b.col) return b.row === a.row + 1 ? 'straight' : 'skip';
    return b.col > a.col ? 'right' : 'left';
  };
  const edges = data.transitions.filter((t) => t.from !== t.to).map((t) => ({ ...t, kind: kind(t) }));
  // Channel order: into the right-hand gap, targets higher up get the channels nearer to them.
  const gapTargets = new Map<number, string[]>();
  for (const e of edges.filter((x) => x.kind === 'right')) {
    const col = nodes.get(e.to)!.col;
    const list = gapTargets.get(col) ?? [];
    if (!list.includes(e.to)) list.push(e.to);
    gapTargets.set(col, list);
  }
  for (const list of gapTargets.values()) list.sort((a, b) => nodes.get(a)!.row - nodes.get(b)!.row);
  const leftTargets = [...new Set(edges.filter((x) => x.kind === 'skip' || x.kind === 'back').map((x) => `${x.kind}:${x.to}`))];
  const paths: string[] = [];
  const dots = new Set<string>();
  for (const e of edges) {
    const a = nodes.get(e.from)!;
    const b = nodes.get(e.to)!;
    let d: string;
    if (e.kind === 'straight') {
      d = `M${a.x + NODE_W / 2},${a.y + NODE_H} V${b.y - 1}`;
    } else if (e.kind === 'skip' || e.kind === 'back') {
      // Around the left side of the column; back edges a little lower and further out.
      const k = leftTargets.indexOf(`${e.kind}:${e.to}`);
      const x = a.x - 12 - 8 * k;
      const dy = e.kind === 'back' ? 7 : -3;
      d = `M${a.x},${mid(a) + dy} H${x} V${mid(b) + dy} H${b.x - 1}`;
      dots.add(`${x},${mid(a) + dy}`);
    } else if (e.kind === 'right') {
      const k = gapTargets.get(b.col)!.indexOf(e.to);
      const x = b.x - 14 - 10 * k;
      d = `M${a.x + NODE_W},${mid(a)} H${x} V${mid(b)} H${b.x - 1}`;
      dots.add(`${x},${mid(a)}`);
    } else {
      const x = b.x + NODE_W + 14;
      d = `M${a.x},${mid(a)} H${x} V${mid(b)} H${b.x + NODE_W + 1}`;
    }
    paths.push(`<path class="status-diagram__edge${e.kind === 'back' ? ' status-diagram__edge--back' : ''}" d="${d}" marker-end="url(#${idPrefix}-arrow)"><title>${esc(`${e.from} → ${e.to}`)}</title></path>`);
  }
  const junctions = [...dots].map((p) => {
    const [x, y] = p.split(',');
    return `<circle class="status-diagram__dot" cx="${x}" cy="${y}" r="2.6"/>`;
  });
  const boxes = [...nodes.values()].map((n) => {
    const cls = n.final === 'yes' ? ' status-diagram__node--final' : n.final === 'until_reversed' ? ' status-diagram__node--reversible' : '';
    const initial = n.status === data.initial ? ' status-diagram__node--initial' : '';
    const label = n.final !== 'no' ? `${n.status}, ${strings['statusDiagram.final']}` : n.status;
    return (
      `<g class="status-diagram__node${cls}${initial}" transform="translate(${n.x},${n.y})"><title>${esc(label)}</title>` +
      `<rect width="${NODE_W}" height="${NODE_H}" rx="8"/>` +
      (n.final === 'yes' ? `<rect class="status-diagram__inner" x="3" y="3" width="${NODE_W - 6}" height="${NODE_H - 6}" rx="6"/>` : '') +
      `<text x="${NODE_W / 2}" y="${NODE_H / 2}" dy="0.35em" text-anchor="middle" textLength="${Math.min(n.status.length * CHAR_W, NODE_W - 16)}" lengthAdjust="spacingAndGlyphs">${esc(n.status)}</text></g>`
    );
  });
  const label = format(strings['statusDiagram.label'], { count: edges.length });
  return (
    `<svg class="status-diagram__svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="${idPrefix}-title">` +
    `<title id="${idPrefix}-title">${esc(label)}</title>` +
    `<defs><marker id="${idPrefix}-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="currentColor"/></marker></defs>` +
    `<g class="status-diagram__edges">${paths.join('')}${junctions.join('')}</g>${boxes.join('')}</svg>`
  );
}

/**
 * `::status-diagram` draws the allowed transitions of `content/data/transaction_statuses.yaml` at
 * build time as inline SVG. The SVG is one labelled image; the transitions themselves are for
 * every reader in `::data-table{src="status_transitions"}`, which the page puts next to it.
 */
export const remarkStatusDiagram: Plugin<[], Root> = () => (tree, file) => {
  const { ctx, out } = pageData(file);
  const statuses = ctx.data.reference?.statuses;
  let n = 0;
  visit(tree, 'leafDirective', (node: LeafDirective, index, parent) => {
    if (node.name !== 'status-diagram' || !parent || index === undefined) return undefined;
    if (!statuses) {
      const why = missingDataFile(ctx.data, STATUSES_FILE);
      parent.children.splice(index, 1);
      if (why === 'failed') return [SKIP, index];
      out.problems.push({
        line: node.position ? node.position.start.line + ctx.bodyLineOffset : undefined,
        column: node.position?.start.column,
        rule: 'status-diagram',
        severity: 'error',
        message: `\`::status-diagram\` needs \`${STATUSES_FILE}\`, ${MISSING_DATA_FILE[why]}`,
      });
      return [SKIP, index];
    }
    const id = n++ === 0 ? 'status-diagram' : `status-diagram-${n}`;
    // A drawing: its transitions are the `status_transitions` data table the page has next to it.
    recordDirectiveMarkdown(ctx, out, node, []);
    const caption = ctx.strings['statusDiagram.caption'];
    parent.children.splice(index, 1, {
      type: 'html',
      value:
        `<figure class="status-diagram" id="${id}"><div class="status-diagram__scroll" role="region" tabindex="0" aria-label="${esc(caption)}">` +
        statusDiagramSvg(statuses, ctx.strings, id) +
        `</div><figcaption class="status-diagram__caption">${esc(caption)}</figcaption></figure>`,
    });
    return [SKIP, index + 1];
  });
};
