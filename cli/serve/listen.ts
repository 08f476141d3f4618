import type { Server } from 'node:http';
import { PaydocsError } from '../diagnostics.ts';

export interface ListenOptions {
  port: number;
  host: string;
  /**
   * How many ports after `port` to try when it is taken (the user left `--port` at its default: a
   * second `paydocs dev` should start, like Vite's). 0: the port asked for, or a clear error.
   */
  tryNext?: number;
  log?: (line: string) => void;
}

const HOST_HINT = 'use `--host 127.0.0.1` (this machine only) or `--host 0.0.0.0` (the network too)';

/**
 * Starts `server` on a port and returns the port it got. A port that is taken or not allowed, or a
 * host that is not this machine's, is a PaydocsError naming the option to change, not an unhandled
 * 'error' event with a stack trace.
 */
export async function listen(server: Server, { port, host, tryNext = 0, log = console.log }: ListenOptions): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const at = port + attempt;
    // Each attempt removes both of its listeners, so failed attempts leave nothing behind to fire later.
    const code = await new Promise<string | undefined>((resolve) => {
      const onListening = () => {
        server.off('error', onError);
        resolve(undefined);
      };
      const onError = (error: NodeJS.ErrnoException) => {
        server.off('listening', onListening);
        resolve(error.code ?? 'EUNKNOWN');
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(at, host);
    });
    if (!code) {
      if (attempt > 0) log(`port ${port} is in use; using ${at}`);
      const addr = server.address();
      return typeof addr === 'object' && addr ? addr.port : at;
    }
    if (code === 'EADDRINUSE' && attempt < tryNext && port !== 0 && at < 65535) continue;
    throw new PaydocsError([
      code === 'EADDRINUSE'
        ? { severity: 'error', rule: 'port', message: `port ${at} on ${host} is in use${attempt ? ` (and so were ${port}-${at - 1})` : ''}`, hint: 'stop the server that holds it, or choose another with `--port <n>` (`--port 0`: any free port)' }
        : code === 'EACCES'
          ? { severity: 'error', rule: 'port', message: `port ${at} needs administrator rights on this machine`, hint: 'choose a port above 1023 with `--port <n>`' }
          : code === 'EADDRNOTAVAIL'
            ? { severity: 'error', rule: 'host', message: `\`${host}\` is not an address of this machine`, hint: HOST_HINT }
            : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
              ? { severity: 'error', rule: 'host', message: `cannot resolve the host name \`${host}\``, hint: HOST_HINT }
              : { severity: 'error', rule: 'port', message: `cannot listen on ${host}:${at} (${code})` },
    ]);
  }
}
