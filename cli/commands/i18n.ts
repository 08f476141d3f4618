import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { DOCS_DIR, I18N_DIR } from '../pipeline/load/content-dirs.ts';
import { PaydocsError, type Diagnostic } from '../diagnostics.ts';
import { parseLocales } from './shared.ts';

function walkMd(dir: string, base = ''): string[] {
  const out: string[] = [];
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    const abs = path.join(dir, name);
    const rel = base ? `${base}/${name}` : name;
    if (statSync(abs).isDirectory()) out.push(...walkMd(abs, rel));
    else if (name.endsWith('.md')) out.push(rel);
  }
  return out;
}


/** Sets (or replaces) `source_hash` in a Markdown file's frontmatter, keeping everything else byte for byte. */
export function setSourceHash(raw: string, hash: string): string {
  // A hex hash of digits only (`1808481010423591`) or digits around one `e` (`12e45`) is a number to
  // YAML, and a 16-digit one not even the same number: such a hash is written quoted.
  const value = /^\d*e?\d*$/i.test(hash) ? `'${hash}'` : hash;
  const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(raw);
  if (!m) return `---\nsource_hash: ${value}\n---\n${raw}`;
  const fm = m[1]!;
  const next = /^source_hash:.*$/m.test(fm) ? fm.replace(/^source_hash:.*$/m, `source_hash: ${value}`) : `${fm}\nsource_hash: ${value}`;
  return raw.replace(fm, next);
}

export interface I18nStatus {
  locale: string;
  missing: string[];
  outdated: string[];
  unmarked: string[];
}

/**
 * The config and content modules (zod schemas, YAML, gray-matter) load when a command runs, not
 * when the CLI starts: `paydocs build` starts its compile workers before it needs them.
 */
async function contentModules() {
  const [{ loadConfig }, { sourceHash }, { default: matter }] = await Promise.all([import('../pipeline/load/load-config.ts'), import('../pipeline/load/read-markdown-file.ts'), import('gray-matter')]);
  return { loadConfig, sourceHash, matter };
}

export async function i18nStatus(root: string): Promise<I18nStatus[]> {
  const { loadConfig, sourceHash, matter } = await contentModules();
  const config = await loadConfig(root);
  const en = walkMd(path.join(root, DOCS_DIR));
  return config.i18n.locales
    .filter((l) => l !== config.i18n.defaultLocale)
    .map((locale) => {
      const status: I18nStatus = { locale, missing: [], outdated: [], unmarked: [] };
      for (const rel of en) {
        const tr = path.join(root, I18N_DIR, locale, rel);
        if (!existsSync(tr)) {
          status.missing.push(`${DOCS_DIR}/${rel}`);
          continue;
        }
        const hash = (matter(readFileSync(tr, 'utf8'), {}).data as { source_hash?: string }).source_hash;
        const current = sourceHash(readFileSync(path.join(root, DOCS_DIR, rel), 'utf8'));
        if (!hash) status.unmarked.push(`${I18N_DIR}/${locale}/${rel}`);
        else if (hash !== current) status.outdated.push(`${I18N_DIR}/${locale}/${rel}`);
      }
      return status;
    });
}

/** Lists the translation work of every locale; returns how many pages it listed. */
export async function reportI18n(root: string): Promise<number> {
  let listed = 0;
  for (const s of await i18nStatus(root)) {
    listed += s.missing.length + s.outdated.length + s.unmarked.length;
    console.log(`\n${s.locale}: ${s.missing.length} not translated, ${s.outdated.length} outdated, ${s.unmarked.length} without source_hash`);
    for (const f of s.missing) console.log(`  missing   ${f}`);
    for (const f of s.outdated) console.log(`  outdated  ${f}  (run \`paydocs i18n mark\` after updating it)`);
    for (const f of s.unmarked) console.log(`  unmarked  ${f}`);
  }
  return listed;
}

export function registerI18n(program: Command): void {
  const i18n = program.command('i18n').description('Translation tools.');
  i18n
    .command('mark')
    .description('Record in each translation the hash of the English source it translates (frontmatter `source_hash`).')
    .argument('[files...]', 'translation files to mark (default: all)')
    .option('--locale <locale>', 'only this locale (repeatable)', parseLocales)
    .action(async (files: string[], opts: { locale?: string[] }) => {
      const root = process.cwd();
      const { loadConfig, sourceHash } = await contentModules();
      const config = await loadConfig(root);
      const locales = config.i18n.locales.filter((l) => l !== config.i18n.defaultLocale && (!opts.locale || opts.locale.includes(l)));
      const given = files.map((f) => path.relative(root, path.resolve(root, f)).split(path.sep).join('/'));
      const problems = given.flatMap((f) => {
        if (!locales.some((l) => f.startsWith(`${I18N_DIR}/${l}/`) && f.endsWith('.md'))) {
          return [{ severity: 'error' as const, file: f, rule: 'i18n-mark', message: `not a translation: expected a \`.md\` file under ${locales.map((l) => `\`${I18N_DIR}/${l}/\``).join(' or ')}` }];
        }
        if (!existsSync(path.join(root, f))) return [{ severity: 'error' as const, file: f, rule: 'i18n-mark', message: 'no such file' }];
        return [];
      });
      if (problems.length) throw new PaydocsError(problems);
      // Every file is checked before any is written: a run that fails changes nothing.
      const jobs: Array<{ file: string; source: string }> = [];
      const orphans: Diagnostic[] = [];
      for (const locale of locales) {
        const dir = `${I18N_DIR}/${locale}`;
        const list = files.length ? given.filter((f) => f.startsWith(`${dir}/`)).map((f) => f.slice(dir.length + 1)) : walkMd(path.join(root, dir));
        for (const rel of list) {
          const source = path.join(root, DOCS_DIR, rel);
          if (existsSync(source)) jobs.push({ file: path.join(root, dir, rel), source });
          else orphans.push({ severity: 'error', file: `${dir}/${rel}`, line: 1, rule: 'i18n-orphan', message: `translation of a page that does not exist: expected \`${DOCS_DIR}/${rel}\``, hint: 'rename the file to match its English source, or delete it' });
        }
      }
      if (orphans.length) throw new PaydocsError(orphans);
      let marked = 0;
      for (const { file, source } of jobs) {
        const raw = readFileSync(file, 'utf8');
        const next = setSourceHash(raw, sourceHash(readFileSync(source, 'utf8')));
        if (next !== raw) {
          writeFileSync(file, next);
          marked++;
        }
      }
      console.log(`✔ Marked ${marked} translation${marked === 1 ? '' : 's'}.`);
    });
}
