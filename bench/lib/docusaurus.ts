import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expandDirectives } from './expand-directives.ts';
import { assertOk, runTimed, type TimedRun } from './proc.ts';
import { toDocusaurusContent } from './to-docusaurus.ts';
import { moveAside } from './trash.ts';

const TEMPLATE_DIR = path.join(import.meta.dirname, '../docusaurus');
export const DOCUSAURUS_BIN = 'node_modules/@docusaurus/core/bin/docusaurus.mjs';
const ENV = { NO_UPDATE_NOTIFIER: '1', BROWSER: 'none', DOCUSAURUS_TELEMETRY_DISABLED: '1' };

/**
 * Installs Docusaurus 3.8.1 + @easyops-cn/docusaurus-search-local from the npm registry into `dir`
 * (a temporary folder, never the repo). A folder installed from the same package.json is reused.
 */
export async function installDocusaurus(dir: string, log: (s: string) => void): Promise<{ installMs?: number; versions: Record<string, string> }> {
  mkdirSync(dir, { recursive: true });
  const pkg = readFileSync(path.join(TEMPLATE_DIR, 'package.template.json'), 'utf8');
  writeFileSync(path.join(dir, 'package.json'), pkg);
  const want = createHash('sha1').update(pkg).digest('hex');
  const stamp = path.join(dir, 'node_modules/.bench-package-sha');
  let installMs: number | undefined;
  if (!(existsSync(stamp) && readFileSync(stamp, 'utf8') === want && existsSync(path.join(dir, DOCUSAURUS_BIN)))) {
    log(`installing Docusaurus 3.8.1 into ${dir} (npm install, about 2 minutes)`);
    const run = assertOk(await runTimed('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, timeoutMs: 15 * 60_000 }), 'npm install (Docusaurus)');
    installMs = run.wallMs;
    writeFileSync(stamp, want);
  }
  const versions: Record<string, string> = {};
  for (const name of ['@docusaurus/core', '@easyops-cn/docusaurus-search-local', 'react', 'react-dom', 'webpack']) {
    try {
      versions[name] = (JSON.parse(readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      versions[name] = '?';
    }
  }
  return { installMs, versions };
}

/**
 * Writes the config and a converted copy of the paydocs project's `content/` into the Docusaurus
 * folder, the pages paydocs generates from directives written out as Markdown (expand-directives.ts).
 */
export async function prepareDocusaurusSite(dir: string, projectRoot: string): Promise<ReturnType<typeof toDocusaurusContent>> {
  const expanded = await expandDirectives(projectRoot);
  for (const old of ['docs', 'i18n', 'static', 'redirects.json', 'build', '.docusaurus']) moveAside(path.join(dir, old));
  copyFileSync(path.join(TEMPLATE_DIR, 'docusaurus.config.cjs'), path.join(dir, 'docusaurus.config.js'));
  copyFileSync(path.join(TEMPLATE_DIR, 'sidebars.cjs'), path.join(dir, 'sidebars.js'));
  mkdirSync(path.join(dir, 'src/css'), { recursive: true });
  copyFileSync(path.join(TEMPLATE_DIR, 'custom.css'), path.join(dir, 'src/css/custom.css'));
  const converted = toDocusaurusContent(path.join(projectRoot, 'content'), dir, expanded);
  // The portal's React landing page (content/pages/landing.tsx), which the introduction links: a doc at the
  // same route in each locale (the harness's config turns Docusaurus's pages plugin off), so its link check
  // passes. One short page of 451; its content is not what is measured.
  const landing = '---\nslug: /landing\ntitle: Corvopay developer portal\n---\n\nPayments and payouts in one API.\n';
  writeFileSync(path.join(dir, 'docs/landing.md'), landing);
  writeFileSync(path.join(dir, 'i18n/ru/docusaurus-plugin-content-docs/current/landing.md'), landing);
  return converted;
}

/** A cold `docusaurus build` of both locales: no build/, .docusaurus/ or webpack cache before it. */
export async function buildDocusaurus(dir: string, options: { cold: boolean }): Promise<TimedRun> {
  // Moved aside, not deleted: see bench/lib/trash.ts.
  if (options.cold) for (const d of ['build', '.docusaurus', 'node_modules/.cache']) moveAside(path.join(dir, d));
  return assertOk(await runTimed(process.execPath, [DOCUSAURUS_BIN, 'build'], { cwd: dir, env: ENV, timeoutMs: 20 * 60_000 }), 'docusaurus build');
}

/** `docusaurus start` (the default locale only: Docusaurus dev serves one locale). */
export function startDocusaurusDev(dir: string, port: number) {
  return spawn(process.execPath, [DOCUSAURUS_BIN, 'start', '--port', String(port), '--host', '127.0.0.1', '--no-open'], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...ENV },
  });
}
