/**
 * The Host check `serve` (and later `dev`) runs before answering: the defence against DNS rebinding.
 *
 * The attack: a page on evil.example makes the browser look the name up again and get 127.0.0.1 (or
 * the machine's LAN address) the second time. The page is then same-origin with the local server and
 * can read everything it serves. The browser still sends `Host: evil.example`, and that is what is
 * refused here: only names the server knows to be its own are answered.
 *
 * Allowed:
 * - `localhost` and loopback addresses (127.0.0.0/8, [::1]), on any listen address;
 * - the host it listens on, as given (`--host docs.lan` allows docs.lan);
 * - on all interfaces (0.0.0.0 or ::), the machine's own interface addresses, so a phone on the LAN
 *   can open http://192.168.1.20:3000/. An address typed as digits cannot be rebound: rebinding
 *   needs a name the attacker's DNS answers for. Other names only when the user lists them
 *   (`--allowed-host docs.lan`): a name the server cannot tell from the attacker's.
 * - no Host header at all: only HTTP/1.0 clients omit it, and browsers, the only means of the
 *   attack, always send one. (Node itself answers 400 to an HTTP/1.1 request without it.)
 */
import { isIP } from 'node:net';
import os from 'node:os';

export interface HostCheckOptions {
  /** The address or name given to listen(). */
  listenHost: string;
  /** Further names the user allowed explicitly. */
  allowedHosts?: readonly string[];
  /** This machine's addresses; os.networkInterfaces() unless a test gives its own. */
  interfaceAddresses?: () => readonly string[];
}

/** One host (a name, an IPv4 address or a bracketed IPv6 address) and an optional port. */
const HOST_HEADER = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9_.-]+))(?::(\d{1,5}))?$/i;

/**
 * A host name or address in one spelling, for comparison: lower case, no trailing dot, IPv6 in
 * brackets and shortest form (URL's own canonical form, so `[0:0::1]` is `[::1]`). Undefined for what
 * is not a host.
 */
function canonical(host: string): string | undefined {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const literal = isIP(bare) === 6 ? `[${bare}]` : bare.replace(/\.$/, '');
  if (!literal) return undefined;
  try {
    return new URL(`http://${literal}/`).hostname;
  } catch {
    return undefined;
  }
}

/** The canonical host of a Host header, without its port; undefined when it is not one host and port. */
export function hostOfHeader(header: string): string | undefined {
  const m = HOST_HEADER.exec(header);
  if (!m || (m[3] !== undefined && Number(m[3]) > 65535)) return undefined;
  if (m[1] !== undefined) return isIP(m[1]) === 6 ? canonical(m[1]) : undefined;
  return canonical(m[2]!);
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || (isIP(host) === 4 && host.startsWith('127.'));
}

const ALL_INTERFACES = new Set(['0.0.0.0', '[::]']);

function machineAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .flatMap((info) => (info ? [info.address] : []));
}

/** Whether a request with this Host header may be answered by a server listening on `listenHost`. */
export function isAllowedHost(header: string | undefined, { listenHost, allowedHosts = [], interfaceAddresses = machineAddresses }: HostCheckOptions): boolean {
  if (header === undefined) return true;
  const host = hostOfHeader(header);
  if (host === undefined) return false;
  if (isLoopback(host)) return true;
  const listen = canonical(listenHost);
  if (host === listen) return true;
  if (allowedHosts.some((name) => canonical(name) === host)) return true;
  return listen !== undefined && ALL_INTERFACES.has(listen) && interfaceAddresses().some((address) => canonical(address) === host);
}
