import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listen } from '../../cli/serve/listen.ts';
import { formatDiagnostic, PaydocsError } from '../../cli/diagnostics.ts';

const open: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => new Promise((done) => s.close(done))));
});

/**
 * A server holding a port of loopback, from a range well below the top (the OS's own ephemeral
 * range reaches 65535 on some systems, where the ports after it would run out).
 */
async function taken(): Promise<number> {
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * 30000);
    const s = createServer();
    const ok = await new Promise<boolean>((done) => {
      s.once('error', () => done(false));
      s.listen(port, '127.0.0.1', () => done(true));
    });
    if (!ok) continue;
    open.push(s);
    return port;
  }
}

async function errorOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(PaydocsError);
  return (error as PaydocsError).diagnostics.map(formatDiagnostic).join('\n');
}

// 192.0.2.1 (TEST-NET-1) is nobody's address, unless the system lets any address be bound (ip_nonlocal_bind).
const foreignBinds = await new Promise<boolean>((done) => {
  const probe = createServer();
  probe.once('error', () => done(false));
  probe.listen(0, '192.0.2.1', () => probe.close(() => done(true)));
});

describe('cli/serve/listen', () => {
  it('says which port is taken and which option to change, instead of an unhandled error event', async () => {
    const port = await taken();
    const server = createServer();
    open.push(server);
    const listeners = server.listenerCount('listening'); // http.Server has one of its own
    expect(await errorOf(listen(server, { port, host: '127.0.0.1' }))).toBe(
      `port ${port} on 127.0.0.1 is in use\n  hint: stop the server that holds it, or choose another with \`--port <n>\` (\`--port 0\`: any free port)`,
    );
    // The failed attempt left no callback behind, to fire when the server listens later.
    expect(server.listenerCount('listening')).toBe(listeners);
    // The same server can still listen once the port is free.
    await new Promise((done) => open.shift()!.close(done));
    expect(await listen(server, { port, host: '127.0.0.1' })).toBe(port);
  });

  it('moves on to a following port when allowed to, and says so', async () => {
    const port = await taken();
    const server = createServer();
    open.push(server);
    const lines: string[] = [];
    const own = () => [server.listenerCount('listening'), server.listenerCount('error')];
    const before = own(); // http.Server has a 'listening' listener of its own
    const got = await listen(server, { port, host: '127.0.0.1', tryNext: 10, log: (l) => lines.push(l) });
    expect(got).toBeGreaterThan(port);
    expect(got).toBeLessThanOrEqual(port + 10);
    expect(lines).toEqual([`port ${port} is in use; using ${got}`]);
    // The failed attempt left no listener behind.
    expect(own()).toEqual(before);
  });

  it.skipIf(foreignBinds)('names a host that is not this machine', async () => {
    const server = createServer();
    open.push(server);
    expect(await errorOf(listen(server, { port: 0, host: '192.0.2.1' }))).toContain('`192.0.2.1` is not an address of this machine');
  });
});
