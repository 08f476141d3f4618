/**
 * A small HTTP/1.1 load generator on raw sockets (node:net), for the serve load test
 * (serve-load.ts): keep-alive GET loops, requests abandoned mid-way, and connections that send half a
 * request and hold it. Raw sockets rather than node:http's client, which costs several times more
 * CPU per request: on two cores the generator shares the machine with the server, and against nginx
 * it would otherwise measure itself.
 *
 * It speaks just enough HTTP for a static server's answers: a status line, headers, a body of
 * Content-Length bytes (no chunked bodies; one is counted as an error). No Accept-Encoding is sent,
 * so both servers send the files' own bytes.
 */
import { connect, type Socket } from 'node:net';

export interface Target {
  host: string;
  port: number;
}

/** Per-request bound: a request not answered in this time counts as failed ("timeout"). */
const REQUEST_TIMEOUT_MS = 10_000;

const requestBytes = (t: Target, path: string) => Buffer.from(`GET ${path} HTTP/1.1\r\nHost: ${t.host}:${t.port}\r\nUser-Agent: paydocs-bench\r\nAccept: */*\r\n\r\n`);

interface Answer {
  status: number;
  bytes: number;
}

/**
 * One keep-alive connection, one request at a time. Opens a new socket when the server closed the
 * last one (Connection: close, timeout) and counts how many it opened.
 */
class KeepAliveConnection {
  socketsOpened = 0;
  private socket: Socket | undefined;
  private pending: { resolve: (a: Answer) => void; reject: (e: Error) => void; timer: NodeJS.Timeout } | undefined;
  private head: Buffer | undefined = Buffer.alloc(0);
  private status = 0;
  private remaining = 0;
  private bytes = 0;
  private closeAfter = false;

  constructor(private readonly target: Target) {}

  get(path: string): Promise<Answer> {
    if (!this.socket || this.socket.destroyed || this.closeAfter) this.open();
    this.head = Buffer.alloc(0);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new Error('timeout')), REQUEST_TIMEOUT_MS);
      this.pending = { resolve, reject, timer };
      this.socket!.write(requestBytes(this.target, path));
    });
  }

  close(): Promise<void> {
    const s = this.socket;
    this.socket = undefined;
    if (!s || s.closed) return Promise.resolve();
    return new Promise((resolve) => {
      s.once('close', () => resolve());
      s.destroy();
    });
  }

  private open(): void {
    this.socket?.destroy();
    this.closeAfter = false;
    this.socketsOpened++;
    const s = connect(this.target.port, this.target.host);
    s.setNoDelay(true);
    // Events of a socket given up earlier concern no request any more.
    s.on('data', (chunk: Buffer) => this.socket === s && this.onData(chunk));
    s.on('error', (e) => this.socket === s && this.fail(e));
    s.on('close', () => this.socket === s && this.fail(new Error('closed by server')));
    this.socket = s;
  }

  private onData(chunk: Buffer): void {
    if (!this.pending) return;
    if (this.head) {
      const buf = Buffer.concat([this.head, chunk]);
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) {
        this.head = buf;
        return;
      }
      const headers = buf.subarray(0, end).toString('latin1');
      this.status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(headers)?.[1] ?? 0);
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(headers);
      if (!length) return this.fail(new Error(/\r\ntransfer-encoding:/i.test(headers) ? 'chunked body' : 'no content-length'));
      this.closeAfter = /\r\nconnection:\s*close/i.test(headers);
      this.head = undefined;
      this.bytes = buf.length - end - 4;
      this.remaining = Number(length[1]) - this.bytes;
    } else {
      this.bytes += chunk.length;
      this.remaining -= chunk.length;
    }
    if (this.remaining < 0) return this.fail(new Error('more bytes than content-length'));
    if (this.remaining === 0) {
      const { resolve, timer } = this.pending;
      clearTimeout(timer);
      this.pending = undefined;
      resolve({ status: this.status, bytes: this.bytes });
    }
  }

  private fail(error: Error): void {
    const p = this.pending;
    this.pending = undefined;
    const s = this.socket;
    this.socket = undefined;
    s?.destroy();
    if (p) {
      clearTimeout(p.timer);
      p.reject(error);
    }
  }
}

const errorName = (e: unknown) => (e as NodeJS.ErrnoException).code ?? (e as Error).message;
const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

export interface SteadyResult {
  connections: number;
  /** From the first request to the last answer (the requests under way at the deadline are finished). */
  ms: number;
  /** Answers with status 200. */
  ok: number;
  requestsPerSecond: number;
  /** Body bytes of all answers, and per second. */
  bytes: number;
  bytesPerSecond: number;
  /** Anything but a 200: `status 404`, `timeout`, `ECONNRESET`, ... with how many. */
  failed: Record<string, number>;
  /** Sockets opened: `connections` when every connection was kept alive throughout. */
  socketsOpened: number;
}

/**
 * `connections` keep-alive connections, each sending GETs for `paths` in turn (each starting at
 * another place in the list) until `durationMs` is over. All sockets are closed when it resolves.
 */
export async function steadyLoad(target: Target, paths: string[], options: { connections: number; durationMs: number }): Promise<SteadyResult> {
  const failed: Record<string, number> = {};
  let ok = 0;
  let bytes = 0;
  const t0 = performance.now();
  const stopAt = t0 + options.durationMs;
  const conns = Array.from({ length: options.connections }, () => new KeepAliveConnection(target));
  await Promise.all(
    conns.map(async (c, i) => {
      for (let k = i; performance.now() < stopAt; k++) {
        try {
          const a = await c.get(paths[k % paths.length]!);
          bytes += a.bytes;
          if (a.status === 200) ok++;
          else bump(failed, `status ${a.status}`);
        } catch (e) {
          bump(failed, errorName(e));
        }
      }
    }),
  );
  const ms = performance.now() - t0;
  await Promise.all(conns.map((c) => c.close()));
  return { connections: options.connections, ms, ok, bytes, requestsPerSecond: (ok / ms) * 1000, bytesPerSecond: (bytes / ms) * 1000, failed, socketsOpened: conns.reduce((n, c) => n + c.socketsOpened, 0) };
}

export type AbortMode = 'after-send' | 'after-first-bytes';

export interface AbortResult {
  requests: number;
  concurrency: number;
  ms: number;
  /** Requests whose socket was destroyed as planned, by mode. */
  aborted: Record<AbortMode, number>;
  /** Requests that could not be abandoned as planned: `ECONNREFUSED`, `no answer`, `closed by server`, ... */
  failed: Record<string, number>;
}

/**
 * One request on its own socket, abandoned: `after-send` destroys the socket as soon as the request
 * is handed to the kernel (the server finds the client gone while it opens the file, a FIN);
 * `after-first-bytes` destroys it on the first bytes of the answer (mid-body for a file larger than
 * the socket buffers; the unread bytes make the kernel send a RST).
 */
function abandonOne(target: Target, path: string, mode: AbortMode): Promise<string> {
  return new Promise((resolve) => {
    let outcome = 'closed by server';
    const s = connect(target.port, target.host);
    const timer = setTimeout(() => {
      outcome = 'no answer';
      s.destroy();
    }, REQUEST_TIMEOUT_MS);
    s.on('connect', () =>
      s.write(requestBytes(target, path), () => {
        if (mode !== 'after-send') return;
        outcome = mode;
        s.destroy();
      }),
    );
    s.on('data', () => {
      if (mode !== 'after-first-bytes') return;
      outcome = mode;
      s.destroy();
    });
    s.on('error', (e) => (outcome = errorName(e)));
    s.on('close', () => {
      clearTimeout(timer);
      resolve(outcome);
    });
  });
}

/** `requests` abandoned requests, alternating the two modes over `paths`, `concurrency` at a time. */
export async function abortedLoad(target: Target, paths: string[], options: { requests: number; concurrency: number }): Promise<AbortResult> {
  const aborted: Record<AbortMode, number> = { 'after-send': 0, 'after-first-bytes': 0 };
  const failed: Record<string, number> = {};
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      for (let i = next++; i < options.requests; i = next++) {
        const outcome = await abandonOne(target, paths[Math.floor(i / 2) % paths.length]!, i % 2 ? 'after-first-bytes' : 'after-send');
        if (outcome === 'after-send' || outcome === 'after-first-bytes') aborted[outcome]++;
        else bump(failed, outcome);
      }
    }),
  );
  return { requests: options.requests, concurrency: options.concurrency, ms: performance.now() - t0, aborted, failed };
}

export interface SlowConnections {
  /** Sockets connected with their partial request written. */
  opened: number;
  /** Failures to open one: `ECONNREFUSED`, `ECONNRESET`, ... */
  failed: Record<string, number>;
  /** How many of the opened sockets are still open (the server closed the others). */
  stillOpen(): number;
  /** Destroys every socket and resolves when all are closed. */
  release(): Promise<void>;
}

/**
 * Opens `count` sockets (`batch` connecting at a time, within the listen backlog) that each send a
 * request line and part of the headers, never the blank line that ends them, and then hold still.
 * Resolves when every socket has its partial request written or has failed.
 */
export async function openSlowConnections(target: Target, options: { count: number; batch: number }): Promise<SlowConnections> {
  const partial = Buffer.from(`GET / HTTP/1.1\r\nHost: ${target.host}:${target.port}\r\nUser-Agent: paydocs-bench-slow\r\nX-Slow: `);
  const sockets: Socket[] = [];
  const open = new Set<Socket>();
  const failed: Record<string, number> = {};
  const openOne = () =>
    new Promise<void>((resolve) => {
      const s = connect(target.port, target.host);
      const timer = setTimeout(() => s.destroy(new Error('connect timeout')), REQUEST_TIMEOUT_MS);
      s.on('error', (e) => {
        clearTimeout(timer);
        if (!sockets.includes(s)) bump(failed, errorName(e));
        resolve();
      });
      // Read whatever the server answers (a 408, a 400), so that its closing the connection is seen.
      s.resume();
      s.on('close', () => open.delete(s));
      s.on('connect', () =>
        s.write(partial, () => {
          clearTimeout(timer);
          sockets.push(s);
          if (!s.closed) open.add(s);
          resolve();
        }),
      );
    });
  for (let i = 0; i < options.count; i += options.batch) await Promise.all(Array.from({ length: Math.min(options.batch, options.count - i) }, openOne));
  return {
    opened: sockets.length,
    failed,
    stillOpen: () => open.size,
    release: () =>
      Promise.all(
        sockets.map(
          (s) =>
            new Promise<void>((resolve) => {
              if (s.closed) return resolve();
              s.once('close', () => resolve());
              s.destroy();
            }),
        ),
      ).then(() => undefined),
  };
}

/** One plain GET on its own connection: the status, or the error's code. */
export async function getOnce(target: Target, path: string): Promise<number | string> {
  const c = new KeepAliveConnection(target);
  try {
    return (await c.get(path)).status;
  } catch (e) {
    return errorName(e);
  } finally {
    await c.close();
  }
}
