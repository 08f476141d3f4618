/**
 * A site path (or a heading id) as it goes into an absolute URL: percent-encoded per RFC 3986, so
 * `/my page` is `/my%20page` and Cyrillic is UTF-8 `%D0%…`. Site paths are kept decoded everywhere
 * else (routes, files, the app's links, which the browser encodes itself); the URLs that crawlers,
 * feed readers and LLMs read (sitemap, canonical, hreflang, feeds, llms.txt) must be encoded.
 * `encodeURI` leaves `[`, `]`, `#` and `?`, which a path cannot hold as they are.
 */
export function encodePath(path: string): string {
  return encodeURI(path).replace(/[[\]#?]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
