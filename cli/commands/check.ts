import type { Command } from 'commander';
import { buildSite } from '../build/build-site.ts';
import { formatDiagnostic } from '../diagnostics.ts';

export function registerCheck(program: Command): void {
  program
    .command('check')
    .description('Run every validation (config, frontmatter, Markdown, links) without writing dist/.')
    .option('--check-anchors', 'report links to headings that do not exist')
    .option('--i18n', 'list pages that are not translated or whose translation is outdated')
    .option('--strict', 'fail on warnings too')
    .action(async (opts: { checkAnchors?: boolean; i18n?: boolean; strict?: boolean }) => {
      const root = process.cwd();
      const result = await buildSite({ root, outDir: 'dist', dryRun: true, checkAnchors: opts.checkAnchors, strict: opts.strict });
      for (const w of result.warnings) console.warn(formatDiagnostic(w));
      if (opts.i18n) {
        const { reportI18n } = await import('./i18n.ts');
        await reportI18n(root);
      }
      console.log(`✔ No errors in ${result.pages} pages.`);
    });
}
