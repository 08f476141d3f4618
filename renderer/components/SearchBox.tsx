import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useRuntime, useT } from '../context.ts';
import { searchClient } from '../search/client.ts';
import type { SearchComboboxProps } from './SearchCombobox.tsx';
import { Icon } from './icons.tsx';

/** The combobox chunk, shared by every box on the page; loaded on first hover or focus. */
let combobox: Promise<ComponentType<SearchComboboxProps>> | undefined;

function loadCombobox(): Promise<ComponentType<SearchComboboxProps>> {
  combobox ??= import('./SearchCombobox.tsx').then((m) => m.SearchCombobox);
  combobox.catch(() => (combobox = undefined));
  return combobox;
}

/** Index URLs whose loading was started from here. */
const started = new Set<string>();

/**
 * The navbar search box. This part ships with every page and stays tiny: a plain GET form to the
 * search page (so it works without JavaScript). Hovering or focusing it starts the search worker
 * on the index (only the index: suggestions show no excerpts) and, at the same time, loads the
 * combobox chunk, which takes over, keeping what was typed and the focus.
 */
export function SearchBox() {
  const { site } = useRuntime();
  const t = useT();
  const home = site.locales.find((l) => l.locale === site.locale)?.home ?? site.baseUrl;
  const [Combobox, setCombobox] = useState<ComponentType<SearchComboboxProps> | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const warm = () => {
    const files = site.searchFiles;
    if (!files) return;
    // The worker and the index load alongside the combobox chunk instead of after it (it would
    // start them on mount). A failure is reported by the combobox, whose own `load` retries.
    if (!started.has(files.index)) {
      started.add(files.index);
      searchClient(files.worker)
        .load(files.index, '')
        .catch(() => started.delete(files.index));
    }
    void loadCombobox().then(
      (C) => setCombobox(() => C),
      (error: unknown) => console.error('[paydocs] could not load the search box', error),
    );
  };

  // Optional keyboard shortcut (`/` or Ctrl/Cmd+K), off unless `search.shortcut` is set.
  useEffect(() => {
    if (!site.search.shortcut || Combobox) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      if (e.key === '/' || (e.key.toLowerCase() === 'k' && (e.ctrlKey || e.metaKey))) {
        e.preventDefault();
        input.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [site.search.shortcut, Combobox]);

  if (Combobox) {
    const el = input.current;
    return <Combobox home={home} initialQuery={el?.value ?? ''} focus={el !== null && document.activeElement === el} />;
  }
  return (
    <form className="search-box" role="search" action={`${home}search`} method="get" onPointerEnter={warm} onFocus={warm}>
      <Icon name="search" size={16} />
      <input
        ref={input}
        className="search-box__input"
        type="search"
        name="q"
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        autoComplete="off"
        spellCheck={false}
        data-search-shell=""
      />
      {site.search.shortcut && (
        <kbd className="search-box__hint" title={t('search.shortcutHint')}>
          /
        </kbd>
      )}
    </form>
  );
}
