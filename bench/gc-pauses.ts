// The main thread's garbage-collection pauses while a measurement runs, split into young-generation
// (minor) and full (major) collections: a request whose objects old ones keep alive shows as minor
// time far above a bare server's (docs/benchmarks-log.md#request-objects-kept-alive-by-the-old-generation-2026-11-25).
import { type PerformanceEntry, PerformanceObserver, constants } from 'node:perf_hooks';

export interface GcPauses {
  minorMs: number;
  majorMs: number;
}

/** Runs `measure`, adding up the main thread's GC pauses meanwhile. */
export async function withGcPauses<T>(measure: () => Promise<T>): Promise<T & { gc: GcPauses }> {
  const gc: GcPauses = { minorMs: 0, majorMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) gc.minorMs += entry.duration;
      else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.majorMs += entry.duration;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  try {
    return { ...(await measure()), gc };
  } finally {
    observer.disconnect();
  }
}
