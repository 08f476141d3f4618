import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * The navbar hides while the reader scrolls down and comes back when they scroll up (except for the
 * bounce at the end of the page), reach the top, or move keyboard focus into it. Follows Docusaurus'
 * `useHideableNavbar`:
 * https://github.com/facebook/docusaurus/blob/main/packages/docusaurus-theme-classic/src/theme/Navbar/Layout/index.tsx
 */
export function useHideOnScroll(ref: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  const last = useRef(0);
  useEffect(() => {
    if (!enabled) return;
    last.current = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const height = ref.current?.offsetHeight ?? 60;
      if (y < height) setHidden(false);
      else if (y > last.current) setHidden(true);
      else if (y < last.current && y + window.innerHeight < document.documentElement.scrollHeight - height) setHidden(false);
      last.current = y;
    };
    const onFocus = () => setHidden(false);
    const el = ref.current;
    window.addEventListener('scroll', onScroll, { passive: true });
    el?.addEventListener('focusin', onFocus);
    return () => {
      window.removeEventListener('scroll', onScroll);
      el?.removeEventListener('focusin', onFocus);
    };
  }, [enabled, ref]);
  return enabled && hidden;
}
