import { useEffect } from 'react';
import type { ThemeStrings as Strings } from '../../shared/i18n/strings.ts';
import { createStorageSlot } from '../storage.ts';

const tabSlot = (group: string) => createStorageSlot(`docusaurus.tab.${group}`);

function selectTab(tabs: HTMLElement, value: string, focus = false): boolean {
  const buttons = [...tabs.querySelectorAll<HTMLButtonElement>(':scope > .tabs__list > [role=tab]')];
  const target = buttons.find((b) => b.dataset.value === value);
  if (!target) return false;
  for (const b of buttons) {
    const on = b === target;
    b.setAttribute('aria-selected', String(on));
    b.tabIndex = on ? 0 : -1;
    const panel = document.getElementById(b.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !on;
  }
  if (focus) target.focus();
  return true;
}

/** Select `value` in every tab group `group` on the page. */
function syncGroup(group: string, value: string, except?: HTMLElement) {
  for (const tabs of document.querySelectorAll<HTMLElement>(`.tabs[data-group="${CSS.escape(group)}"]`)) {
    if (tabs !== except) selectTab(tabs, value);
  }
}

/**
 * Behaviour of the compiled Markdown, by event delegation: tabs (synced across groups and pages,
 * persisted), copy buttons with a visible confirmation, filter boxes of long tables (loaded on
 * demand). Re-applied when the page changes.
 */
export function useContentEnhancements(pageKey: string, strings: Strings): void {
  useEffect(() => {
    const root = document.getElementById('__content');
    if (!root) return;
    const groups = new Set([...root.querySelectorAll<HTMLElement>('.tabs[data-group]')].map((t) => t.dataset.group!).filter(Boolean));
    for (const g of groups) {
      const stored = tabSlot(g).get();
      if (stored) syncGroup(g, stored);
    }
    const offs = [...groups].map((g) => tabSlot(g).listen((v) => v && syncGroup(g, v)));
    // Scroll boxes (tables, code blocks, the data tables' and the status diagram's regions) are built as
    // Tab stops, so the keyboard can scroll them; one that does not scroll at this width leaves the Tab
    // order, and comes back when it does (a narrower window, a tab panel shown).
    const fit = (box: HTMLElement) => {
      box.tabIndex = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1 ? 0 : -1;
    };
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver((entries) => entries.forEach((e) => fit(e.target as HTMLElement))) : undefined;
    for (const box of root.querySelectorAll<HTMLElement>('table[tabindex], pre[tabindex], [role=region][tabindex]')) {
      fit(box);
      resized?.observe(box);
    }
    offs.push(() => resized?.disconnect());
    // Filter boxes of long reference tables: the script is fetched only by pages that have one.
    let tablesGone = false;
    if (root.querySelector('.data-table[data-filterable]')) {
      void import('../client/table-filter.ts').then(
        (m) => (tablesGone ? undefined : offs.push(m.installTableFilters(root))),
        (error: unknown) => console.error('[paydocs] table filter', error),
      );
    }
    offs.push(() => (tablesGone = true));
    const onClick = (e: MouseEvent) => {
      const el = e.target as HTMLElement;
      const tab = el.closest<HTMLButtonElement>('.tabs__tab');
      if (tab) {
        const tabs = tab.closest<HTMLElement>('.tabs')!;
        const value = tab.dataset.value!;
        // Keep the clicked tab where it is on screen while other groups on the page change height.
        const before = tab.getBoundingClientRect().top;
        selectTab(tabs, value);
        const group = tabs.dataset.group;
        if (group) {
          syncGroup(group, value, tabs);
          tabSlot(group).set(value);
        }
        const after = tab.getBoundingClientRect().top;
        if (after !== before) window.scrollBy(0, after - before);
        return;
      }
      const copy = el.closest<HTMLButtonElement>('[data-copy]');
      if (copy) {
        const code = copy.parentElement?.querySelector('pre')?.textContent ?? '';
        // The button's word is a live region: changing it tells a screen reader the code was copied.
        const word = copy.querySelector('[aria-live]') ?? copy;
        void navigator.clipboard?.writeText(code).then(
          () => {
            copy.classList.add('copy-button--done');
            word.textContent = strings['code.copied'];
            window.setTimeout(() => {
              copy.classList.remove('copy-button--done');
              word.textContent = strings['code.copyLabel'];
            }, 2000);
          },
          (error: unknown) => console.error('[paydocs] copy failed', error),
        );
      }
    };
    const onKey = (e: KeyboardEvent) => {
      const tab = (e.target as HTMLElement).closest<HTMLButtonElement>('.tabs__tab');
      if (!tab || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
      const list = [...tab.parentElement!.querySelectorAll<HTMLButtonElement>('[role=tab]')];
      const i = list.indexOf(tab);
      const next = e.key === 'Home' ? 0 : e.key === 'End' ? list.length - 1 : (i + (e.key === 'ArrowRight' ? 1 : -1) + list.length) % list.length;
      e.preventDefault();
      list[next]!.click();
      list[next]!.focus();
    };
    root.addEventListener('click', onClick);
    root.addEventListener('keydown', onKey);
    return () => {
      root.removeEventListener('click', onClick);
      root.removeEventListener('keydown', onKey);
      offs.forEach((off) => off());
    };
  }, [pageKey, strings]);
}
