// @ts-check
// Starts a worker module from its TypeScript source (see worker-script.ts): only when paydocs runs
// from its sources, as in its own tests; installed, it runs compiled and never loads this file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
