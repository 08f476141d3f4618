import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useRuntime, useT } from '../context.ts';
import { useDelayedFlag } from '../hooks/use-delayed-flag.ts';
import { searchClient } from '../search/client.ts';
import { format } from '../../shared/i18n/format.ts';
import { openSearchUrl, searchPageUrl } from '../search/open-url.ts';
import type { SearchResult } from '../search/protocol.ts';
import { Icon } from './icons.tsx';
import { Marked } from './SearchMarked.tsx';

export interface SearchComboboxProps {
  /** Home of the locale (`/ru/`): the search page is `{home}search`. */
  home: string;
  initialQuery: string;
  /** Take the focus when mounted (the reader was in the box while this chunk loaded). */
  focus: boolean;
}

/**
 * The navbar search as an ARIA 1.2 combobox: an input that owns a listbox of at most
 * `search.suggestions` pages, then 'See all results'. Arrow keys move the active option
 * (`aria-activedescendant`, focus stays in the input), Enter opens it (or the search page when
 * none is active), Escape closes the list, then clears the box.
 */
export function SearchCombobox({ home, initialQuery, focus }: SearchComboboxProps) {
  const { site } = useRuntime();
  const t = useT();
  const files = site.searchFiles!;
  const client = searchClient(files.worker);
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState(initialQuery);
  const [result, setResult] = useState<{ query: string; data: SearchResult } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(initialQuery.trim() !== '');
  const [active, setActive] = useState(-1);
  const limit = site.search.suggestions;

  // Start loading the index now (first hover or focus), not at the first keystroke. Suggestions
  // show no excerpts: the text store is left for the search page.
  useEffect(() => {
    client.load(files.index, '').catch((e: unknown) => setError(String((e as Error).message ?? e)));
  }, [client, files.index]);

  // In the commit that replaces the plain box: no key press can land on <body> in between.
  useLayoutEffect(() => {
    if (focus) {
      input.current?.focus();
      const n = input.current?.value.length ?? 0;
      input.current?.setSelectionRange(n, n);
    }
  }, [focus]);

  // Answer the latest query only: an older answer arriving late is dropped.
  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setResult(null);
      return;
    }
    let stale = false;
    client.search(files.index, '', q, limit).then(
      (data) => {
        if (stale) return;
        setResult({ query: q, data });
        setActive(-1);
        setError(null);
      },
      (e: unknown) => !stale && setError(String((e as Error).message ?? e)),
    );
    return () => {
      stale = true;
    };
  }, [client, files.index, query, limit]);

  useEffect(() => {
    if (!site.search.shortcut) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      if (e.key === '/' || (e.key.toLowerCase() === 'k' && (e.ctrlKey || e.metaKey))) {
        e.preventDefault();
        input.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [site.search.shortcut]);

  const hits = result?.data.hits ?? [];
  const q = query.trim();
  const seeAll = searchPageUrl(home, q);
  // Options: the hits, then 'See all results'.
  const count = hits.length + 1;
  const expanded = open && q !== '';
  const loading = result === null && error === null;
  // 'Loading…' only once the first answer is 200 ms late, so a fast load never flashes it.
  const showLoading = useDelayedFlag(expanded && loading);
  // The answer to what is in the box has not arrived yet (the previous list may still be shown).
  const busy = expanded && error === null && result?.query !== q;
  const optionId = (i: number) => `${id}-opt-${i}`;

  /** `done`: a result was chosen, so the box starts empty for the next search (typing into it added to the old query). */
  const go = (url: string, done = false) => {
    setOpen(false);
    setActive(-1);
    if (done) setQuery('');
    input.current?.blur();
    openSearchUrl(site, url);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!expanded) {
        setOpen(true);
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      const next = active === -1 ? (step === 1 ? 0 : count - 1) : (active + step + count) % count;
      setActive(next);
      // Into the list's view (the list scrolls; 'See all results', last, is often below its edge). Not on
      // hover: the pointer is on the option already.
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (!q) return;
      if (expanded && active >= 0 && active < hits.length) go(hits[active]!.url, true);
      else go(seeAll);
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (query) {
        e.preventDefault();
        setQuery('');
      }
    } else if (e.key === 'Home' || e.key === 'End') {
      if (expanded) setActive(-1);
    }
  };

  return (
    <form
      className={`search-box${expanded ? ' search-box--open' : ''}`}
      role="search"
      action={`${home}search`}
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        if (q) go(seeAll);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Icon name="search" size={16} />
      <input
        ref={input}
        className="search-box__input"
        type="search"
        name="q"
        role="combobox"
        aria-label={t('search.label')}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {site.search.shortcut && (
        <kbd className="search-box__hint" title={t('search.shortcutHint')}>
          /
        </kbd>
      )}
      <ul id={listId} role="listbox" aria-label={t('search.suggestions')} aria-busy={busy} className="search-suggestions" hidden={!expanded}>
        {expanded && error !== null && (
          <li role="option" aria-disabled="true" aria-selected="false" className="search-suggestions__empty">
            {format(t('search.failed'), { error })}
          </li>
        )}
        {showLoading && (
          <li role="option" aria-disabled="true" aria-selected="false" className="search-suggestions__empty">
            {t('search.loading')}
          </li>
        )}
        {expanded && !loading && error === null && hits.length === 0 && (
          <li role="option" aria-disabled="true" aria-selected="false" className="search-suggestions__empty">
            {t('search.noResults')}
          </li>
        )}
        {expanded &&
          hits.map((hit, i) => (
            <li key={hit.url} id={optionId(i)} role="option" aria-selected={active === i} className="search-suggestions__item" onMouseEnter={() => setActive(i)}>
              <a
                href={hit.url}
                tabIndex={-1}
                onMouseDown={(e) => e.preventDefault()}
                onClick={(e) => {
                  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                  e.preventDefault();
                  go(hit.url, true);
                }}
              >
                <span className="search-suggestions__title">
                  <Marked segments={hit.title} />
                </span>
                {hit.heading.length > 0 && (
                  <span className="search-suggestions__heading">
                    <Marked segments={hit.heading} />
                  </span>
                )}
                {hit.path && <span className="search-suggestions__path">{hit.path}</span>}
              </a>
            </li>
          ))}
        {expanded && (
          <li id={optionId(hits.length)} role="option" aria-selected={active === hits.length} className="search-suggestions__item search-suggestions__all" onMouseEnter={() => setActive(hits.length)}>
            <a
              href={seeAll}
              tabIndex={-1}
              onMouseDown={(e) => e.preventDefault()}
              onClick={(e) => {
                if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                e.preventDefault();
                go(seeAll);
              }}
            >
              {t('search.seeAll')}
            </a>
          </li>
        )}
      </ul>
      <span className="visually-hidden" role="status" aria-live="polite">
        {/* The suggestions listed, not a total: the list stops looking once it has enough, so its total is
            not the search page's, and a count the reader then does not meet there misleads. */}
        {expanded && result ? (hits.length === 0 ? t('search.noResults') : format(t('search.suggestionCount'), { count: hits.length }, site.locale)) : ''}
      </span>
    </form>
  );
}
