import type { Nodes, Parents } from 'mdast';

/**
 * `visit` from unist-util-visit, for the Markdown plugins: the same walk (preorder; a visitor may
 * return `SKIP`, `EXIT`, an index to go on from, or `[action, index]`), the same arguments
 * (`node, index, parent`), tested against the library on real trees.
 *
 * Why not the library itself: for each node of each walk it creates a closure, names it with
 * `Object.defineProperty` (a debugging aid) and copies the ancestors array. With a dozen walks per
 * page that was about a sixth of compiling; this walk allocates nothing per node.
 */
export const CONTINUE = true;
export const EXIT = false;
export const SKIP = 'skip';

type Action = typeof CONTINUE | typeof EXIT | typeof SKIP;
type Result = Action | number | readonly [Action?, number?] | undefined | void;
export type Visitor<T extends Nodes> = (node: T, index: number | undefined, parent: Parents | undefined) => Result;

/** Walks the mdast `tree`: every node, or only the nodes of type `test`. */
export function visit<K extends Nodes['type']>(tree: Nodes, test: K, visitor: Visitor<Extract<Nodes, { type: K }>>): void;
export function visit(tree: Nodes, visitor: Visitor<Nodes>): void;
export function visit(tree: Nodes, test: string | Visitor<Nodes>, visitor?: Visitor<Nodes>): void {
  walk(tree, undefined, undefined, typeof test === 'string' ? test : undefined, typeof test === 'string' ? visitor! : test);
}

const NONE: readonly [] = [];

function walk(node: Nodes, index: number | undefined, parent: Parents | undefined, type: string | undefined, visitor: Visitor<Nodes>): readonly [Action?, number?] {
  let result: readonly [Action?, number?] = NONE;
  if (type === undefined || node.type === type) {
    const value = visitor(node, index, parent);
    result = Array.isArray(value) ? (value as readonly [Action?, number?]) : typeof value === 'number' ? [CONTINUE, value] : value === undefined || value === null ? NONE : [value as Action];
    if (result[0] === EXIT) return result;
  }
  const children = 'children' in node ? (node.children as Nodes[]) : undefined;
  if (children && result[0] !== SKIP) {
    let offset = 0;
    while (offset > -1 && offset < children.length) {
      const sub = walk(children[offset]!, offset, node as Parents, type, visitor);
      if (sub[0] === EXIT) return sub;
      offset = typeof sub[1] === 'number' ? sub[1] : offset + 1;
    }
  }
  return result;
}
