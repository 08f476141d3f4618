import type { Command } from 'commander';
import { buildSite } from '../pipeline/build-site.ts';
import { formatDiagnostic, PaydocsError } from '../diagnostics.ts';

export function registerCheck(program: Command): void {
  program
    .command('check')
    .description('Run every validation (config, frontmatter, Markdown, links) without writing dist/.')
    .option('--check-anchors', 'report links to headings that do not exist')
    .option('--i18n', 'list pages that are not translated or whose translation is outdated')
    .option('--strict', 'fail on warnings too, and with --i18n on any page listed')
    .action(async (opts: { checkAnchors?: boolean; i18n?: boolean; strict?: boolean }) => {
      const root = process.cwd();
      const result = await buildSite({ root, outDir: 'dist', dryRun: true, checkAnchors: opts.checkAnchors, strict: opts.strict });
      for (const w of result.warnings) console.warn(formatDiagnostic(w));
      if (opts.i18n) {
        const { reportI18n } = await import('./i18n.ts');
        const listed = await reportI18n(root);
        // CI holds the translations to zero with `check --i18n --strict`.
        if (opts.strict && listed > 0) {
          throw new PaydocsError([{ severity: 'error', rule: 'i18n', message: `${listed} page${listed === 1 ? '' : 's'} to translate or mark (listed above), failing with --strict` }]);
        }
      }
      console.log(`✔ No errors in ${result.pages} pages.`);
    });
}
