import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleClient } from '../../cli/pipeline/render/bundle-client.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const abs = path.join(dir, name);
    return statSync(abs).isDirectory() ? files(abs) : /\.(ts|tsx)$/.test(name) ? [abs] : [];
  });
}

describe('renderer boundary', () => {
  it('renderer/ never imports Node built-ins or the build code, and only entry-server imports react-dom/server', () => {
    const offenders: string[] = [];
    for (const file of files(path.join(ROOT, 'renderer'))) {
      const rel = path.relative(ROOT, file);
      const src = readFileSync(file, 'utf8');
      for (const m of src.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        const spec = m[1]!;
        if (spec.startsWith('node:') || /^(fs|path|os|crypto|child_process|url)$/.test(spec)) offenders.push(`${rel}: ${spec}`);
        if (/(^|\/)cli\//.test(spec)) offenders.push(`${rel}: ${spec}`);
        if (spec === 'react-dom/server' && rel !== path.join('renderer', 'entry-server.tsx')) offenders.push(`${rel}: ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('the browser bundle contains no Node built-ins and refuses them at build time', async () => {
    const bundle = await bundleClient({ root: path.join(ROOT, 'test/fixtures/basic'), baseUrl: '/', customPages: ['landing'], minify: true });
    for (const [name, data] of bundle.files) {
      const text = Buffer.from(data).toString('utf8');
      expect(text, name).not.toMatch(/from\s*"node:|require\("(fs|path|node:)/);
    }
    expect(bundle.entry).toMatch(/^\/assets\/entry-client-[A-Z0-9]+\.js$/);
  });
});
