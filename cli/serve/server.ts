/**
 * The HTTP server of `paydocs serve`: the static handler behind a Host check, with bounds on how
 * long a connection may take over its request or sit idle.
 */
import { createServer, type Server } from 'node:http';
import { isAllowedHost } from './allowed-host.ts';
import { createStaticHandler } from './static-handler.ts';

export interface ServeTimeouts {
  /** Time to receive a request's headers, nginx's client_header_timeout. */
  headersMs: number;
  /** Time to receive a whole request; at least headersMs. */
  requestMs: number;
  /** How long a kept-alive connection may wait for its next request. */
  keepAliveMs: number;
  /** How long a socket may go without traffic either way, a client that stopped reading included. */
  idleMs: number;
  /** How often Node looks for connections past headersMs or requestMs (its default is 30 s). */
  checkIntervalMs: number;
}

/**
 * Node's own defaults (60 s for headers, 300 s per request, no idle limit, checked every 30 s) let
 * slow or silent clients hold connections, and file handles, for minutes: 1,100 of them starved
 * every normal request. These are nginx's order of magnitude.
 */
export const DEFAULT_TIMEOUTS: ServeTimeouts = { headersMs: 20_000, requestMs: 30_000, keepAliveMs: 5_000, idleMs: 60_000, checkIntervalMs: 1_000 };

export interface ServeServerOptions {
  /** The built site. */
  dir: string;
  /** The host given to listen(), for the Host check. */
  listenHost: string;
  /** Host names to answer besides the server's own (see allowed-host.ts). */
  allowedHosts?: readonly string[];
  timeouts?: Partial<ServeTimeouts>;
}

export function createServeServer({ dir, listenHost, allowedHosts, timeouts }: ServeServerOptions): Server {
  const t = { ...DEFAULT_TIMEOUTS, ...timeouts };
  const handler = createStaticHandler(dir);
  const server = createServer({ headersTimeout: t.headersMs, requestTimeout: t.requestMs, connectionsCheckingInterval: t.checkIntervalMs }, (req, res) => {
    const host = req.headers.host;
    if (!isAllowedHost(host, { listenHost, allowedHosts })) {
      res.statusCode = 403;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(`Host ${JSON.stringify(host)} is not this server. To serve it under that name, start it with \`--allowed-host <name>\`.\n`);
      return;
    }
    handler(req, res);
  });
  server.keepAliveTimeout = t.keepAliveMs;
  // With no 'timeout' listener of its own, the server destroys a socket idle this long.
  server.setTimeout(t.idleMs);
  return server;
}
