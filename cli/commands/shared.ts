import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { recoverOutDir } from '../pipeline/emit/recover-out-dir.ts';

export function parsePort(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError(`expected a port number 0-65535, received \`${value}\``);
  return n;
}

/**
 * Ports after `--port` to try when it is taken: left at its default, a taken port moves on to the
 * next free one (a second `paydocs dev`, as Vite does); a port asked for is that port or an error.
 */
export function portsToTry(command: Command): number {
  return command.getOptionValueSource('port') === 'default' ? 10 : 0;
}

export function parseLocales(value: string, previous: string[] = []): string[] {
  if (!/^[a-z]{2,3}(-[A-Za-z0-9]+)?$/.test(value)) throw new InvalidArgumentError(`expected a locale code such as \`en\` or \`ru\`, received \`${value}\``);
  return [...previous, value];
}

/**
 * `--locale` values must be locales of the site's config: a usage error (exit 2) names the first
 * unknown one. Returns whether they leave a locale out. Without `--locale`, nothing to load.
 */
export async function checkLocaleOption(command: Command, root: string, locales: string[] | undefined): Promise<{ partial: boolean }> {
  if (!locales) return { partial: false };
  const { loadConfig } = await import('../pipeline/load/load-config.ts');
  const { i18n } = await loadConfig(root);
  const unknown = locales.filter((l) => !i18n.locales.includes(l));
  if (unknown.length) command.error(`error: option '--locale <locale>': unknown locale \`${unknown[0]}\`; expected one of ${i18n.locales.map((l) => `\`${l}\``).join(', ')}`, { exitCode: 2 });
  return { partial: i18n.locales.some((l) => !locales.includes(l)) };
}

/**
 * Run before every command (main.ts): puts back the output folder a killed build may have left
 * without a site, and deletes the temporary folders killed builds left (emit/recover-out-dir.ts). The
 * folder is `build --out`, the folder `serve` serves, else `dist`.
 */
export function recoverOutputOf(command: Command): void {
  const out = command.opts<{ out?: unknown }>().out;
  const served = command.name() === 'serve' ? command.processedArgs[0] : undefined;
  const dir = typeof out === 'string' ? out : typeof served === 'string' ? served : 'dist';
  for (const note of recoverOutDir(path.resolve(dir))) console.error(note);
}
