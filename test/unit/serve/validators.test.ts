import { utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSite, rawRequest, serve, type Served } from './http.ts';

// Issue 33, failure 4: no ETag or Last-Modified and never a 304; Range was answered with the whole body.
const TEXT = '0123456789abcdefghij';
let s: Served;
let dist: string;

beforeAll(async () => {
  ({ dist } = makeSite({ 'index.html': 'home', 'file.txt': TEXT, 'empty.txt': '' }));
  s = await serve(dist);
});
afterAll(() => s.close());

const get = (p: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(s.url, p, headers, method);

describe('serve: validators', () => {
  it('sends a strong ETag and Last-Modified', async () => {
    const r = await get('/file.txt');
    expect(r.headers.etag).toMatch(/^"[^"]+"$/);
    expect(new Date(String(r.headers['last-modified'])).getTime()).not.toBeNaN();
    expect(r.headers['accept-ranges']).toBe('bytes');
  });

  it('answers If-None-Match and If-Modified-Since with 304 and no body', async () => {
    const { headers } = await get('/file.txt');
    const etag = String(headers.etag);
    const lastModified = String(headers['last-modified']);
    for (const h of <Array<Record<string, string>>>[{ 'if-none-match': etag }, { 'if-none-match': `"other", ${etag}` }, { 'if-none-match': `W/${etag}` }, { 'if-none-match': '*' }, { 'if-modified-since': lastModified }]) {
      const r = await get('/file.txt', h);
      expect(r.status, JSON.stringify(h)).toBe(304);
      expect(r.body.length).toBe(0);
      expect(r.headers.etag).toBe(etag);
    }
    // If-None-Match wins over If-Modified-Since (RFC 9110, 13.1.3).
    expect((await get('/file.txt', { 'if-none-match': '"other"', 'if-modified-since': lastModified })).status).toBe(200);
    expect((await get('/file.txt', { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).status).toBe(200);
    expect((await get('/file.txt', { 'if-modified-since': 'not a date' })).status).toBe(200);
  });

  it('changes the ETag when the file changes', async () => {
    const before = String((await get('/file.txt')).headers.etag);
    writeFileSync(path.join(dist, 'file.txt'), TEXT.toUpperCase());
    utimesSync(path.join(dist, 'file.txt'), 1_000, 1_000);
    const r = await get('/file.txt', { 'if-none-match': before });
    expect(r.status).toBe(200);
    expect(r.headers.etag).not.toBe(before);
    writeFileSync(path.join(dist, 'file.txt'), TEXT);
  });
});

describe('serve: Range', () => {
  it('answers a single range with 206 and Content-Range', async () => {
    const cases: Array<[string, string, string]> = [
      ['bytes=0-4', '01234', 'bytes 0-4/20'],
      ['bytes=15-', 'fghij', 'bytes 15-19/20'],
      ['bytes=-3', 'hij', 'bytes 17-19/20'],
      ['bytes=18-100', 'ij', 'bytes 18-19/20'],
      ['bytes=-100', TEXT, 'bytes 0-19/20'],
    ];
    for (const [range, body, contentRange] of cases) {
      const r = await get('/file.txt', { range });
      expect(r.status, range).toBe(206);
      expect(r.body.toString(), range).toBe(body);
      expect(r.headers['content-range'], range).toBe(contentRange);
      expect(r.headers['content-length'], range).toBe(String(body.length));
    }
  });

  it('answers a range past the end with 416 and the size', async () => {
    for (const range of ['bytes=20-', 'bytes=100-200', 'bytes=-0']) {
      const r = await get('/file.txt', { range });
      expect(r.status, range).toBe(416);
      expect(r.headers['content-range'], range).toBe('bytes */20');
    }
    expect((await get('/empty.txt', { range: 'bytes=0-' })).status).toBe(416);
  });

  it('sends the whole file for what it does not take: other units, bad syntax, several ranges, a stale If-Range', async () => {
    const { headers } = await get('/file.txt');
    for (const h of <Array<Record<string, string>>>[{ range: 'items=0-1' }, { range: 'bytes=abc' }, { range: 'bytes=5-2' }, { range: 'bytes=0-1,4-5' }, { range: 'bytes=0-1', 'if-range': '"stale"' }]) {
      const r = await get('/file.txt', h);
      expect(r.status, JSON.stringify(h)).toBe(200);
      expect(r.body.toString()).toBe(TEXT);
    }
    const r = await get('/file.txt', { range: 'bytes=0-1', 'if-range': String(headers.etag) });
    expect(r.status).toBe(206);
  });

  it('sends the headers of a range for HEAD, without a body', async () => {
    const r = await get('/file.txt', { range: 'bytes=0-4' }, 'HEAD');
    expect(r.status).toBe(206);
    expect(r.headers['content-length']).toBe('5');
    expect(r.body.length).toBe(0);
  });

  it('serves an empty file whole', async () => {
    const r = await get('/empty.txt');
    expect(r.status).toBe(200);
    expect(r.headers['content-length']).toBe('0');
  });
});
