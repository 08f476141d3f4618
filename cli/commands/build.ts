import path from 'node:path';
import type { Command } from 'commander';
import { buildSite } from '../pipeline/build-site.ts';
import { reusedNote } from '../cache/compile-cache.ts';
import { outDirProblem } from '../pipeline/emit/out-dir.ts';
import { formatDiagnostic } from '../diagnostics.ts';
import { checkLocaleOption, parseLocales } from './shared.ts';

export function registerBuild(program: Command): void {
  program
    .command('build')
    .description('Build the static site into dist/ (atomically: a failed build leaves the previous dist/ as it was).')
    .option('--out <dir>', 'output folder', 'dist')
    .option('--locale <locale>', 'build only this locale (repeatable)', parseLocales)
    .option('--check-links', 'also serve the built site on loopback and check every link with linkinator')
    .option('--check-anchors', 'report links to headings that do not exist')
    .option('--external', 'with --check-links: fetch external links too')
    .option('--strict', 'fail on warnings too')
    .option('--verbose', 'print the time of each stage')
    .option('--no-cache', 'compile every page, without reading or writing .paydocs/cache/')
    .option('--precompress', 'also write .gz and .br beside each text file, for nginx gzip_static/brotli_static and paydocs serve')
    .action(async (opts: { out: string; locale?: string[]; checkLinks?: boolean; checkAnchors?: boolean; external?: boolean; strict?: boolean; verbose?: boolean; cache: boolean; precompress?: boolean }, command: Command) => {
      const root = process.cwd();
      const outDir = path.resolve(root, opts.out);
      const t0 = performance.now();
      const problem = outDirProblem(root, outDir);
      if (problem) command.error(`error: option '--out <dir>': ${problem.replace(`\`${outDir}\``, `\`${opts.out}\``)}`, { exitCode: 2 });
      // The crawl follows hreflang, canonical and sitemap links into every locale: it needs the whole site.
      const { partial } = await checkLocaleOption(command, root, opts.locale);
      if (opts.checkLinks && partial) console.log('ℹ --check-links with --locale: links are checked in the pages built; the linkinator crawl of the built site needs every locale and is skipped');
      const result = await buildSite({
        root,
        outDir,
        locales: opts.locale,
        checkAnchors: opts.checkAnchors,
        strict: opts.strict,
        cache: opts.cache,
        precompress: opts.precompress,
        // Checked in the temporary folder, before the swap: broken links never replace a good dist/.
        checkBuiltSite: opts.checkLinks && !partial ? { external: opts.external ?? false } : undefined,
        onStep: opts.verbose ? (name, ms) => console.log(`  ${name.padEnd(18)} ${ms.toFixed(0).padStart(6)} ms`) : undefined,
      });
      for (const w of result.warnings) console.warn(formatDiagnostic(w));
      const reused = result.reused ? `; ${reusedNote(result.reused, result.docs)}` : '';
      console.log(`✔ Built ${result.pages} pages (${result.files} files${reused}) into ${path.relative(root, outDir) || '.'} in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
    });
}
