import { createHash } from 'node:crypto';

/**
 * The site's Content-Security-Policy. Scripts run only from the site's own files and the inline
 * scripts the build itself writes, each allowed by its hash (never `'unsafe-inline'`): a script that
 * got into a page any other way (raw HTML, an injected string) does not run. Styles may be inline:
 * writers' raw HTML carries `style=` attributes and they cannot run code. Images may come from any
 * https host, as Markdown images do. `frame-ancestors` and reporting are left to the host: a `<meta>`
 * policy cannot carry them.
 */
export function contentSecurityPolicy(scriptHashes: Iterable<string>): string {
  const hashes = [...new Set(scriptHashes)].sort();
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...hashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

const hashes = new Map<string, string>();

/** The CSP source that allows one inline script: `'sha256-…'` of its text exactly as written between the tags. */
export function scriptHash(source: string): string {
  let hash = hashes.get(source);
  if (hash === undefined) {
    hash = `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
    // Few distinct scripts (one per locale and kind of page), each met once per page.
    if (hashes.size < 1000) hashes.set(source, hash);
  }
  return hash;
}

/** The inline, classic scripts of a piece of HTML (a page's raw HTML when `markdown.allowScripts` is on). */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1]!;
    // An external script is allowed by 'self' (or not at all); a data block (`type="application/json"`) never runs.
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && !/^(module|text\/javascript|application\/javascript)$/.test(type)) continue;
    out.push(m[2]!);
  }
  return out;
}

/** `<meta>` carrying the policy: first in `<head>`, before any script it governs. */
export function cspMeta(policy: string): string {
  return `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
}
