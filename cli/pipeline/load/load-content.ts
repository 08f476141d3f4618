import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { closest } from '../check/suggest.ts';
import { CategorySchema, type CategoryMeta, type Frontmatter, type PaydocsConfig } from '../../../config/index.ts';
import type { DiagnosticList } from '../../diagnostics.ts';
import { CONTENT_DIR, DOCS_DIR, I18N_DIR, listCustomPages, PAGES_DIR, walkContent } from './content-dirs.ts';
import { loadYamlFile } from './load-yaml.ts';
import { keyLineInFile, readMarkdownFile, type ReadResult } from './read-markdown-file.ts';
import { localePrefix } from '../routes/site-paths.ts';

/** One Markdown file, read and validated, not compiled yet. */
export interface SourceDoc {
  locale: string;
  /** Project-relative file path: `content/docs/api/x.md`. */
  file: string;
  /** Path below the locale's docs root: `api/x.md`. */
  relPath: string;
  id: string;
  /** Route without locale prefix or base: `/api/x`, `/` for the intro. */
  route: string;
  frontmatter: Frontmatter;
  body: string;
  /** File line of the body's first line, minus one (body line N is file line N + bodyLineOffset). */
  bodyLineOffset: number;
  /** sha256 (first 16 hex) of the English source, used for translation freshness. */
  hash: string;
  /** For a non-default locale: the translation is missing (English shown) or older than its source. */
  translation?: 'missing' | 'outdated';
}

export interface CategoryEntry extends CategoryMeta {
  file: string;
}

export interface ContentTree {
  /** Docs per locale; every locale has every English route (missing translations fall back to English). */
  docs: Map<string, SourceDoc[]>;
  /** Category metadata per locale, keyed by folder (`api`, `api/p2p`). */
  categories: Map<string, Map<string, CategoryEntry>>;
  /** The default locale's docs, also when a `--locale` build leaves that locale out of `docs`: the routes every locale has. */
  sources: SourceDoc[];
  /** Docs of the default locale left out of this build as drafts (`content/docs/x.md`); none in dev, which shows them. */
  drafts: ReadonlySet<string>;
}

export interface LoadContentOptions {
  root: string;
  config: PaydocsConfig;
  /** `dev` keeps drafts. */
  mode: 'build' | 'dev';
  diagnostics: DiagnosticList;
  /** Re-use unchanged files between dev rebuilds (by absolute path + mtime). */
  cache?: Map<string, { mtimeMs: number; result: ReadResult }>;
  /** Likewise for `_category_.yml` files (dev: parsing them all again cost a third of a rebuild). */
  categoryCache?: Map<string, { mtimeMs: number; entry: CategoryEntry }>;
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

function readCategory(abs: string, file: string, diagnostics: DiagnosticList): CategoryEntry | undefined {
  const loaded = loadYamlFile(abs, { file, rule: 'category', schema: CategorySchema, diagnostics, empty: {} });
  return loaded && { ...loaded.value, file };
}

function routeOf(relPath: string, fm: Frontmatter): string {
  if (fm.slug) return fm.slug === '/' ? '/' : fm.slug.replace(/\/+$/, '');
  const noExt = relPath.replace(/\.md$/, '');
  // A folder's page: its `index.md`, or its `README.md` as GitHub shows it.
  const clean = /^(?:index|readme)$/i.test(noExt) ? '' : noExt.replace(/\/(?:index|readme)$/i, '');
  return `/${clean}`;
}

/** Reads every doc and category of every locale. Translations fall back to English where missing. */
export function loadContent(options: LoadContentOptions): ContentTree {
  const { root, config, mode, diagnostics, cache } = options;
  const defaultLocale = config.i18n.defaultLocale;
  const docs = new Map<string, SourceDoc[]>();
  const categories = new Map<string, Map<string, CategoryEntry>>();

  // A translation carries its English source's hash (below): its own is not computed.
  const read = (abs: string, file: string, hash: boolean): ReadResult => {
    if (cache) {
      const mtimeMs = statSync(abs).mtimeMs;
      const hit = cache.get(abs);
      if (hit && hit.mtimeMs === mtimeMs) return hit.result;
      const result = readMarkdownFile(abs, file, diagnostics, { hash });
      if (result.ok) {
        cache.set(abs, { mtimeMs, result });
        return result;
      }
      // Dev keeps serving the last good version of a file while it has errors (reported each rebuild).
      return hit ? hit.result : result;
    }
    return readMarkdownFile(abs, file, diagnostics, { hash });
  };

  const readCategoryCached = (abs: string, file: string): CategoryEntry | undefined => {
    if (!options.categoryCache) return readCategory(abs, file, diagnostics);
    const mtimeMs = statSync(abs).mtimeMs;
    const hit = options.categoryCache.get(abs);
    if (hit && hit.mtimeMs === mtimeMs) return hit.entry;
    const entry = readCategory(abs, file, diagnostics);
    if (entry) options.categoryCache.set(abs, { mtimeMs, entry });
    // Dev keeps the last good label and position of a folder while its file has errors, as for a doc.
    return entry ?? hit?.entry;
  };

  const loadLocaleTree = (locale: string, dirRel: string) => {
    const list: SourceDoc[] = [];
    const cats = new Map<string, CategoryEntry>();
    // Drafts left out of this build (relPath -> id): a translation of one is left out with it, not
    // reported as an orphan, and pagination to one is a warning, not an unknown id.
    const drafts = new Map<string, string>();
    // Files with errors (reported already): a translation of one is not also an orphan, and a
    // translated category of a folder whose `_category_.yml` is broken not one of a missing folder.
    const failed = new Set<string>();
    const onProblem = (rel: string, message: string, hint: string) => diagnostics.add({ file: `${dirRel}/${rel}`, rule: 'symlink', message, hint });
    for (const rel of walkContent(path.join(root, dirRel), { contentRoot: path.join(root, CONTENT_DIR), onProblem })) {
      const file = `${dirRel}/${rel}`;
      const abs = path.join(root, file);
      if (rel.endsWith('_category_.yml') || rel.endsWith('_category_.yaml')) {
        const entry = readCategoryCached(abs, file);
        const dir = path.posix.dirname(rel) === '.' ? '' : path.posix.dirname(rel);
        if (entry) cats.set(dir, entry);
        else failed.add(`${dir}/`);
        continue;
      }
      if (!rel.endsWith('.md')) {
        if (!rel.endsWith('.gitkeep')) diagnostics.add({ severity: 'warning', file, rule: 'unknown-file', message: 'not a `.md` page or `_category_.yml`; ignored' });
        continue;
      }
      const r = read(abs, file, locale === defaultLocale);
      if (!r.ok) {
        failed.add(rel);
        continue;
      }
      if (r.frontmatter.draft && mode === 'build') {
        drafts.set(rel, r.frontmatter.id ?? rel.replace(/\.md$/, ''));
        continue;
      }
      const id = r.frontmatter.id ?? rel.replace(/\.md$/, '');
      list.push({ locale, file, relPath: rel, id, route: routeOf(rel, r.frontmatter), frontmatter: r.frontmatter, body: r.body, bodyLineOffset: r.bodyLineOffset, hash: r.hash ?? '' });
    }
    return { list, cats, drafts, failed };
  };

  const en = loadLocaleTree(defaultLocale, DOCS_DIR);
  const draftIds = new Set(en.drafts.values());
  docs.set(defaultLocale, en.list);
  categories.set(defaultLocale, en.cats);
  const byRel = new Map(en.list.map((d) => [d.relPath, d]));

  // A translation folder for a locale the site does not have would be silently left out of the build.
  const configured = new Set([...config.i18n.locales, ...Object.keys(config.i18n.localeConfigs)]);
  for (const name of safeReaddir(path.join(root, I18N_DIR))) {
    if (name.startsWith('.') || configured.has(name) || !statSync(path.join(root, I18N_DIR, name)).isDirectory()) continue;
    diagnostics.add({
      file: `${I18N_DIR}/${name}`,
      rule: 'unknown-locale',
      message: `unknown locale \`${name}\`; expected one of ${config.i18n.locales.filter((l) => l !== defaultLocale).map((l) => `\`${l}\``).join(', ') || 'no other locale (the site has only the default one)'}`,
      hint: `add \`${name}\` to i18n.locales in docs.config.ts, or rename the folder`,
    });
  }

  for (const locale of config.i18n.locales) {
    if (locale === defaultLocale) continue;
    const dirRel = `${I18N_DIR}/${locale}`;
    const tr = loadLocaleTree(locale, dirRel);
    const out: SourceDoc[] = [];
    const seen = new Set<string>();
    for (const doc of tr.list) {
      const source = byRel.get(doc.relPath);
      if (!source && (en.drafts.has(doc.relPath) || en.failed.has(doc.relPath))) continue;
      if (!source) {
        diagnostics.add({
          file: doc.file,
          line: 1,
          rule: 'i18n-orphan',
          message: `translation of a page that does not exist: expected \`${DOCS_DIR}/${doc.relPath}\``,
          hint: 'rename the file to match its English source, or delete it',
        });
        continue;
      }
      seen.add(doc.relPath);
      const outdated = doc.frontmatter.source_hash !== undefined && doc.frontmatter.source_hash !== source.hash;
      // A translation keeps its English source's route and id, so both locales line up.
      out.push({ ...doc, id: source.id, route: source.route, hash: source.hash, translation: outdated ? 'outdated' : undefined });
    }
    for (const source of en.list) {
      if (!seen.has(source.relPath)) out.push({ ...source, locale, translation: 'missing' });
    }
    out.sort((a, b) => a.relPath.localeCompare(b.relPath));
    docs.set(locale, out);
    const cats = new Map(en.cats);
    for (const [dir, entry] of tr.cats) {
      const base = en.cats.get(dir);
      if (!base) {
        if (en.failed.has(`${dir}/`)) continue;
        diagnostics.add({ file: entry.file, line: 1, rule: 'i18n-orphan', message: `category of a folder that does not exist: expected \`${DOCS_DIR}/${dir}/\`` });
        continue;
      }
      cats.set(dir, { ...base, label: entry.label, file: entry.file });
    }
    categories.set(locale, cats);
  }

  for (const [locale, list] of docs) {
    // Translations take the route and id of their English source: a clash there is the English one, said once.
    if (locale !== defaultLocale) continue;
    const routes = new Map<string, SourceDoc>();
    const ids = new Map<string, SourceDoc>();
    // Routes that are not a doc's to take: a React page's (in every locale), another locale's space,
    // and the build's own folder of scripts and styles. A doc there was dropped without a word.
    const taken = new Map<string, string>(listCustomPages(root).map((n) => [`/${n}`, `is the React page \`${PAGES_DIR}/${n}.tsx\``]));
    const reserved: Array<[string, string]> = config.i18n.locales.filter((l) => l !== defaultLocale).map((l) => [localePrefix(config, l).slice(config.baseUrl.length - 1, -1), `the pages of locale \`${l}\``]);
    reserved.push(['/assets', "the site's scripts and styles"]);
    for (const doc of list) {
      const page = taken.get(doc.route);
      const space = reserved.find(([prefix]) => doc.route === prefix || doc.route.startsWith(`${prefix}/`));
      if (page || space) {
        const bySlug = doc.frontmatter.slug !== undefined;
        diagnostics.add({
          file: doc.file,
          line: bySlug ? keyLineInFile(path.join(root, doc.file), 'slug') : 1,
          rule: 'route-taken',
          message: `${bySlug ? 'slug: ' : ''}route \`${doc.route}\` ${page ?? `is under \`${space![0]}/\`, which is for ${space![1]}`}`,
          hint: bySlug ? `change the \`slug\`, or remove it to use the route of the file name (\`${routeOf(doc.relPath, { ...doc.frontmatter, slug: undefined })}\`)` : 'rename the file, or give it a `slug`',
        });
        // Its id stays known: a `pagination_next` naming it is not a second error.
        ids.set(doc.id, doc);
        continue;
      }
      const clash = routes.get(doc.route);
      if (clash) {
        // The file whose `slug` takes another's route is the one to change, wherever it sorts.
        const [culprit, owner] = clash.frontmatter.slug !== undefined && doc.frontmatter.slug === undefined ? [clash, doc] : [doc, clash];
        if (culprit === clash) routes.set(doc.route, doc);
        const bySlug = culprit.frontmatter.slug !== undefined;
        diagnostics.add({
          file: culprit.file,
          line: bySlug ? keyLineInFile(path.join(root, culprit.file), 'slug') : 1,
          rule: 'duplicate-route',
          message: `${bySlug ? 'slug: ' : ''}route \`${doc.route}\` is also claimed by \`${owner.file}\``,
          hint: bySlug ? `change the \`slug\`, or remove it to use the route of the file name (\`${routeOf(culprit.relPath, { ...culprit.frontmatter, slug: undefined })}\`)` : 'change the file name or its `slug`',
        });
      } else routes.set(doc.route, doc);
      const idClash = ids.get(doc.id);
      if (idClash && idClash.route !== doc.route) {
        diagnostics.add({
          file: doc.file,
          line: doc.frontmatter.id === undefined ? 1 : keyLineInFile(path.join(root, doc.file), 'id'),
          rule: 'duplicate-id',
          message: `doc id \`${doc.id}\` is also used by \`${idClash.file}\``,
          hint: 'give one of them another `id`',
        });
      } else ids.set(doc.id, doc);
    }
    // pagination_prev/next name a doc id: an unknown one would silently fall back to the sidebar order.
    for (const doc of list) {
      for (const key of ['pagination_prev', 'pagination_next'] as const) {
        const id = doc.frontmatter[key];
        if (typeof id !== 'string' || ids.has(id)) continue;
        if (draftIds.has(id)) {
          diagnostics.add({
            severity: 'warning',
            file: doc.file,
            line: keyLineInFile(path.join(root, doc.file), key),
            rule: 'pagination-draft',
            message: `${key}: doc \`${id}\` is a draft, left out of this build; the sidebar order decides the link instead`,
          });
          continue;
        }
        const guess = closest(id, ids.keys());
        diagnostics.add({
          file: doc.file,
          line: keyLineInFile(path.join(root, doc.file), key),
          rule: 'unknown-doc-id',
          message: `${key}: expected the id of a doc, received \`${id}\`${guess ? `; did you mean \`${guess}\`?` : ''}`,
          hint: 'a doc id is its path under content/docs/ without `.md` (or its `id`), or `null` for no link',
        });
      }
    }
    if (locale === defaultLocale && !routes.has('/') && diagnostics.errors.length === 0) {
      diagnostics.add({ file: DOCS_DIR, rule: 'missing-home', message: 'no doc has `slug: /`; expected the introduction to be the main doc at `/`' });
    }
  }
  // `--locale ru`: the English pages were read as the source of the translations, but are not built.
  if (!config.i18n.locales.includes(defaultLocale)) {
    docs.delete(defaultLocale);
    categories.delete(defaultLocale);
  }
  return { docs, categories, sources: en.list, drafts: new Set([...en.drafts.keys()].map((rel) => `${DOCS_DIR}/${rel}`)) };
}
