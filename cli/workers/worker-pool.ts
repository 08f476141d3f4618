/**
 * One generic pool of worker threads. The stage that needs threads starts a pool of its own worker
 * module (compile, search index) and sends it tasks; the pool hands each task to a free thread, keeps
 * the replies in order of the tasks, and turns a thread's failure into the failure of its tasks.
 *
 * Messages to one thread are handled in the order they are sent (see `serveWorker`), so a setup message
 * sent to every thread with `broadcast` reaches each before any task sent after it.
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { workerScript } from './worker-script.ts';

/** What a pool sends a thread: its message and the id its reply carries. */
export interface PoolRequest<Req> {
  id: number;
  message: Req;
}
/** What a thread answers: the reply to one message, or the error that message met. */
export type PoolReply<Res> = { id: number; reply: Res } | { id: number; error: string; stack?: string };

export interface WorkerPoolOptions {
  size: number;
  /** Tasks queued on one thread at a time: more than one, so a thread never waits for the main thread to send the next. */
  tasksPerThread?: number;
  resourceLimits?: ResourceLimits;
}

export interface WorkerPool<Req, Res> {
  readonly size: number;
  /** Sends `message` to every thread; resolves with each thread's reply. */
  broadcast(message: Req): Promise<Res[]>;
  /** Runs one task on the first thread free for it. */
  run(message: Req): Promise<Res>;
  close(): Promise<void>;
}

interface Thread {
  worker: Worker;
  busy: number;
  /** Why the thread stopped: fails what was pending then, and whatever is sent to it after. */
  ended?: Error;
}

/** Starts `options.size` threads running `entry` (a module that calls `serveWorker`). */
export function startWorkerPool<Req, Res>(entry: URL, options: WorkerPoolOptions): WorkerPool<Req, Res> {
  const script = workerScript(entry);
  const tasksPerThread = options.tasksPerThread ?? 2;
  const pending = new Map<number, { thread: Thread; resolve: (reply: Res) => void; reject: (error: Error) => void }>();
  const queue: Array<{ message: Req; resolve: (reply: Res) => void; reject: (error: Error) => void }> = [];
  let nextId = 0;
  let failure: Error | undefined;

  const send = (thread: Thread, message: Req): Promise<Res> =>
    new Promise<Res>((resolve, reject) => {
      if (thread.ended) return reject(thread.ended);
      const id = nextId++;
      pending.set(id, { thread, resolve, reject });
      thread.worker.postMessage({ id, message } satisfies PoolRequest<Req>);
    });

  const dispatch = () => {
    for (const thread of threads) {
      while (queue.length && !thread.ended && thread.busy < tasksPerThread) {
        const task = queue.shift()!;
        thread.busy++;
        send(thread, task.message).then(task.resolve, task.reject).finally(() => {
          thread.busy--;
          dispatch();
        });
      }
    }
    if (queue.length && threads.every((t) => t.ended)) for (const task of queue.splice(0)) task.reject(failure!);
  };

  const threads: Thread[] = Array.from({ length: Math.max(1, options.size) }, () => {
    const worker = new Worker(script.url, { workerData: script.workerData, resourceLimits: options.resourceLimits });
    const thread: Thread = { worker, busy: 0 };
    const end = (error: Error) => {
      thread.ended ??= error;
      failure ??= error;
      for (const [id, p] of pending) {
        if (p.thread !== thread) continue;
        pending.delete(id);
        p.reject(thread.ended);
      }
      dispatch();
    };
    worker.on('message', (answer: PoolReply<Res>) => {
      const p = pending.get(answer.id);
      if (!p) return;
      pending.delete(answer.id);
      if ('error' in answer) p.reject(Object.assign(new Error(answer.error), { stack: answer.stack }));
      else p.resolve(answer.reply);
    });
    worker.once('error', end);
    worker.once('exit', (code) => end(new Error(`worker ${entry.pathname.split('/').pop()} exited with code ${code}`)));
    return thread;
  });

  return {
    size: threads.length,
    broadcast: (message) => Promise.all(threads.map((thread) => send(thread, message))),
    run: (message) =>
      new Promise<Res>((resolve, reject) => {
        queue.push({ message, resolve, reject });
        dispatch();
      }),
    async close() {
      await Promise.all(
        threads.map((thread) => {
          thread.worker.removeAllListeners('exit');
          thread.ended ??= new Error('the worker pool was closed');
          return thread.worker.terminate();
        }),
      );
    },
  };
}
