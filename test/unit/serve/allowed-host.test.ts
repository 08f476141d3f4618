import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedHost } from '../../../cli/serve/allowed-host.ts';
import { createServeServer } from '../../../cli/serve/server.ts';
import { listenLoopback, makeSite, rawRequest, type Served } from './http.ts';

// Issue 33, failure 4: no Host check, so a page on another site could read the server through DNS
// rebinding (a name of the attacker's that resolves to 127.0.0.1 on the second lookup).
const interfaces = () => ['127.0.0.1', '::1', '192.168.1.20', 'fe80::1'];

describe('isAllowedHost', () => {
  it('takes the loopback names on any listen address', () => {
    for (const listenHost of ['127.0.0.1', 'localhost', '0.0.0.0', '::', '192.168.1.20']) {
      for (const host of ['localhost', 'localhost:3000', 'LOCALHOST:3000', 'localhost.:3000', '127.0.0.1', '127.0.0.1:3000', '[::1]', '[::1]:3000']) {
        expect(isAllowedHost(host, { listenHost, interfaceAddresses: interfaces }), `${host} on ${listenHost}`).toBe(true);
      }
    }
  });

  it('takes the host it listens on', () => {
    expect(isAllowedHost('192.168.1.20:3000', { listenHost: '192.168.1.20' })).toBe(true);
    expect(isAllowedHost('docs.lan:3000', { listenHost: 'docs.lan' })).toBe(true);
    expect(isAllowedHost('[fe80::1]:3000', { listenHost: 'fe80::1' })).toBe(true);
  });

  it('refuses other names, the rebinding case', () => {
    for (const listenHost of ['127.0.0.1', 'localhost', '0.0.0.0', '::']) {
      for (const host of ['evil.example', 'evil.example:3000', 'localhost.evil.example', '127.0.0.1.nip.io', 'docs.lan']) {
        expect(isAllowedHost(host, { listenHost, interfaceAddresses: interfaces }), `${host} on ${listenHost}`).toBe(false);
      }
    }
  });

  it('on all interfaces, takes the machine’s own addresses, but not when it listens on one address only', () => {
    for (const listenHost of ['0.0.0.0', '::']) {
      expect(isAllowedHost('192.168.1.20:3000', { listenHost, interfaceAddresses: interfaces })).toBe(true);
      expect(isAllowedHost('[fe80::1]:3000', { listenHost, interfaceAddresses: interfaces })).toBe(true);
      expect(isAllowedHost('10.9.9.9:3000', { listenHost, interfaceAddresses: interfaces })).toBe(false);
    }
    expect(isAllowedHost('192.168.1.20:3000', { listenHost: '127.0.0.1', interfaceAddresses: interfaces })).toBe(false);
  });

  it('takes names the user allowed explicitly', () => {
    expect(isAllowedHost('docs.lan:3000', { listenHost: '0.0.0.0', allowedHosts: ['docs.lan'], interfaceAddresses: interfaces })).toBe(true);
    expect(isAllowedHost('DOCS.LAN', { listenHost: '0.0.0.0', allowedHosts: ['docs.lan'], interfaceAddresses: interfaces })).toBe(true);
    expect(isAllowedHost('other.lan', { listenHost: '0.0.0.0', allowedHosts: ['docs.lan'], interfaceAddresses: interfaces })).toBe(false);
  });

  it('refuses a Host header that is not one host and port', () => {
    for (const host of ['', 'localhost:', 'localhost:abc', 'localhost:3000:1', 'user@localhost', 'localhost/x', 'localhost, evil.example', '[::1', '::1', 'local host', 'localhost:99999']) {
      expect(isAllowedHost(host, { listenHost: '127.0.0.1' }), JSON.stringify(host)).toBe(false);
    }
  });

  it('takes a request without a Host header (HTTP/1.0: no browser sends one, so no rebinding)', () => {
    expect(isAllowedHost(undefined, { listenHost: '127.0.0.1' })).toBe(true);
  });
});

describe('serve: the Host check', () => {
  let s: Served;
  beforeAll(async () => {
    s = await listenLoopback(createServeServer({ dir: makeSite({ 'index.html': 'home' }).dist, listenHost: '127.0.0.1' }));
  });
  afterAll(() => s.close());

  it('answers 403 to a request for another host and serves its own', async () => {
    const port = new URL(s.url).port;
    const denied = await rawRequest(s.url, '/', { host: `evil.example:${port}` });
    expect(denied.status).toBe(403);
    expect(denied.body.toString()).not.toContain('home');
    expect((await rawRequest(s.url, '/', { host: `localhost:${port}` })).status).toBe(200);
    expect((await rawRequest(s.url, '/')).status).toBe(200);
  });
});
