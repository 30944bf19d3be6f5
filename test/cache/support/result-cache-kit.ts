// Helpers of the result cache tests: an observer that counts what the cache reports, and a loader
// whose answer the test releases when it chooses.
import type { ResultCacheObserver } from '../../../src/cache/result-cache.ts';

export interface CountingObserver extends ResultCacheObserver {
  hits: number;
  misses: number;
  storedBytes: number;
  read(): { entries: number; bytes?: number } | undefined;
}

export function countingObserver(): CountingObserver {
  let reader: (() => { entries: number; bytes?: number }) | undefined;
  const observer: CountingObserver = {
    hits: 0,
    misses: 0,
    storedBytes: 0,
    hit: () => void (observer.hits += 1),
    miss: () => void (observer.misses += 1),
    stored: (bytes) => void (observer.storedBytes += bytes),
    watch: (read) => void (reader = read),
    read: () => reader?.(),
  };
  return observer;
}

/** A loader counting its calls, each answering `value(call)` once the test calls `release()`. */
export function heldLoader<T>(value: (call: number) => T) {
  let calls = 0;
  const waiting: (() => void)[] = [];
  return {
    get calls() {
      return calls;
    },
    load: () => {
      calls += 1;
      const call = calls;
      return new Promise<T>((resolve) => waiting.push(() => resolve(value(call))));
    },
    /** Answers every call made so far. */
    release: () => {
      for (const answer of waiting.splice(0)) answer();
    },
  };
}

/** A loader counting its calls, answering `value(call)` at once. */
export function countingLoader<T>(value: (call: number) => T) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    load: async () => value(++calls),
  };
}

/** Lets every pending promise callback run (a store write after the loader answered). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
