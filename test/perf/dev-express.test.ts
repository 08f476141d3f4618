import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.ts';
import { copyFixture } from '../helpers/fixture.ts';

let dev: DevServer;
let root: string;
let events: IncomingMessage;
const messages: Array<{ type: string; routes?: Record<string, string> }> = [];

beforeAll(async () => {
  root = copyFixture('basic');
  dev = await startDevServer({ root, port: 0, host: '127.0.0.1', log: () => undefined });
  events = await new Promise((resolve) => get(`${dev.url}/__paydocs/events`, resolve));
  // The file watcher reports changes once it has scanned the tree.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  let buffer = '';
  events.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
      const message = JSON.parse(buffer.slice(0, i).replace(/^data: /, '')) as { type: string };
      if (message.type !== 'hello') messages.push(message);
      buffer = buffer.slice(i + 2);
    }
  });
});
afterAll(async () => {
  events?.destroy();
  await dev?.close();
});

/** Waits until the server's report of the rebuild ('ok') has arrived, and a little for what follows it. */
async function afterReport(): Promise<void> {
  for (let i = 0; i < 200 && !messages.some((m) => m.type === 'ok'); i++) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 100));
}

describe('cli/dev/dev-server express lane', () => {
  it('pushes the edited page before the full rebuild, and the rebuild sends nothing more for it', async () => {
    messages.length = 0;
    const rebuilt = dev.nextRebuild();
    appendFileSync(path.join(root, 'content/docs/guide.md'), '\nAn express sentence.\n');
    const result = await rebuilt;
    await afterReport();
    expect(result.errors).toEqual([]);
    // Only the English page's chunk changed once (a Russian page that falls back to it may follow).
    const updates = messages.filter((m) => m.type === 'update' && m.routes && '/guide' in m.routes);
    expect(updates).toHaveLength(1);
    // Sent before the rebuild's own report ('ok').
    expect(messages[0]).toBe(updates[0]);
    expect(messages.findIndex((m) => m.type === 'ok')).toBeGreaterThan(0);
    const url = updates[0]!.routes!['/guide']!;
    const chunk = await (await fetch(dev.url + url)).text();
    expect(chunk).toContain('An express sentence.');
  });

  it('leaves a frontmatter change to the full rebuild (titles, the sidebar may change): nothing is sent before its report', async () => {
    messages.length = 0;
    const file = path.join(root, 'content/docs/guide.md');
    const rebuilt = dev.nextRebuild();
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: A renamed guide'));
    await rebuilt;
    await afterReport();
    expect(messages[0]!.type).toBe('ok');
    // The new title is in the sidebar of every page: the open pages reload.
    expect(messages.map((m) => m.type)).toEqual(['ok', 'reload']);
  });
});
