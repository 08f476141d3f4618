/**
 * What a `Worker` runs for a worker module. paydocs runs compiled (lib/, made by `tsc -b` at install):
 * there the module is plain JavaScript and runs as it is. Run from its TypeScript sources (its own
 * tests), a worker thread does not inherit the test runner's loader, so the module is started through
 * `typescript-worker.js`, which registers tsx in the thread first.
 */
export function workerScript(entry: URL): { url: URL; workerData?: { entry: string } } {
  if (!entry.pathname.endsWith('.ts')) return { url: entry };
  return { url: new URL('./typescript-worker.js', import.meta.url), workerData: { entry: entry.href } };
}

/**
 * The module `name` beside the module `of` (its `import.meta.url`), with the same extension: `.ts` run from
 * the sources, `.js` compiled. (The compiler rewrites the extensions of imports, not of URLs in code.)
 */
export function siblingModule(of: string, name: string): URL {
  return new URL(`./${name}${of.endsWith('.ts') ? '.ts' : '.js'}`, of);
}
