import type { Command } from 'commander';
import { checkLocaleOption, parseLocales, parsePort, portsToTry } from './shared.ts';

export function registerDev(program: Command): void {
  program
    .command('dev')
    .description('Start the dev server: watches content/, rebuilds what changed and updates the open browser.')
    .option('-p, --port <port>', 'port', parsePort, 3000)
    .option('--host <host>', 'host', '127.0.0.1')
    .option('--locale <locale>', 'serve only this locale (repeatable)', parseLocales)
    .option('--no-cache', 'compile every page at start, without reading or writing .paydocs/cache/')
    .action(async (opts: { port: number; host: string; locale?: string[]; cache: boolean }, command: Command) => {
      await checkLocaleOption(command, process.cwd(), opts.locale);
      const { startDevServer } = await import('../dev/dev-server.ts');
      await startDevServer({ root: process.cwd(), port: opts.port, host: opts.host, locales: opts.locale, tryNext: portsToTry(command), cache: opts.cache });
    });
}
