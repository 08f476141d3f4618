import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { HIGHLIGHT_PARAM } from './highlight-param.ts';

/**
 * On a page opened from search (`?_highlight=<terms>`), highlights the matched words once the
 * page is shown. The highlighting code (and its stemmers) loads only then.
 */
export function useTargetHighlight(pageKey: string, enabled: boolean): void {
  const search = useSearch();
  useEffect(() => {
    if (!enabled) return;
    const terms = new URLSearchParams(search).get(HIGHLIGHT_PARAM)?.split(/\s+/).filter(Boolean) ?? [];
    const root = document.getElementById('__content');
    if (!root) return;
    if (terms.length === 0) {
      for (const mark of root.querySelectorAll('mark.search-highlight')) mark.replaceWith(mark.textContent ?? '');
      return;
    }
    let cancelled = false;
    void import('./highlight-target.ts').then(({ highlightTerms, clearHighlights }) => {
      if (cancelled) return;
      clearHighlights(root);
      const marks = highlightTerms(root, terms);
      // With no heading to scroll to, show the first match.
      if (marks[0] && !window.location.hash) marks[0].scrollIntoView({ block: 'center' });
    });
    return () => {
      cancelled = true;
    };
  }, [pageKey, search, enabled]);
}
