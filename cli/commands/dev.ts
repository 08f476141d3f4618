import type { Command } from 'commander';
import { checkLocaleOption, parseLocales, parsePort } from './shared.ts';

export function registerDev(program: Command): void {
  program
    .command('dev')
    .description('Start the dev server: watches content/, rebuilds what changed and updates the open browser.')
    .option('-p, --port <port>', 'port', parsePort, 3000)
    .option('--host <host>', 'host', '127.0.0.1')
    .option('--locale <locale>', 'serve only this locale (repeatable)', parseLocales)
    .action(async (opts: { port: number; host: string; locale?: string[] }, command: Command) => {
      await checkLocaleOption(command, process.cwd(), opts.locale);
      const { startDevServer } = await import('../dev/dev-server.ts');
      // Left at its default, a taken port moves on to the next free one; asked for, it is that port or an error.
      const tryNext = command.getOptionValueSource('port') === 'default' ? 10 : 0;
      await startDevServer({ root: process.cwd(), port: opts.port, host: opts.host, locales: opts.locale, tryNext });
    });
}
