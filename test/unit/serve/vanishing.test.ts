import { mkdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSite, rawRequest, serve } from './http.ts';

// Issue 33, failure 2: a file found by stat was gone when it was opened, and the ReadStream's
// unhandled 'error' ended the server while a build replaced dist/.
const OLD = 'old '.repeat(20_000);
const NEW = 'new '.repeat(25_000);
const NAMES = ['a.txt', 'b.txt', 'c/index.html', 'd.txt'];

let url: string;
let close: () => Promise<void>;
let base: string;
let dist: string;

beforeAll(async () => {
  ({ base, dist } = makeSite({ 'index.html': 'home', ...Object.fromEntries(NAMES.map((n) => [n, OLD])) }));
  ({ url, close } = await serve(dist));
});
afterAll(() => close());

/** One step of churn: delete a file, put it back by rename, or swap the whole folder as a build does. */
function churn(step: number): void {
  const name = NAMES[step % NAMES.length]!;
  const file = path.join(dist, name);
  switch (step % 3) {
    case 0:
      rmSync(file, { force: true });
      break;
    case 1:
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(`${file}.tmp`, step % 2 ? NEW : OLD);
      renameSync(`${file}.tmp`, file);
      break;
    default: {
      const next = path.join(base, `next-${step}`);
      mkdirSync(path.join(next, 'c'), { recursive: true });
      writeFileSync(path.join(next, 'index.html'), 'home');
      for (const n of NAMES) if (step % 2) writeFileSync(path.join(next, n), NEW);
      const old = path.join(base, `old-${step}`);
      renameSync(dist, old);
      renameSync(next, dist);
      rmSync(old, { recursive: true, force: true });
    }
  }
}

describe('serve: files that vanish mid-request', () => {
  it('answers every request with a whole file or a 404 while files are deleted, replaced and swapped, and keeps answering', async () => {
    const statuses = new Set<number>();
    let stop = false;
    const clients = Array.from({ length: 6 }, async (_, i) => {
      for (let n = 0; !stop; n++) {
        const r = await rawRequest(url, `/${NAMES[(n + i) % NAMES.length]!.replace(/index\.html$/, '')}`);
        statuses.add(r.status);
        if (r.status === 200) expect([OLD, NEW]).toContain(r.body.toString());
      }
    });
    for (let step = 0; step < 600; step++) {
      churn(step);
      // Let the requests in flight move on between two changes.
      await new Promise((resolve) => setImmediate(resolve));
      if (step % 7 === 0) unlinkSync(path.join(dist, 'index.html')), writeFileSync(path.join(dist, 'index.html'), 'home');
    }
    stop = true;
    await Promise.all(clients);
    expect([...statuses].filter((s) => s !== 200 && s !== 404)).toEqual([]);
    expect((await rawRequest(url, '/')).status).toBe(200);
  });
});
