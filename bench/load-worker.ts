// The load driver (load-driver.ts) in its worker thread, one measurement at a time, so the
// client's own CPU does not share the event loop of the server it measures.
import { Worker } from 'node:worker_threads';
import type { LoadReply, LoadRequest, LoadResult, LoadTarget } from './load-driver.ts';

export interface LoadSettings {
  readonly connections: number;
  readonly warmup: number;
  readonly seconds: number;
}

export function startLoadWorker(settings: LoadSettings) {
  const worker = new Worker(new URL('./load-driver.ts', import.meta.url));
  const waiting = new Map<number, { resolve: (result: LoadResult) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  worker.on('message', (reply: LoadReply) => {
    const pending = waiting.get(reply.id);
    waiting.delete(reply.id);
    if ('error' in reply) pending?.reject(new Error(reply.error));
    else pending?.resolve(reply.result);
  });
  worker.on('error', (error) => {
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  });
  return {
    /** One measurement of `target`; `overrides` change the settings for this one (a warm-up round's length). */
    run(target: LoadTarget, overrides: Partial<LoadSettings> = {}): Promise<LoadResult> {
      const request: LoadRequest = { id: (nextId += 1), target, ...settings, ...overrides };
      return new Promise((resolve, reject) => {
        waiting.set(request.id, { resolve, reject });
        worker.postMessage(request);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.postMessage('close');
      }),
  };
}
