import { navigate } from 'wouter/use-browser-location';
import type { SiteData } from '../../shared/page-data.ts';
import { normalizePath } from '../../shared/route-path.ts';

/** Smooth-scroll easing factor from the spec: each frame covers 15 % of the remaining distance. */
export const SMOOTH_SCROLL_EASING = 0.85;

let animation = 0;

function stopAnimation(): void {
  cancelAnimationFrame(animation);
  animation = 0;
}

/**
 * Scrolls the window to `top`: each frame covers (1 - 0.85) of the remaining distance. The position
 * is tracked as a float (the browser rounds scroll positions, which would stall the last pixels),
 * and the animation stops as soon as the reader scrolls themselves.
 */
function smoothScrollTo(top: number): void {
  stopAnimation();
  const max = () => document.documentElement.scrollHeight - window.innerHeight;
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, top);
    return;
  }
  for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const) window.addEventListener(type, stopAnimation, { once: true, passive: true });
  let y = window.scrollY;
  const step = () => {
    const target = Math.min(Math.max(top, 0), max());
    y += (target - y) * (1 - SMOOTH_SCROLL_EASING);
    if (Math.abs(target - y) < 0.5) {
      window.scrollTo(0, target);
      animation = 0;
      return;
    }
    window.scrollTo(0, y);
    animation = requestAnimationFrame(step);
  };
  animation = requestAnimationFrame(step);
}

export function scrollToHash(hash: string, smooth: boolean): void {
  let id = hash.replace(/^#/, '');
  try {
    id = decodeURIComponent(id);
  } catch {
    // use as is
  }
  const el = document.getElementById(id);
  if (!el) return;
  if (smooth) {
    const offset = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    smoothScrollTo(el.getBoundingClientRect().top + window.scrollY - offset);
  } else el.scrollIntoView();
  if (el.tabIndex < 0 && !/^(A|BUTTON|INPUT|SELECT|TEXTAREA)$/.test(el.tagName)) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
}

/**
 * Client-side navigation for same-locale links to known routes; everything else (other locales,
 * other origins, downloads, new tabs) is left to the browser. In-page anchors scroll smoothly.
 */
export function installLinkHandling({ site, roots, routes }: { site: SiteData; roots: string[]; routes?: { loaded(): boolean; load(): Promise<void> } }): void {
  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element | null)?.closest?.('a');
    if (!a || !a.href || a.hasAttribute('download') || (a.target && a.target !== '_self') || a.dataset.noIntercept !== undefined) return;
    const url = new URL(a.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    const path = normalizePath(url.pathname, roots);
    const here = normalizePath(window.location.pathname, roots);
    if (path === here && url.search === window.location.search && url.hash) {
      e.preventDefault();
      if (url.hash !== window.location.hash) history.pushState(history.state, '', url.hash);
      scrollToHash(url.hash, true);
      return;
    }
    if (!(path in site.routes)) {
      // The route map has not arrived yet (it loads on the first interaction): wait for it, then
      // navigate in place or, if the path is not a route after all, the usual way.
      if (!routes || routes.loaded()) return;
      e.preventDefault();
      const go = () => (path in site.routes ? navigate(path + url.search + url.hash) : window.location.assign(url.href));
      routes.load().then(go, () => window.location.assign(url.href));
      return;
    }
    e.preventDefault();
    navigate(path + url.search + url.hash);
  });
}
