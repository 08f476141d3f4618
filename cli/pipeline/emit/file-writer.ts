import { Worker } from 'node:worker_threads';

/**
 * The writer thread: CommonJS with nothing but Node's own modules, so it starts in milliseconds and
 * needs no bundle. Each message is a batch `[file, data, file, data, ...]` of absolute paths; folders
 * are made as they are first needed. It answers every batch: `null`, or the error that stopped it (and
 * it writes nothing after that). With `precompress` (its workerData), a text file of 1 KiB or more
 * also gets its `.gz` and `.br` siblings, each only if smaller than the file: what nginx's gzip_static
 * and brotli_static, and `paydocs serve`, send to a client that takes them.
 */
const WRITER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { mkdirSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');
const zlib = require('node:zlib');
const compressible = new RegExp(workerData.compressible);
const compress = (file, data) => {
  if (data.length < 1024 || !compressible.test(file)) return;
  const gz = zlib.gzipSync(data, { level: 9 });
  if (gz.length < data.length) writeFileSync(file + '.gz', gz);
  const br = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: workerData.brotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
  if (br.length < data.length) writeFileSync(file + '.br', br);
};
const made = new Set();
let failed = false;
parentPort.on('message', (batch) => {
  if (failed) return parentPort.postMessage({ message: 'an earlier write failed' });
  try {
    for (let i = 0; i < batch.length; i += 2) {
      const dir = dirname(batch[i]);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      writeFileSync(batch[i], batch[i + 1]);
      if (workerData.precompress) compress(batch[i], batch[i + 1]);
    }
    parentPort.postMessage(null);
  } catch (error) {
    failed = true;
    parentPort.postMessage({ message: error.message, code: error.code, path: error.path });
  }
});
`;

export interface FileWriter {
  /** Queues a file (absolute path); waits only when the thread is `maxPending` batches behind. Throws the first write error. */
  write(file: string, data: string | Uint8Array): Promise<void>;
  /** Waits until every queued file is written, then stops the thread; rejects with the first write error. */
  close(): Promise<void>;
  /** Stops the thread at once (after a failure elsewhere); what was queued may or may not be written. */
  abort(): Promise<void>;
}

export interface FileWriterOptions {
  /** Writer threads: two created files faster than one on this project's machines (creating files waits on the file system's journal more than on the CPU). */
  threads?: number;
  /** A batch is posted once it holds this many bytes (or 256 files). */
  batchBytes?: number;
  /** Batches posted and not yet written before `write` waits: bounds the memory held by a writer that lags. */
  maxPending?: number;
  /** Also write `.gz` and `.br` beside each text file (`paydocs build --precompress`). */
  precompress?: boolean;
}

/**
 * The files worth compressing: text. Images, fonts and archives are compressed already.
 * Brotli quality 6: at quality 11 the portal's 34 MB of text took 27 s of CPU for 16 % of its size,
 * at 6 under half a second for 19 %.
 */
export const COMPRESSIBLE = /\.(?:html|css|js|mjs|json|xml|txt|md|svg|map|webmanifest|ico)$/.source;
const BROTLI_QUALITY = 6;

/**
 * Writes files on threads of their own, so that the disk's time (creating folders and files, which on
 * a big site was most of the emit) runs beside the main thread's rendering instead of after it.
 * Batches go to the threads in turn: a file is written once, in no set order with the others.
 */
export function startFileWriter({ threads = 2, batchBytes = 1 << 20, maxPending = 8, precompress = false }: FileWriterOptions = {}): FileWriter {
  const workerData = { precompress, compressible: COMPRESSIBLE, brotliQuality: BROTLI_QUALITY };
  const workers = Array.from({ length: threads }, () => new Worker(WRITER_SOURCE, { eval: true, workerData }));
  let next = 0;
  let batch: Array<string | Uint8Array> = [];
  let transfer: ArrayBuffer[] = [];
  const encoder = new TextEncoder();
  let bytes = 0;
  let pending = 0;
  let failure: Error | undefined;
  let stopping = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const fail = (error: Error) => {
    failure ??= error;
    notify();
  };
  for (const worker of workers) {
    worker.on('message', (reply: { message: string; code?: string; path?: string } | null) => {
      pending--;
      if (reply) fail(Object.assign(new Error(`cannot write the site: ${reply.message}`), { code: reply.code, path: reply.path }));
      notify();
    });
    worker.on('error', fail);
    worker.on('exit', () => {
      if (!stopping) fail(new Error('a file writer thread stopped'));
    });
  }
  const flush = () => {
    if (batch.length === 0) return;
    workers[next++ % workers.length]!.postMessage(batch, transfer);
    pending++;
    batch = [];
    transfer = [];
    bytes = 0;
  };
  const settle = async (limit: number) => {
    while (pending > limit && !failure) await new Promise<void>((resolve) => (wake = resolve));
    if (failure) throw failure;
  };
  const stop = async () => {
    stopping = true;
    await Promise.all(workers.map((w) => w.terminate()));
  };
  return {
    async write(file, data) {
      if (failure) throw failure;
      // Text is encoded here into a buffer of its own and handed over, not copied: cloning the strings
      // into the message was a sixth of the main thread's emit on a big site.
      const bytesOf = typeof data === 'string' ? encoder.encode(data) : data;
      if (typeof data === 'string') transfer.push(bytesOf.buffer as ArrayBuffer);
      batch.push(file, bytesOf);
      bytes += bytesOf.length;
      if (bytes >= batchBytes || batch.length >= 512) flush();
      await settle(maxPending - 1);
    },
    async close() {
      flush();
      try {
        await settle(0);
      } finally {
        await stop();
      }
    },
    abort: stop,
  };
}
