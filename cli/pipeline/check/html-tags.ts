import { decodeHTMLAttribute } from 'entities';

/** One attribute of a start tag, its value decoded as the browser reads it. */
export interface HtmlAttribute {
  name: string;
  value: string;
}

/** A start or end tag in a piece of raw HTML. */
export interface HtmlTag {
  /** Lower case: `details`. */
  name: string;
  end: boolean;
  attributes: HtmlAttribute[];
  /** Offset of its `<` in the scanned text. */
  index: number;
}

// A start or end tag, its attributes quoted or not (a `>` inside quotes does not end it).
const TAG = /<(\/?)([a-z][a-z0-9-]*)(?=[\s/>])((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
// One attribute: its name, and a value in double, single or no quotes.
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
/** Elements whose content is text, not tags, up to their end tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp']);

/**
 * The tags of a piece of raw HTML, in order. Comments are skipped, and so is the text of a `<script>`
 * or `<style>` (a `<div>` in a script's string is not a tag).
 */
export function htmlTags(html: string): HtmlTag[] {
  const text = html.replace(/<!--[\s\S]*?(-->|$)/g, (c) => ' '.repeat(c.length));
  const out: HtmlTag[] = [];
  TAG.lastIndex = 0;
  for (let m = TAG.exec(text); m; m = TAG.exec(text)) {
    const name = m[2]!.toLowerCase();
    const end = m[1] === '/';
    const attributes = end ? [] : [...m[3]!.matchAll(ATTRIBUTE)].map((a) => ({ name: a[1]!.toLowerCase(), value: decodeHTMLAttribute(a[2] ?? a[3] ?? a[4] ?? '') }));
    out.push({ name, end, attributes, index: m.index });
    if (!end && RAW_TEXT.has(name)) {
      const close = text.toLowerCase().indexOf(`</${name}`, TAG.lastIndex);
      if (close === -1) break;
      TAG.lastIndex = close;
    }
  }
  return out;
}

/** 1-based line and column of `index` in a node's text that starts at `start`. */
export function positionIn(text: string, index: number, start: { line: number; column: number }): { line: number; column: number } {
  const before = text.slice(0, index).split('\n');
  return { line: start.line + before.length - 1, column: before.length === 1 ? start.column + index : before.at(-1)!.length + 1 };
}
