import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSite, type BuildOptions, type BuildResult } from '../../cli/pipeline/build-site.ts';
import { createStaticHandler } from '../../cli/serve/static-handler.ts';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

/** Builds a site into a fresh temporary folder. */
export async function buildInto(root: string, extra: Partial<BuildOptions> = {}): Promise<{ outDir: string; result: BuildResult }> {
  const outDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'paydocs-test-')), 'dist');
  const result = await buildSite({ root, outDir, ...extra });
  return { outDir, result };
}

/** Serves a folder like `paydocs serve` on a free loopback port. */
export async function serveDir(dir: string): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const server = createServer(createStaticHandler(dir));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, server, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Every file below `dir`, as relative path -> SHA-256 of its bytes: two builds compared whole. */
export function fileHashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of readdirSync(dir, { recursive: true }) as string[]) {
    const abs = path.join(dir, rel);
    if (statSync(abs).isFile()) out[rel] = createHash('sha256').update(readFileSync(abs)).digest('hex');
  }
  return out;
}
