/**
 * The thread's side of `startWorkerPool`: answers each message with `handle`'s result, one message at a
 * time in the order they came, so a setup message is done before the tasks sent after it start.
 */
import { parentPort } from 'node:worker_threads';
import type { PoolReply, PoolRequest } from './worker-pool.ts';

export function serveWorker<Req, Res>(handle: (message: Req) => Res | Promise<Res>): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorker() runs in a worker thread started by startWorkerPool()');
  let previous: Promise<unknown> = Promise.resolve();
  port.on('message', ({ id, message }: PoolRequest<Req>) => {
    previous = previous.then(async () => {
      try {
        port.postMessage({ id, reply: await handle(message) } satisfies PoolReply<Res>);
      } catch (error) {
        const e = error instanceof Error ? error : new Error(String(error));
        port.postMessage({ id, error: e.message, stack: e.stack } satisfies PoolReply<Res>);
      }
    });
  });
}
