/**
 * A page open in the browser may still fetch the chunk it was rendered with after a save replaced it
 * (issue 33: 200 rapid saves gave 13 "Failed to fetch dynamically imported module" errors). The dev
 * server keeps serving every file of the session, so an open page never meets a missing chunk.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.ts';
import { copyFixture } from '../helpers/fixture.ts';

describe('cli/dev/dev-site: chunks replaced by a save stay served', () => {
  let dev: DevServer;
  let root: string;
  beforeAll(async () => {
    root = copyFixture('basic');
    dev = await startDevServer({ root, port: 0, host: '127.0.0.1', log: () => undefined });
  });
  afterAll(() => dev?.close());

  const text = async (url: string) => (await fetch(dev.url + url)).text();
  /** The URL of the guide's page chunk: in the route map that the page's site module names. */
  const guideChunk = async () => {
    const siteModule = /\/assets\/site-en-[^"]+\.js/.exec(await text('/guide'))![0];
    const routesModule = /"routesModule":"([^"]+)"/.exec(await text(siteModule))![1]!;
    return /"\/guide":"([^"]+)"/.exec(await text(routesModule))![1]!;
  };

  it('serves the chunk of every version of a page saved during the session', async () => {
    const versions: Array<{ url: string; text: string }> = [];
    for (let i = 0; i < 5; i++) {
      const url = await guideChunk();
      versions.push({ url, text: await text(url) });
      const rebuilt = dev.nextRebuild();
      appendFileSync(path.join(root, 'content/docs/guide.md'), `\nSaved paragraph ${i}.\n`);
      expect((await rebuilt).errors).toEqual([]);
    }
    expect(new Set(versions.map((v) => v.url)).size).toBe(5);
    for (const version of versions) {
      const res = await fetch(dev.url + version.url);
      expect(res.status, version.url).toBe(200);
      expect(await res.text()).toBe(version.text);
    }
  });
});
