import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import type { CustomPageProps } from '../../renderer/context.ts';
import { Marked } from '../../renderer/components/SearchMarked.tsx';
import { useDelayedFlag } from '../../renderer/hooks/use-delayed-flag.ts';
import { searchClient } from '../../renderer/search/client.ts';
import { format } from '../../shared/i18n/format.ts';
import { searchPageUrl } from '../../renderer/search/open-url.ts';
import type { SearchResult } from '../../renderer/search/protocol.ts';
import { normalizePath } from '../../shared/route-path.ts';

export const meta = {
  title: { en: 'Search', ru: 'Поиск' },
  description: { en: 'Search the Corvopay documentation.', ru: 'Поиск по документации Corvopay.' },
  noindex: true,
};

/** How many results the page lists at first, and how many more each 'Show more' adds. */
const LIMIT = 100;

/**
 * Where the reader was on the page, kept in its history entry as they leave it (a click, or the
 * page unloading): for the results of query `key`, the scroll position, how many results were
 * listed, and the result they opened. Back shows the page again from scratch, and its results come
 * from the search worker after the browser has restored the scroll position on a page that was
 * still short; so the page puts the reader back itself once the results are in.
 */
interface Place {
  key: string;
  y: number;
  limit: number;
  link: string | null;
}
const PLACE = 'paydocs:search-place';

function savedPlace(): Place | undefined {
  const place = (window.history.state as Record<string, unknown> | null)?.[PLACE] as Partial<Place> | undefined;
  return place && typeof place.key === 'string' && typeof place.y === 'number' && typeof place.limit === 'number' ? { key: place.key, y: place.y, limit: place.limit, link: place.link ?? null } : undefined;
}

function readParams(): { q: string; ctx: string; version: string } {
  const p = new URLSearchParams(window.location.search);
  return { q: p.get('q') ?? '', ctx: p.get('ctx') ?? '', version: p.get('version') ?? '' };
}

/**
 * The search page at `{base}search?q=...&ctx=...&version=...`. The address follows what the
 * reader types (replaced, not pushed: Back leaves the page instead of stepping through letters).
 * Without JavaScript it is a form that submits to itself.
 */
export default function Search({ site }: CustomPageProps) {
  const s = site.strings;
  const home = site.locales.find((l) => l.locale === site.locale)?.home ?? '/';
  const files = site.searchFiles;
  const [params, setParams] = useState<{ q: string; ctx: string; version: string } | null>(null);
  const [result, setResult] = useState<{ key: string; data: SearchResult } | null>(null);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const contexts = site.search.contexts;

  // The query lives in the URL; read it once hydrated (the prerendered page has none), and again
  // when the address changes from outside (the navbar box, Back).
  const search = useSearch();
  // Whether the address is still this page's: a link followed from here changes the address (and the
  // search string) while the next page loads and this one is still shown. Read then, its query is
  // empty, and writing it back replaced the address of the page being opened with the search page's.
  const roots = useMemo(() => site.locales.map((l) => l.home), [site]);
  const shown = () => normalizePath(window.location.pathname, roots) === `${home}search`;
  // A known context or none, and the query as searched: what a list of results is for.
  const ctxOf = (p: { ctx: string } | null) => (p && contexts.some((c) => c.key === p.ctx) ? p.ctx : '');
  const keyOf = (p: { q: string; ctx: string } | null) => `${ctxOf(p)}\u0000${p?.q.trim() ?? ''}`;
  // The place to go back to, read once as the page opens (see `Place`).
  const back = useRef<Place | undefined>(undefined);
  useEffect(() => {
    if (!shown()) return;
    const next = readParams();
    if (params === null) {
      back.current = savedPlace();
      if (back.current?.key === keyOf(next)) setMore({ key: back.current.key, limit: back.current.limit });
    }
    setParams((p) => (p && p.q === next.q && p.ctx === next.ctx && p.version === next.version ? p : next));
  }, [search]);

  useEffect(() => {
    if (!params || !shown()) return;
    const url = searchPageUrl(home, params.q, params.ctx, params.version);
    if (url !== window.location.pathname + window.location.search) window.history.replaceState(window.history.state, '', url);
  }, [params, home]);

  const ctx = ctxOf(params);
  const started = params !== null;
  useEffect(() => {
    if (!files || !started) return;
    // The page waits for the text store too, so every result has its excerpt. (The navbar box
    // never asks for it: this page is where the text store is downloaded.)
    searchClient(files.worker)
      .load(files.index, ctx, { excerpts: true })
      .then(
        () => setReady(true),
        (e: unknown) => setError(String((e as Error).message ?? e)),
      );
  }, [files, started, ctx]);

  const q = params?.q.trim() ?? '';
  const key = keyOf(params);
  // More results for the same query; a new query starts again from the first LIMIT.
  const [more, setMore] = useState({ key: '', limit: LIMIT });
  const limit = more.key === key ? more.limit : LIMIT;
  const here = useRef({ key, limit });
  here.current = { key, limit };
  useEffect(() => {
    const save = (e: Event) => {
      if (!shown()) return;
      // Unloading after a click on a result (a full load) keeps the result the click saved.
      const saved = savedPlace();
      const link = e.type === 'click' ? ((e.target as Element | null)?.closest?.('a.search-result__link')?.getAttribute('href') ?? null) : saved?.key === here.current.key ? saved.link : null;
      const place: Place = { ...here.current, y: window.scrollY, link };
      window.history.replaceState({ ...(window.history.state as object | null), [PLACE]: place }, '');
    };
    // Capture: before the app's link handling pushes the next page's entry.
    document.addEventListener('click', save, true);
    window.addEventListener('pagehide', save);
    return () => {
      document.removeEventListener('click', save, true);
      window.removeEventListener('pagehide', save);
    };
  }, []);
  useEffect(() => {
    if (!files || !ready || !q) return;
    let stale = false;
    searchClient(files.worker)
      .search(files.index, ctx, q, limit, { excerpts: true })
      .then(
        (data) => !stale && setResult({ key, data }),
        (e: unknown) => !stale && setError(String((e as Error).message ?? e)),
      );
    return () => {
      stale = true;
    };
  }, [files, ready, q, ctx, key, limit]);

  // While the next answer is on its way the previous one stays, so the list does not flicker.
  const current = result?.data;
  const version = params?.version ?? '';
  // 'Loading…' only once the first answer is 200 ms late, so a fast load never flashes it.
  const showLoading = useDelayedFlag(!error && q !== '' && !current);
  // After "Show more" the keyboard goes on from the first new result: the button it was on may be gone.
  const list = useRef<HTMLOListElement>(null);
  const firstNew = useRef<number | null>(null);
  useEffect(() => {
    const from = firstNew.current;
    if (from === null || !current || current.hits.length <= from) return;
    firstNew.current = null;
    list.current?.querySelectorAll<HTMLAnchorElement>('.search-result__link')[from]?.focus();
  }, [current]);
  // Back on this page: once its results are in, the reader is where they were, on the result they opened.
  useEffect(() => {
    const place = back.current;
    if (!place || !result) return;
    back.current = undefined;
    if (result.key !== place.key) return;
    window.scrollTo(0, place.y);
    const opened = place.link === null ? undefined : [...(list.current?.querySelectorAll<HTMLAnchorElement>('.search-result__link') ?? [])].find((a) => a.getAttribute('href') === place.link);
    opened?.focus({ preventScroll: true });
  }, [result]);
  return (
    <div className="search-page">
      {/* The same heading with or without a query: one that named the query grew a line as it was
          typed (or when the page read it from the address), and moved the search box under the cursor. */}
      <h1>{s['search.pageTitle']}</h1>
      <form
        action={`${home}search`}
        method="get"
        role="search"
        aria-label={s['search.pageTitle']}
        className="search-page__controls"
        onSubmit={(e) => e.preventDefault()}
      >
        <input
          className="search-page__input"
          type="search"
          name="q"
          aria-label={s['search.label']}
          placeholder={s['search.placeholder']}
          autoComplete="off"
          spellCheck={false}
          value={params?.q ?? ''}
          onChange={(e) => setParams((p) => ({ ...(p ?? { ctx: '', version: '' }), q: e.target.value }))}
          autoFocus
        />
        {contexts.length > 0 && (
          <select
            className="search-page__select"
            name="ctx"
            aria-label={s['search.context']}
            value={ctx}
            onChange={(e) => setParams((p) => ({ ...(p ?? { q: '', version: '' }), ctx: e.target.value }))}
          >
            <option value="">{s['search.allContexts']}</option>
            {contexts.map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
              </option>
            ))}
          </select>
        )}
        {version && <input type="hidden" name="version" value={version} />}
      </form>
      {files && version && version !== files.version && (
        <p className="search-page__status" role="note">
          {format(s['search.unknownVersion'], { version, current: site.version.label })}
        </p>
      )}
      <div role="status" aria-live="polite" className="search-page__status">
        {error
          ? format(s['search.failed'], { error })
          : !q
            ? s['search.typeToSearch']
            : !current
              ? showLoading
                ? s['search.loading']
                : ''
              : current.total === 0
                ? s['search.noResults']
                : format(s[current.total === 1 ? 'search.resultCountOne' : 'search.resultCount'], { count: current.total })}
      </div>
      {current?.switchedQuery && q && <p className="search-page__status">{format(s['search.switchedLayout'], { typed: q, query: current.switchedQuery })}</p>}
      {q && current && current.hits.length > 0 && (
        <ol className="search-page__results" ref={list}>
          {current.hits.map((hit) => (
            <li key={hit.url} className="search-result">
              <a className="search-result__link" href={hit.url}>
                <Marked segments={hit.title} />
                {hit.heading.length > 0 && (
                  <span className="search-result__heading">
                    {' › '}
                    <Marked segments={hit.heading} />
                  </span>
                )}
              </a>
              {hit.path && <div className="search-result__path">{hit.path}</div>}
              {hit.excerpt && hit.excerpt.length > 0 && (
                <p className="search-result__excerpt">
                  <Marked segments={hit.excerpt} />
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
      {q && current && current.total > current.hits.length && (
        <button
          type="button"
          className="search-page__more"
          onClick={() => {
            firstNew.current = current.hits.length;
            setMore({ key, limit: current.hits.length + LIMIT });
          }}
        >
          {format(s['search.showMore'], { count: Math.min(LIMIT, current.total - current.hits.length) })}
        </button>
      )}
    </div>
  );
}
