import { createHash } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { isBuiltin, SourceMap, type SourceMapPayload } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';

/**
 * Imports an ES module compiled in memory by esbuild (the config, a custom page): written to a file in
 * the temporary folder, imported, and deleted once loaded (the module stays cached by its URL; kept, the
 * cache grew by a file for every change and every project folder ever built). The file is named by
 * the code and the process: the same code imports once per process, and builds running at once
 * (tests) never delete a file another is importing.
 */
/** The start of the name `importCode` gives the module of `code`: `page-<hash of the code>-` (the pid follows), as its stack frames show it. */
export function codeModuleName(code: string, prefix: string): string {
  return `${prefix}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}-`;
}

export async function importCode<T>(code: string, prefix: string): Promise<T> {
  // The module's packages are imported by URL (see load-config.ts and custom-pages.ts): it runs from any folder.
  const dir = tmpdir();
  const file = path.join(dir, `${codeModuleName(code, prefix)}${process.pid}.mjs`);
  writeFileSync(file, code);
  try {
    return (await import(pathToFileURL(file).href)) as T;
  } finally {
    rmSync(file, { force: true });
  }
}

/**
 * Where in the writer's sources a stack points: the project file (relative to the project, with `/`)
 * and the line and column in it.
 */
export type LocateInSource = (stack: string | undefined) => { file: string; line: number; column: number } | undefined;

/**
 * Turns a stack frame in the module `importCode` made of `code` (compiled by esbuild from `abs`, with
 * its external source map `map`) back into a line of a source file under `root`. The first frame in the
 * writer's own file `abs` is the one to name; when the stack never passes through it (an error thrown
 * by a file it imports, while that file loads or while React renders a component from it), the first
 * frame in any other of the project's files. Frames in packages and in other modules are skipped.
 */
export function sourceLocator(code: string, map: string | undefined, prefix: string, abs: string, root: string): LocateInSource {
  const name = codeModuleName(code, prefix);
  let sourceMap: SourceMap | undefined;
  const located = (source: string, line: number, column: number) => ({ file: path.relative(root, source).split(path.sep).join('/'), line: line + 1, column: column + 1 });
  return (stack) => {
    if (!map || !stack) return undefined;
    let imported: ReturnType<LocateInSource>;
    for (const frame of stack.split('\n')) {
      const m = /([^/\\\s(]+)\.mjs:(\d+):(\d+)\)?\s*$/.exec(frame);
      if (!m || !m[1]!.startsWith(name)) continue;
      sourceMap ??= new SourceMap(JSON.parse(map) as SourceMapPayload);
      const entry = sourceMap.findEntry(Number(m[2]) - 1, Number(m[3]) - 1);
      if (!('originalSource' in entry)) continue;
      const source = entry.originalSource.startsWith('file:') ? fileURLToPath(entry.originalSource) : path.resolve(path.dirname(abs), entry.originalSource);
      if (source === abs) return located(source, entry.originalLine, entry.originalColumn);
      const inPackage = source.split(path.sep).includes('node_modules');
      if (!imported && !inPackage && !path.relative(root, source).startsWith('..')) imported = located(source, entry.originalLine, entry.originalColumn);
    }
    return imported;
  };
}

/**
 * An esbuild plugin for code that `importCode` runs: every package stays an import, by absolute URL,
 * so the module runs from whatever folder it is written to. A package resolves with `first` (paydocs'
 * install, for the custom pages: the very React the theme renders with) and otherwise from the file
 * that imports it, then with `last` (paydocs' install, for the config: `import { defineConfig } from
 * 'paydocs'` works when paydocs runs from a global install or npx, with no copy in the project); one found
 * by none is left to esbuild, which reports it with its file and line.
 */
export function packagesByUrl(first?: (specifier: string) => string, last?: (specifier: string) => string): Plugin {
  return {
    name: 'packages-by-url',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === 'resolving' || path.isAbsolute(args.path)) return undefined;
        if (isBuiltin(args.path)) return { external: true };
        if (first) {
          try {
            return { path: first(args.path), external: true };
          } catch {
            // not a package of paydocs': the importing file's own
          }
        }
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'resolving' });
        if (!resolved.errors.length && path.isAbsolute(resolved.path)) return { path: pathToFileURL(resolved.path).href, external: true };
        if (last) {
          try {
            return { path: last(args.path), external: true };
          } catch {
            // not a package of paydocs' either: esbuild reports it
          }
        }
        return undefined;
      });
    },
  };
}
