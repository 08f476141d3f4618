import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What a built site has at its top, one of them at least (a `--locale ru` build has no `index.html` there). */
const SITE_MARKS = ['index.html', '404.html', 'assets'];

const inside = (child: string, parent: string) => {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/**
 * Why `outDir` cannot take a build of the project at `root`, or undefined. A build replaces the whole
 * folder, so `--out .`, `--out content` or `--out ~` would delete the project, its sources or more:
 * the folder must be new, empty or an earlier build (it has an `index.html`, a `404.html` or `assets/`).
 */
export function outDirProblem(root: string, outDir: string): string | undefined {
  const out = path.resolve(outDir);
  const project = path.resolve(root);
  if (inside(project, out)) return `\`${outDir}\` holds the project itself, and a build replaces the whole output folder; expected a folder of its own, such as \`dist\``;
  for (const dir of ['content', 'node_modules', '.git', '.paydocs']) {
    const d = path.join(project, dir);
    if (inside(out, d)) return `\`${outDir}\` ${out === d ? 'is the project\'s' : 'is inside'} \`${dir}/\`, and a build replaces the whole output folder; expected a folder of its own, such as \`dist\``;
  }
  let entries: string[];
  try {
    if (!statSync(out).isDirectory()) return `\`${outDir}\` is a file; expected a folder for the site, such as \`dist\``;
    entries = readdirSync(out);
  } catch {
    return undefined; // no such folder yet
  }
  if (entries.length > 0 && !entries.some((e) => SITE_MARKS.includes(e))) {
    return `\`${outDir}\` holds other files than a built site (no index.html, 404.html or assets/), and a build replaces the whole output folder; expected a new or empty folder, or an earlier build`;
  }
  return undefined;
}
