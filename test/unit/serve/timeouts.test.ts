import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServeServer } from '../../../cli/serve/server.ts';
import { listenLoopback, makeSite, rawRequest, type Served } from './http.ts';

// Issue 33, failure 3: 1,100 slow idle connections made every normal request fail while they were
// held. Header, request, keep-alive and idle time are now bounded, like nginx's client_header_timeout.
// The bounds are set short here; the test waits for the server to act on them, never on a clock.
const TIMEOUTS = { headersMs: 300, requestMs: 300, keepAliveMs: 200, idleMs: 30_000, checkIntervalMs: 50 };
let s: Served;
let port: number;

beforeAll(async () => {
  const { dist } = makeSite({ 'index.html': 'home' });
  s = await listenLoopback(createServeServer({ dir: dist, listenHost: '127.0.0.1', timeouts: TIMEOUTS }));
  port = Number(new URL(s.url).port);
});
afterAll(() => s.close());

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

/** What the server sent before it closed `socket`. */
function closed(socket: Socket): Promise<string> {
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (c: string) => (text += c));
  socket.on('error', () => {});
  return new Promise((resolve) => (socket.destroyed ? resolve(text) : socket.on('close', () => resolve(text))));
}

describe('serve: time bounds', () => {
  it('closes a client that sends part of a header and stops', async () => {
    const socket = await open();
    const done = closed(socket);
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(await done).toMatch(/^$|^HTTP\/1\.1 408/);
  });

  it('keeps answering while 200 idle connections are held, then closes them', async () => {
    const idle = await Promise.all(Array.from({ length: 200 }, open));
    const allClosed = Promise.all(idle.map(closed));
    for (let i = 0; i < 20; i++) expect((await rawRequest(s.url, '/')).status).toBe(200);
    await allClosed;
    expect(idle.every((socket) => socket.destroyed)).toBe(true);
  });

  it('closes a kept-alive connection that sends no next request', async () => {
    const socket = await open();
    const done = closed(socket);
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await done).toMatch(/^HTTP\/1\.1 200/);
  });

  it('takes its bounds from the options, with production defaults of 5-60 s', () => {
    const server = createServeServer({ dir: '.', listenHost: '127.0.0.1' });
    expect(server.headersTimeout).toBeGreaterThanOrEqual(10_000);
    expect(server.headersTimeout).toBeLessThanOrEqual(60_000);
    expect(server.requestTimeout).toBeLessThanOrEqual(60_000);
    expect(server.keepAliveTimeout).toBeGreaterThanOrEqual(5_000);
    expect(server.timeout).toBeGreaterThanOrEqual(10_000);
    expect(server.timeout).toBeLessThanOrEqual(60_000);
  });
});
