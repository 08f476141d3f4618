import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { PaydocsError } from '../diagnostics.ts';
import { listen } from '../serve/listen.ts';
import { createServeServer } from '../serve/server.ts';
import { parsePort, portsToTry } from './shared.ts';

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Serve a built site like a static host: clean URLs, 404.html with status 404, nothing outside DIR.')
    .argument('[dir]', 'the built site', 'dist')
    .option('-p, --port <port>', 'port', parsePort, 3000)
    .option('--host <host>', 'host', '127.0.0.1')
    .option('--allowed-host <name>', 'also answer requests for this host name (repeatable); localhost and the --host are always answered', collect, [])
    .action(async (dir: string, opts: { port: number; host: string; allowedHost: string[] }, command: Command) => {
      const abs = path.resolve(dir);
      if (!existsSync(path.join(abs, 'index.html'))) {
        throw new PaydocsError([{ severity: 'error', rule: 'serve', message: `no built site in \`${dir}\`: expected ${path.join(dir, 'index.html')}`, hint: 'run `paydocs build` first' }]);
      }
      const server = createServeServer({ dir: abs, listenHost: opts.host, allowedHosts: opts.allowedHost });
      const port = await listen(server, { port: opts.port, host: opts.host, tryNext: portsToTry(command) });
      console.log(`Serving ${dir} at http://${opts.host === '0.0.0.0' ? 'localhost' : opts.host}:${port}/`);
    });
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
