/**
 * Helpers for the `serve` tests: a site written into the test file's own temporary folder, and raw
 * HTTP requests (fetch() normalises paths and hides Content-Encoding, which these tests look at).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createStaticHandler } from '../../../cli/serve/static-handler.ts';

/** Writes `files` below a fresh `<tmp>/site-*` folder and returns its `dist` and the folder around it. */
export function makeSite(files: Record<string, string | Buffer>): { base: string; dist: string } {
  const base = mkdtempSync(path.join(os.tmpdir(), 'site-'));
  const dist = path.join(base, 'dist');
  mkdirSync(dist);
  for (const [rel, data] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
    writeFileSync(path.join(dist, rel), data);
  }
  return { base, dist };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request on a connection of its own, the path sent as given. */
export function rawRequest(url: string, p: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: p, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export interface Served {
  url: string;
  server: Server;
  close: () => Promise<void>;
}

/**
 * Serves `dir` with the static handler (or `handler`) on a free loopback port. `close` drops the
 * connections still open, so a request the old code left hanging does not hang the test file too.
 */
export async function serve(dir: string, handler: RequestListener = createStaticHandler(dir)): Promise<Served> {
  return listenLoopback(createServer(handler));
}

export async function listenLoopback(server: Server): Promise<Served> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
