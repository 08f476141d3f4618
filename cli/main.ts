import { Command, CommanderError } from 'commander';
import { registerBuild } from './commands/build.ts';
import { registerCheck } from './commands/check.ts';
import { registerDev } from './commands/dev.ts';
import { registerI18n } from './commands/i18n.ts';
import { registerInit } from './commands/init.ts';
import { registerServe } from './commands/serve.ts';
import { recoverOutputOf } from './commands/shared.ts';
import { formatDiagnostic, PaydocsError } from './diagnostics.ts';

/** Exit codes: 0 ok, 1 content or config error, 2 usage error. */
export const EXIT = { ok: 0, content: 1, usage: 2 } as const;

const program = new Command('paydocs')
  .description('Docs-as-code toolchain: Markdown in git -> a fast static docs site, in as many languages as you write.')
  .version('0.1.0')
  .showHelpAfterError()
  .exitOverride();

// First of all, for every command: a build killed while it swapped the output must not leave the next
// command (a build, `serve`, `check`, `dev`) without a complete site or with its temporary folders.
program.hook('preAction', (_program, command) => recoverOutputOf(command));

registerInit(program);
registerBuild(program);
registerDev(program);
registerServe(program);
registerCheck(program);
registerI18n(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // --help and --version end here with code 0.
    process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  } else if (error instanceof PaydocsError) {
    const errors = error.diagnostics.filter((d) => d.severity === 'error').length;
    for (const d of error.diagnostics) console.error(formatDiagnostic(d));
    const warnings = error.diagnostics.length - errors;
    const counts = [errors ? `${errors} error${errors === 1 ? '' : 's'}` : '', warnings ? `${warnings} warning${warnings === 1 ? '' : 's'}${errors ? '' : ' (failing with --strict)'}` : ''].filter(Boolean).join(', ');
    // Said by the commands that write (a failed build keeps the previous output), not by check, dev or serve.
    const command = process.argv.slice(2).find((a) => !a.startsWith('-'));
    console.error(`\n✖ ${counts}.${command === 'build' || command === 'i18n' ? ' Nothing was written.' : ''}`);
    process.exitCode = EXIT.content;
  } else {
    console.error(error);
    process.exitCode = EXIT.content;
  }
}
