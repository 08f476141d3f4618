import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFileWriter } from '../../cli/pipeline/emit/file-writer.ts';
import { listFiles } from '../../cli/pipeline/emit/emit-site.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'paydocs-writer-'));

describe('cli/pipeline/emit/file-writer', () => {
  it('writes every file, text and bytes, making the folders it needs, on one thread or several', async () => {
    for (const threads of [1, 2, 3]) {
      const dir = tmp();
      // Small batches and a short queue: many round trips, and `write` has to wait for the threads.
      const writer = startFileWriter({ threads, batchBytes: 64, maxPending: 1 });
      const expected: Record<string, string> = {};
      for (let i = 0; i < 300; i++) {
        const rel = `d${i % 7}/p${i}/index.html`;
        expected[rel] = `<p>страница ${i}</p>`.repeat(i % 5);
        await writer.write(path.join(dir, rel), expected[rel]);
      }
      await writer.write(path.join(dir, 'bin/a.bin'), new Uint8Array([0, 1, 255]));
      await writer.close();
      expect(listFiles(dir).length).toBe(301);
      for (const [rel, text] of Object.entries(expected)) expect(readFileSync(path.join(dir, rel), 'utf8')).toBe(text);
      expect([...readFileSync(path.join(dir, 'bin/a.bin'))]).toEqual([0, 1, 255]);
    }
  });

  it('a failed write rejects close() (or a later write) with the file system error', async () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'a'), 'a file, not a folder');
    const writer = startFileWriter({ threads: 2, batchBytes: 1 });
    const written = (async () => {
      await writer.write(path.join(dir, 'ok.txt'), 'fine');
      await writer.write(path.join(dir, 'a/b/index.html'), 'cannot be written');
      for (let i = 0; i < 50; i++) await writer.write(path.join(dir, `more-${i}.txt`), 'x');
      await writer.close();
    })();
    await expect(written).rejects.toThrow(/cannot write the site: .*(ENOTDIR|EEXIST)/);
    await writer.abort();
  });

  it('close() with nothing written ends at once, and abort() stops the threads', async () => {
    await startFileWriter().close();
    const writer = startFileWriter();
    await writer.write(path.join(tmp(), 'x.txt'), 'x');
    await writer.abort();
  });

  it('with precompress, writes .gz and .br beside each text file of 1 KiB or more, and only there', async () => {
    const dir = tmp();
    const page = '<p>Платёж принят</p>\n'.repeat(200);
    const writer = startFileWriter({ precompress: true });
    const files: Record<string, string | Uint8Array> = {
      'index.html': page,
      'assets/app.js': page,
      'assets/search/en.json': page,
      'sitemap.xml': page,
      'small.html': '<p>tiny</p>',
      'img/photo.png': new Uint8Array(4096).fill(7),
      // Random bytes under a text name: compression would make it larger, so no sibling is written.
      'noise.txt': new Uint8Array(randomBytes(4096)),
    };
    for (const [rel, data] of Object.entries(files)) await writer.write(path.join(dir, rel), data);
    await writer.close();
    for (const rel of ['index.html', 'assets/app.js', 'assets/search/en.json', 'sitemap.xml']) {
      expect(gunzipSync(readFileSync(path.join(dir, `${rel}.gz`))).toString(), rel).toBe(page);
      expect(brotliDecompressSync(readFileSync(path.join(dir, `${rel}.br`))).toString(), rel).toBe(page);
      expect(readFileSync(path.join(dir, `${rel}.br`)).length).toBeLessThan(page.length / 5);
    }
    for (const rel of ['small.html', 'img/photo.png', 'noise.txt']) {
      expect(existsSync(path.join(dir, `${rel}.gz`)), rel).toBe(false);
      expect(existsSync(path.join(dir, `${rel}.br`)), rel).toBe(false);
    }
  });

  it('without precompress, writes no sibling', async () => {
    const dir = tmp();
    const writer = startFileWriter();
    await writer.write(path.join(dir, 'index.html'), '<p>x</p>'.repeat(1000));
    await writer.close();
    expect(listFiles(dir)).toEqual(['index.html']);
  });
});
