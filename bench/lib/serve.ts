import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStaticHandler } from '../../cli/serve/static-handler.ts';

/** Serves a built site on loopback with paydocs' static host (gzip, cache headers): the same server for both tools. */
export async function serveStatic(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(createStaticHandler(dir));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
