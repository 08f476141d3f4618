import { describe, expect, it } from 'vitest';
import { normalizePath, ROUTE_CACHE_LIMIT, routeCacheSize } from '../../../shared/route-path.ts';

const roots = ['/', '/ru/'];

describe('shared/route-path', () => {
  it('treats `.html`, `index.html` and a trailing slash as the clean path; locale homes keep their slash', () => {
    expect(
      ['/api/x', '/api/x/', '/api/x.html', '/api/x/index.html', '/', '/index.html', '/ru', '/ru/', '/ru/index.html', '/ru.html', '/ru/api/x.html', '/%D1%82%D0%B5%D1%81%D1%82'].map((p) => normalizePath(p, roots)),
    ).toEqual(['/api/x', '/api/x', '/api/x', '/api/x', '/', '/', '/ru/', '/ru/', '/ru/', '/ru/', '/ru/api/x', '/тест']);
  });

  it('keeps a malformed escape as it is', () => {
    expect(normalizePath('/api/%E0%A4%A', roots)).toBe('/api/%E0%A4%A');
  });

  it('caches route matching, up to 10000 entries', () => {
    expect(ROUTE_CACHE_LIMIT).toBe(10000);
    for (let i = 0; i < 10050; i++) normalizePath(`/cache-test/${i}.html`, roots);
    expect(routeCacheSize()).toBe(10000);
    // The oldest entries went first; recent ones are still answered (and answered right).
    expect(normalizePath('/cache-test/10049.html', roots)).toBe('/cache-test/10049');
    expect(normalizePath('/cache-test/0.html', roots)).toBe('/cache-test/0');
    expect(routeCacheSize()).toBe(10000);
  });
});
