import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticHandler } from '../../../cli/serve/static-handler.ts';
import { makeSite, rawRequest, serve } from './http.ts';

// Issue 33, failure 3: a piped stream was never destroyed when the client went away, so every
// aborted response kept its file open until the server died of EMFILE.
const BIG = Buffer.alloc(8 * 1024 * 1024, 'x');
const ABORTS = 500;
/** Handles the runtime may open or close on its own meanwhile (timers, the worker's pipes). */
const SLACK = 20;

const openFds = () => readdirSync('/proc/self/fd').length;

let url: string;
let close: () => Promise<void>;
/** Resolves once the server has seen `n` responses close, finished or not. */
let responsesClosed: (n: number) => Promise<void>;

beforeAll(async () => {
  const { dist } = makeSite({ 'index.html': 'home', 'big.bin': BIG });
  const handler = createStaticHandler(dist);
  let closed = 0;
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  responsesClosed = (n) => new Promise((resolve) => (closed >= n ? resolve() : waiters.push({ n, resolve })));
  ({ url, close } = await serve(dist, (req, res) => {
    res.on('close', () => {
      closed++;
      for (const w of waiters.filter((x) => x.n <= closed)) waiters.splice(waiters.indexOf(w), 1), w.resolve();
    });
    handler(req, res);
  }));
});
afterAll(() => close());

/** A GET of a large file, abandoned as soon as the response headers arrive. */
function abortAfterHeaders(): Promise<void> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const req = request({ host: u.hostname, port: u.port, path: '/big.bin', agent: false }, (res) => {
      expect(res.statusCode).toBe(200);
      req.destroy();
      resolve();
    });
    req.on('error', () => resolve());
    req.end();
  });
}

describe.skipIf(!existsSync('/proc/self/fd'))('serve: clients that go away', () => {
  it(`leaves no file open after ${ABORTS} requests aborted after the headers, and still serves`, async () => {
    // One whole request first, so the handles every request needs once exist before counting.
    expect((await rawRequest(url, '/big.bin')).body.length).toBe(BIG.length);
    const before = openFds();
    for (let i = 0; i < ABORTS; i += 50) await Promise.all(Array.from({ length: 50 }, abortAfterHeaders));
    await responsesClosed(ABORTS + 1);
    // Files are closed on libuv's thread pool: give those callbacks turns of the event loop to land.
    let after = openFds();
    for (let turn = 0; turn < 200 && after > before + SLACK; turn++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      after = openFds();
    }
    expect(after).toBeLessThanOrEqual(before + SLACK);
    const whole = await rawRequest(url, '/big.bin');
    expect(whole.status).toBe(200);
    expect(whole.body.equals(BIG)).toBe(true);
  });
});
