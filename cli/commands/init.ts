import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { PACKAGE_ROOT } from '../package-root.ts';

/** The site `paydocs init` writes, shipped in the package (`files` in package.json). */
export const TEMPLATES_DIR = path.join(PACKAGE_ROOT, 'templates');

/**
 * Template names that npm would not ship as they are: npm pack leaves every `.gitignore` out of a
 * package, so the template holds `gitignore` and init names it; `.vscode` follows, so no dot-folder
 * depends on how a packer treats hidden files.
 */
const RENAMES: Record<string, string> = { gitignore: '.gitignore', vscode: '.vscode' };

/** Entries a folder may already have and still count as empty: a fresh `git init`. */
const IGNORED_ENTRIES = new Set(['.git']);

export interface InitOptions {
  /** The folder to create the site in; created when missing, refused when not empty. */
  dir: string;
  /** A second locale besides English, such as `de`: its folder, its first page and its settings. */
  locale?: string;
}

/** A problem with the arguments, shown as a usage error (exit 2). */
export class InitUsageError extends Error {}

/**
 * Writes a new site into `dir`: the config, a first page, a package.json with paydocs and its scripts,
 * .gitignore, and the editor settings that attach paydocs' JSON Schemas. Returns the files written,
 * relative to `dir`. Every file is prepared before any is written.
 */
export function initSite(options: InitOptions): string[] {
  const dir = path.resolve(options.dir);
  refuseNonEmpty(options.dir, dir);
  const title = titleOf(path.basename(dir));
  const files = new Map<string, string>();
  const localeLabel = options.locale ? labelOf(options.locale) : undefined;
  const values: Record<string, string> = {
    title: tsString(title),
    titleText: title,
    copyright: tsString(`Copyright © ${new Date().getFullYear()} ${title}`),
    i18n: i18nConfig(options.locale, localeLabel),
    localeDropdown: options.locale ? "\n      { type: 'localeDropdown' }," : '',
    localeLabel: localeLabel ?? '',
  };
  for (const rel of listFiles(path.join(TEMPLATES_DIR, 'default'))) {
    const target = rel.split('/').map((part) => RENAMES[part] ?? part).join('/');
    files.set(target, render(readFileSync(path.join(TEMPLATES_DIR, 'default', rel), 'utf8'), values, rel));
  }
  if (options.locale) {
    files.set(`content/i18n/${options.locale}/intro.md`, render(readFileSync(path.join(TEMPLATES_DIR, 'locale/intro.md'), 'utf8'), values, 'locale/intro.md'));
  }
  files.set('package.json', packageJson(path.basename(dir)));
  for (const [rel, text] of files) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return [...files.keys()].sort();
}

export function registerInit(program: Command): void {
  program
    .command('init')
    .description('Create a new docs site in DIR (new or empty): config, a first page, package.json and editor settings.')
    .argument('[dir]', 'the folder of the new site', '.')
    .option('--locale <code>', 'add a second locale besides English, such as `de`: its folder and its first page', parseLocale)
    .action((dir: string, opts: { locale?: string }, command: Command) => {
      let written: string[];
      try {
        written = initSite({ dir, locale: opts.locale });
      } catch (error) {
        if (error instanceof InitUsageError) command.error(`error: ${error.message}`, { exitCode: 2 });
        throw error;
      }
      const shown = path.relative(process.cwd(), path.resolve(dir)) || '.';
      console.log(`✔ Created a paydocs site in ${shown}: ${written.length} files.\n\nNext:`);
      if (shown !== '.') console.log(`  cd ${shown.includes(' ') ? JSON.stringify(shown) : shown}`);
      console.log('  npm install\n  npm run dev');
    });
}

function parseLocale(value: string): string {
  if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(value)) throw new InvalidArgumentError(`expected a locale code such as \`de\` or \`pt-BR\`, received \`${value}\``);
  if (value === 'en') throw new InvalidArgumentError('received `en`, the default locale of every new site; name the second locale, such as `de`');
  return value;
}

function refuseNonEmpty(shown: string, dir: string): void {
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) throw new InitUsageError(`\`${shown}\` is a file, not a folder; name a new folder, such as \`paydocs init docs\``);
  const entries = readdirSync(dir).filter((e) => !IGNORED_ENTRIES.has(e));
  if (entries.length === 0) return;
  const listed = entries.slice(0, 3).map((e) => `\`${e}\``).join(', ') + (entries.length > 3 ? `, and ${entries.length - 3} more` : '');
  // Writing among existing files could overwrite a config or a page: the site gets a folder of its own.
  throw new InitUsageError(`\`${shown}\` is not empty (it has ${listed}); paydocs init writes a new site only into a new or empty folder, such as \`paydocs init docs\``);
}

/** Every file under `dir`, relative to it, with `/`. */
function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** Replaces each `{{name}}`; a name the values lack is a broken template, not a site to write. */
function render(text: string, values: Record<string, string>, file: string): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`paydocs init: the template \`${file}\` uses \`{{${name}}}\`, which init does not fill; fix the template in ${TEMPLATES_DIR}`);
    return value;
  });
}

/** `my-docs` → `My docs`: the folder's name as the site's title, which the writer changes in the config. */
function titleOf(folder: string): string {
  const words = folder.replace(/[-_.]+/g, ' ').trim() || 'Docs';
  return words[0]!.toUpperCase() + words.slice(1);
}

/** The name of the locale in itself (`de` → `Deutsch`), for the language switch. */
function labelOf(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
    return name[0]!.toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return locale;
  }
}

function i18nConfig(locale: string | undefined, label: string | undefined): string {
  if (!locale || !label) return "{ defaultLocale: 'en', locales: ['en'] }";
  const key = /^[a-z]+$/.test(locale) ? locale : tsString(locale);
  // A locale's URL segment is lower case (`/pt-br/`); the code itself stays as written.
  const segment = locale.toLowerCase() === locale ? '' : `, path: ${tsString(locale.toLowerCase())}`;
  return [
    '{',
    "    defaultLocale: 'en',",
    `    locales: ['en', ${tsString(locale)}],`,
    `    localeConfigs: { en: { label: 'English' }, ${key}: { label: ${tsString(label)}${segment} } },`,
    '  }',
  ].join('\n');
}

/** A single-quoted TypeScript string literal. */
function tsString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

function packageJson(folder: string): string {
  const { version } = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string };
  const name = folder.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+|-+$/g, '') || 'docs';
  const pkg = {
    name,
    private: true,
    type: 'module',
    scripts: { dev: 'paydocs dev', build: 'paydocs build', check: 'paydocs check', serve: 'paydocs serve dist' },
    dependencies: { paydocs: `^${version}` },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}
