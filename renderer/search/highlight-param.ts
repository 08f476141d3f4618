/** Query parameter that carries the matched terms to the page a search result opens. */
export const HIGHLIGHT_PARAM = '_highlight';
