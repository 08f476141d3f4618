/**
 * Build and dev are two drivers of one pipeline: for the same content they give the same pages. Each
 * locale's route map is a content-hashed module naming every page's chunk, itself a content-hashed file
 * of the page's data; so dev serving the build's route maps, and every chunk they name, byte for byte,
 * means the same pages. The HTML differs only where dev means to: an unminified bundle, its live-update
 * client, no search index.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDevServer } from '../../cli/dev/dev-server.ts';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { copyFixture } from '../helpers/fixture.ts';

describe('cli/pipeline: build and dev give the same pages', () => {
  for (const fixture of ['basic', 'i18n']) {
    it(`${fixture}: dev serves the build's route maps and page chunks, byte for byte`, async () => {
      const root = copyFixture(fixture);
      const outDir = path.join(root, 'dist');
      await buildSite({ root, outDir });
      const routeMaps = readdirSync(path.join(outDir, 'assets')).filter((f) => f.startsWith('routes-'));
      const chunks = readdirSync(path.join(outDir, 'assets/p'));
      expect(routeMaps.length).toBeGreaterThan(0);
      expect(chunks.length).toBeGreaterThan(2);
      const dev = await startDevServer({ root, port: 0, host: '127.0.0.1', log: () => undefined });
      try {
        for (const file of [...routeMaps.map((f) => `assets/${f}`), ...chunks.map((f) => `assets/p/${f}`)]) {
          const res = await fetch(`${dev.url}/${file}`);
          expect(res.status, file).toBe(200);
          expect(await res.text(), file).toBe(readFileSync(path.join(outDir, file), 'utf8'));
        }
      } finally {
        await dev.close();
      }
    });
  }
});
