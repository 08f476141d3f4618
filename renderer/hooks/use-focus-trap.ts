import { useEffect, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** Focusable elements of `root` that are rendered (not inside a closed `<details>` or `display: none`). */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/**
 * While `active`: focus moves into `root` (its `[data-autofocus]` element, else the first focusable
 * one), Tab and Shift+Tab cycle inside it, everything else on the page is `inert` (so screen readers
 * and pointer users cannot reach it either), and Escape calls `onEscape`. When it ends, focus goes
 * back to where it was, unless something else (a new page) has taken it meanwhile.
 * Elements marked `data-trap-keep` (the backdrop) are left interactive.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean, onEscape: () => void): void {
  useEffect(() => {
    const root = ref.current;
    if (!active || !root) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const inerted: HTMLElement[] = [];
    for (let node: HTMLElement | null = root; node && node !== document.body; node = node.parentElement) {
      for (const sibling of node.parentElement?.children ?? []) {
        if (sibling !== node && sibling instanceof HTMLElement && !sibling.inert && sibling.dataset.trapKeep === undefined && sibling.tagName !== 'SCRIPT') {
          sibling.inert = true;
          inerted.push(sibling);
        }
      }
    }
    // Without scrolling: the drawer has just scrolled the current page's link into view.
    (root.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(root)[0])?.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onEscape();
        return;
      }
      if (e.key !== 'Tab') return;
      const list = focusables(root);
      if (list.length === 0) return;
      const first = list[0]!;
      const last = list[list.length - 1]!;
      const here = document.activeElement;
      if (!root.contains(here)) {
        e.preventDefault();
        first.focus();
      } else if (e.shiftKey && here === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && here === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      for (const el of inerted) el.inert = false;
      const here = document.activeElement;
      if (previous && previous.isConnected && (here === null || here === document.body || root.contains(here))) previous.focus({ preventScroll: true });
    };
    // onEscape is read when a key is pressed; the trap itself only follows `active`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, ref]);
}
