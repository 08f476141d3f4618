import { decodeHTMLAttribute } from 'entities';

/** A link target written in HTML: `<a href>` or `<img src>`. */
export interface HtmlLink {
  tag: 'a' | 'img';
  /** The attribute's value, entities decoded and trimmed as a browser reads it. */
  url: string;
  /** Offset in the scanned text of the value as written (after any leading spaces). */
  index: number;
}

// A start tag, its attributes quoted or not (a `>` inside quotes does not end it).
const TAG = /<(a|img)(?=[\s/>])((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
// One attribute: its name, and a value in double, single or no quotes.
const ATTRIBUTE = /([^\s"'=<>/]+)(?:(\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/**
 * The `href` of each `<a>` and `src` of each `<img>` in a piece of HTML, with where its value is
 * written. Comments are skipped; entities (`&amp;`, `&#47;`) are decoded, as the browser does.
 */
export function htmlLinks(html: string): HtmlLink[] {
  const text = html.replace(/<!--[\s\S]*?-->/g, (c) => ' '.repeat(c.length));
  const out: HtmlLink[] = [];
  for (const tag of text.matchAll(TAG)) {
    const name = tag[1]!.toLowerCase() as HtmlLink['tag'];
    const wanted = name === 'a' ? 'href' : 'src';
    const attributes = tag[2]!;
    const start = tag.index + 1 + tag[1]!.length;
    for (const a of attributes.matchAll(ATTRIBUTE)) {
      if (a[1]!.toLowerCase() !== wanted) continue;
      const raw = a[3] ?? a[4] ?? a[5];
      if (raw === undefined) break;
      const quoted = a[3] !== undefined || a[4] !== undefined;
      const lead = raw.length - raw.trimStart().length;
      out.push({ tag: name, url: decodeHTMLAttribute(raw).trim(), index: start + a.index + a[1]!.length + a[2]!.length + (quoted ? 1 : 0) + lead });
      break;
    }
  }
  return out;
}
