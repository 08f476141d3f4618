import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.ts';
import { copyFixture } from '../helpers/fixture.ts';

let dev: DevServer;
const logs: string[] = [];

beforeAll(async () => {
  const root = copyFixture('basic');
  writeFileSync(path.join(root, 'content/docs/changelog.md'), '---\ntitle: Changelog\n---\n\nSubscribe to the [feed](./changelog.atom).\n\n## 2026-01-15 — First entry {#2026-01-15}\n\n- Something changed.\n');
  mkdirSync(path.join(root, 'content/i18n/ru'), { recursive: true });
  writeFileSync(path.join(root, 'content/i18n/ru/changelog.md'), '---\ntitle: История изменений\n---\n\nПодпишитесь на [ленту](/changelog.atom).\n\n## 2026-01-15 — Первая запись {#2026-01-15}\n\n- Что-то изменилось.\n');
  dev = await startDevServer({ root, port: 0, host: '127.0.0.1', log: (l) => logs.push(l) });
});
afterAll(async () => {
  await dev?.close();
});

describe('cli/dev/dev-server (feeds, as paydocs build writes them)', () => {
  it('serves each locale its Atom feed, links it from the page, and reports no broken feed link', async () => {
    for (const [feed, page, title] of [
      ['/changelog.atom', '/changelog', 'First entry'],
      ['/ru/changelog.atom', '/ru/changelog', 'Первая запись'],
    ] as const) {
      const res = await fetch(dev.url.replace(/\/$/, '') + feed);
      expect(res.status, feed).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
      expect(await res.text()).toContain(title);
      const html = await (await fetch(dev.url.replace(/\/$/, '') + page)).text();
      // The head announces it, as in the built page, and the page's own link points at it.
      expect(html).toMatch(new RegExp(`<link[^>]*rel="alternate" type="application/atom\\+xml"[^>]*href="${feed}"`));
      expect(html).toMatch(new RegExp(`<a href="${feed}"`));
    }
    expect(logs.join('\n')).not.toContain('changelog.atom');
  });
});
