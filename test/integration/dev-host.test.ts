import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.ts';
import { copyFixture } from '../helpers/fixture.ts';

/** A GET with the given Host header (fetch cannot set one). */
function get(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('cli/dev/dev-server: the Host header (DNS rebinding)', () => {
  let dev: DevServer;
  beforeAll(async () => {
    dev = await startDevServer({ root: copyFixture('basic'), port: 0, host: '127.0.0.1', log: () => undefined });
  });
  afterAll(() => dev?.close());

  it('answers its own host names', async () => {
    const port = new URL(dev.url).port;
    expect(await get(`${dev.url}/guide`, `127.0.0.1:${port}`)).toBe(200);
    expect(await get(`${dev.url}/guide`, `localhost:${port}`)).toBe(200);
  });

  it('refuses a request for another name that resolves here', async () => {
    expect(await get(`${dev.url}/guide`, 'attacker.example')).toBe(403);
    expect(await get(`${dev.url}/__paydocs/events`, 'attacker.example:80')).toBe(403);
  });
});
