// Bounded concurrency with a bounded waiting line (docs/documents.md#the-pdf-engine):
// when the line is full the caller is told at once to come back later (503 + Retry-After)
// instead of piling up requests and memory behind a slow browser.
import { AppError } from '../../errors/app-error.ts';

export interface RenderQueue {
  /**
   * Runs `task` when a slot is free. An abort while waiting leaves the line; an abort while
   * running rejects the caller at once, but the slot stays taken until the task settles, so
   * the bound holds for the work really in flight.
   */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Rejects everything waiting; later calls are refused. Running tasks finish on their own. */
  close(reason: string): void;
  readonly active: number;
  readonly waiting: number;
}

export interface RenderQueueOptions {
  concurrency: number;
  maxQueue: number;
  retryAfterSeconds?: number;
}

interface Waiter {
  start: () => void;
  reject: (error: unknown) => void;
}

export function createRenderQueue(options: RenderQueueOptions): RenderQueue {
  const line: Waiter[] = [];
  let active = 0;
  let closedReason: string | undefined;
  const retryAfterSeconds = options.retryAfterSeconds ?? 1;

  function next(): void {
    while (active < options.concurrency && line.length > 0) line.shift()?.start();
  }

  function run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (closedReason !== undefined) return Promise.reject(new AppError('SERVICE_UNAVAILABLE', closedReason));
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (active >= options.concurrency && line.length >= options.maxQueue) {
      return Promise.reject(
        new AppError(
          'SERVICE_UNAVAILABLE',
          `PDF queue is full (${active} rendering, ${line.length} waiting); retry in ${retryAfterSeconds} s`,
          { retryAfterSeconds },
        ),
      );
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        const index = line.indexOf(waiter);
        if (index >= 0) line.splice(index, 1);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        reject,
        start: () => {
          active += 1;
          Promise.resolve()
            .then(task)
            .then(resolve, reject)
            .finally(() => {
              signal?.removeEventListener('abort', onAbort);
              active -= 1;
              next();
            });
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      line.push(waiter);
      next();
    });
  }

  function close(reason: string): void {
    closedReason = reason;
    for (const waiter of line.splice(0)) waiter.reject(new AppError('SERVICE_UNAVAILABLE', reason));
  }

  return {
    run,
    close,
    get active() {
      return active;
    },
    get waiting() {
      return line.length;
    },
  };
}
