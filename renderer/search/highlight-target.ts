/**
 * Marks the words a search matched on the page it opened: every whole word inside `#__content`
 * that is indexed under one of the terms passed in `?_highlight=` (stems, so `выплату` and
 * `выплатами` both light up for `выплат`). Loaded only on pages opened from search.
 */
import { tokenize } from '../../shared/search/text.ts';

const SKIP = new Set(['SCRIPT', 'STYLE', 'MARK', 'BUTTON', 'SVG']);

/** Wraps matched words in `<mark class="search-highlight">`; returns the marks in document order. */
export function highlightTerms(root: HTMLElement, terms: readonly string[]): HTMLElement[] {
  const wanted = new Set(terms);
  if (wanted.size === 0) return [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => {
      for (let el = node.parentElement; el && el !== root; el = el.parentElement) {
        if (SKIP.has(el.tagName.toUpperCase()) || el.classList.contains('hash-link')) return NodeFilter.FILTER_REJECT;
      }
      return node.nodeValue && node.nodeValue.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT;
    },
  });
  const nodes: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
  const marks: HTMLElement[] = [];
  for (const node of nodes) {
    const text = node.nodeValue!;
    const hits = tokenize(text).filter((t) => t.terms.some((term) => wanted.has(term)) || wanted.has(t.word));
    if (hits.length === 0) continue;
    const frag = document.createDocumentFragment();
    let at = 0;
    for (const h of hits) {
      if (h.start > at) frag.append(text.slice(at, h.start));
      const mark = document.createElement('mark');
      mark.className = 'search-highlight';
      mark.textContent = h.raw;
      frag.append(mark);
      marks.push(mark);
      at = h.start + h.raw.length;
    }
    if (at < text.length) frag.append(text.slice(at));
    node.replaceWith(frag);
  }
  return marks;
}

/** Removes the marks of an earlier highlight (same page, new search). */
export function clearHighlights(root: HTMLElement): void {
  for (const mark of root.querySelectorAll('mark.search-highlight')) mark.replaceWith(mark.textContent ?? '');
  root.normalize();
}
