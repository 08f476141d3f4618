/**
 * The filter box of long reference tables (`::data-table`, see remark-data-table.ts). The table is
 * complete in the HTML; this module, imported on demand only by pages that have such a table, shows
 * the box and hides the rows that do not match what the reader types. Matching ignores case,
 * accents and `ё`/`е`, and looks at the whole row (code, names, notes).
 */

const normalize = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ё/g, 'е')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

function enhance(box: HTMLElement, signal: AbortSignal): void {
  const filter = box.querySelector<HTMLElement>('.data-table__filter');
  const input = filter?.querySelector<HTMLInputElement>('input');
  const count = filter?.querySelector<HTMLElement>('.data-table__count');
  const rows = [...box.querySelectorAll<HTMLTableRowElement>('tbody > tr')];
  if (!filter || !input || !count || rows.length === 0) return;
  let texts: string[] | undefined;
  const apply = () => {
    texts ??= rows.map((r) => normalize(r.textContent ?? ''));
    const words = normalize(input.value).split(' ').filter(Boolean);
    let shown = 0;
    rows.forEach((row, i) => {
      const match = words.every((w) => texts![i]!.includes(w));
      row.hidden = !match;
      if (match) shown++;
    });
    box.toggleAttribute('data-filtered', words.length > 0);
    count.textContent =
      words.length === 0 ? '' : shown === 0 ? fill(filter.dataset.empty ?? '', { query: input.value.trim() }) : fill(filter.dataset.count ?? '', { shown, total: rows.length });
  };
  input.addEventListener('input', apply, { signal });
  // A link to a row that the filter hides (`#BR-SP`) clears the filter, so the row can be shown.
  const reveal = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    const row = id ? rows.find((r) => r.id === id) : undefined;
    if (row?.hidden) {
      input.value = '';
      apply();
      row.scrollIntoView();
    }
  };
  window.addEventListener('hashchange', reveal, { signal });
  window.addEventListener('popstate', reveal, { signal });
  // In-page links are handled by client/links.ts with pushState (no hashchange): clear the filter
  // in the capture phase, before that handler scrolls to the row.
  document.addEventListener(
    'click',
    (e) => {
      const a = (e.target as Element | null)?.closest?.('a');
      if (!a || !a.hash || a.pathname !== location.pathname) return;
      const row = rows.find((r) => r.id === decodeURIComponent(a.hash.slice(1)));
      if (row?.hidden) {
        input.value = '';
        apply();
      }
    },
    { capture: true, signal },
  );
  filter.hidden = false;
  if (input.value) apply();
}

/** Enables the filter boxes under `root`; returns a function that removes the listeners. */
export function installTableFilters(root: ParentNode): () => void {
  const controller = new AbortController();
  for (const box of root.querySelectorAll<HTMLElement>('.data-table[data-filterable]')) enhance(box, controller.signal);
  return () => controller.abort();
}
