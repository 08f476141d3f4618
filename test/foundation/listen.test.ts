import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listen } from '../../cli/serve/listen.ts';
import { formatDiagnostic, PaydocsError } from '../../cli/diagnostics.ts';

const open: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => new Promise((done) => s.close(done))));
});

/** A server holding a free port of loopback. */
async function taken(): Promise<number> {
  const s = createServer();
  open.push(s);
  await new Promise<void>((done) => s.listen(0, '127.0.0.1', done));
  return (s.address() as AddressInfo).port;
}

async function errorOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(PaydocsError);
  return (error as PaydocsError).diagnostics.map(formatDiagnostic).join('\n');
}

describe('cli/serve/listen', () => {
  it('says which port is taken and which option to change, instead of an unhandled error event', async () => {
    const port = await taken();
    const server = createServer();
    open.push(server);
    expect(await errorOf(listen(server, { port, host: '127.0.0.1' }))).toBe(
      `port ${port} on 127.0.0.1 is in use\n  hint: stop the server that holds it, or choose another with \`--port <n>\` (\`--port 0\`: any free port)`,
    );
    // The same server can still listen once the port is free.
    await new Promise((done) => open.shift()!.close(done));
    expect(await listen(server, { port, host: '127.0.0.1' })).toBe(port);
  });

  it('moves on to a following port when allowed to, and says so', async () => {
    const port = await taken();
    const server = createServer();
    open.push(server);
    const lines: string[] = [];
    const got = await listen(server, { port, host: '127.0.0.1', tryNext: 10, log: (l) => lines.push(l) });
    expect(got).toBeGreaterThan(port);
    expect(got).toBeLessThanOrEqual(port + 10);
    expect(lines).toEqual([`port ${port} is in use; using ${got}`]);
  });

  it('names a host that is not this machine', async () => {
    const server = createServer();
    open.push(server);
    expect(await errorOf(listen(server, { port: 0, host: '192.0.2.1' }))).toContain('`192.0.2.1` is not an address of this machine');
  });
});
