import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSite, rawRequest, serve, type Served } from './http.ts';

// Issue 33, failure 4: gzip was computed on every request. The build is to write `.gz` and `.br`
// beside each file, as nginx's gzip_static and brotli_static expect; serve sends those.
const PAGE = '<h1>compressible</h1>'.repeat(200);
const PLAIN = 'no sibling here '.repeat(100);
let s: Served;

beforeAll(async () => {
  const { dist } = makeSite({
    'index.html': PAGE,
    'index.html.gz': gzipSync(PAGE),
    'index.html.br': brotliCompressSync(PAGE),
    'only-gz.js': PAGE,
    'only-gz.js.gz': gzipSync(PAGE),
    'plain.txt': PLAIN,
  });
  s = await serve(dist);
});
afterAll(() => s.close());

const get = (p: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
  rawRequest(s.url, p, acceptEncoding === undefined ? extra : { 'accept-encoding': acceptEncoding, ...extra });

describe('serve: precompressed siblings', () => {
  it('sends file.br to a client that takes br, with the type of the file itself', async () => {
    const r = await get('/', 'gzip, deflate, br');
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(brotliDecompressSync(r.body).toString()).toBe(PAGE);
  });

  it('sends file.gz when br is not taken or not there', async () => {
    for (const [p, ae] of [['/', 'gzip'], ['/', 'br;q=0, gzip'], ['/only-gz.js', 'gzip, br']] as const) {
      const r = await get(p, ae);
      expect(r.headers['content-encoding'], `${p} ${ae}`).toBe('gzip');
      expect(gunzipSync(r.body).toString()).toBe(PAGE);
      expect(r.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('sends the file itself when nothing compressed is taken or there, and never compresses on the fly', async () => {
    for (const [p, ae, body] of [['/', undefined, PAGE], ['/', 'identity', PAGE], ['/', 'gzip;q=0, br;q=0', PAGE], ['/plain.txt', 'gzip, br', PLAIN]] as const) {
      const r = await get(p, ae);
      expect(r.headers['content-encoding'], `${p} ${ae}`).toBeUndefined();
      expect(r.body.toString()).toBe(body);
      expect(r.headers['content-length']).toBe(String(body.length));
      expect(r.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('gives each encoding an ETag of its own, so a 304 never confirms the wrong bytes', async () => {
    const br = await get('/', 'br');
    const gz = await get('/', 'gzip');
    const id = await get('/');
    expect(new Set([br.headers.etag, gz.headers.etag, id.headers.etag]).size).toBe(3);
    expect((await get('/', 'br', { 'if-none-match': String(br.headers.etag) })).status).toBe(304);
    expect((await get('/', 'gzip', { 'if-none-match': String(br.headers.etag) })).status).toBe(200);
  });
});
