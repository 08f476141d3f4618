/**
 * URL schemes that run code or carry a document of their own when a reader clicks or a page loads
 * them. Used by the Markdown chain on links, images and raw HTML attributes.
 */

/** Image types a `data:` URL may carry, and only where an image is loaded (`![]()`, `<img src>`). */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|avif|svg\+xml)[;,]/i;

/** Where a URL is written: an image source loads it as an image (no script runs); a link navigates to it. */
export type UrlContext = 'link' | 'image';

/**
 * The URL as the browser's URL parser reads it: leading and trailing C0 controls and spaces are
 * dropped and tabs and newlines removed anywhere (`java\tscript:` is `javascript:`). Other control
 * characters are removed too: the browser would make such a URL a relative path, but none belongs in
 * a link and keeping the check simple keeps it safe.
 */
export function browserUrl(raw: string): string {
  return raw.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\u0000-\u001f]/g, '');
}

/**
 * Why `raw` must not be in a page, or undefined when it may: `javascript:` and `vbscript:` run code,
 * a `data:` URL is a document of its own unless it is an image loaded as one.
 */
export function unsafeUrl(raw: string, context: UrlContext): { scheme: string; reason: string } | undefined {
  const url = browserUrl(raw);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'javascript' || scheme === 'vbscript') return { scheme: `${scheme}:`, reason: 'runs code when the link is followed' };
  if (scheme === 'data' && !(context === 'image' && DATA_IMAGE.test(url))) {
    return { scheme: 'data:', reason: context === 'image' ? 'is not an image of a type browsers show (png, jpeg, gif, webp, avif, svg+xml)' : 'opens a document of its own' };
  }
  return undefined;
}

/** A URL for a message: control characters made visible, a long `data:` URL cut short. */
export function shownUrl(raw: string): string {
  const visible = raw.trim().replace(/[\u0000-\u001f]/g, (c) => (c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
  return visible.length > 60 ? `${visible.slice(0, 57)}...` : visible;
}
