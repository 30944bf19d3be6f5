// Hits, misses, entries and bytes of the named caches (docs/metrics.md#caches). A cache itself knows
// nothing of Prometheus: it calls the observer this returns (src/cache/bounded-cache.ts,
// src/cache/result-cache.ts). Hits and misses are counted by addition (series-counter.ts): a
// request reads two or three caches.
import { Counter, Gauge, type Registry } from 'prom-client';
import { SeriesCounter } from './series-counter.ts';

export interface CacheCounts {
  readonly entries: number;
  /** Summed entry sizes, for a cache bounded by bytes. */
  readonly bytes?: number;
}

export interface NamedCacheObserver {
  hit(): void;
  miss(): void;
  watch(read: () => CacheCounts): void;
  /** An entry of `bytes` was stored (the result cache, whose bytes may live in Redis). */
  stored(bytes: number): void;
}

export function createCacheMetrics(registry: Registry): (name: string) => NamedCacheObserver {
  const reads = new Map<string, () => CacheCounts>();
  const labelNames = ['cache'] as const;
  const hits = new SeriesCounter({ name: 'cache_hits_total', help: 'Cache hits', labelNames, registry });
  const misses = new SeriesCounter({ name: 'cache_misses_total', help: 'Cache misses', labelNames, registry });
  const stored = new Counter({
    name: 'cache_stored_bytes_total',
    help: 'Bytes of the entries this node stored in the cache',
    labelNames,
    registers: [registry],
  });
  new Gauge({
    name: 'cache_entries',
    help: 'Entries held by the cache',
    labelNames,
    registers: [registry],
    collect() {
      for (const [cache, read] of reads) this.set({ cache }, read().entries);
    },
  });
  new Gauge({
    name: 'cache_bytes',
    help: 'Bytes held by a cache bounded by bytes',
    labelNames,
    registers: [registry],
    collect() {
      for (const [cache, read] of reads) {
        const { bytes } = read();
        if (bytes !== undefined) this.set({ cache }, bytes);
      }
    },
  });
  return (cache) => {
    // Both series exist from the start, so a rate over them is defined before the first miss.
    const hit = hits.series({ cache });
    const miss = misses.series({ cache });
    return {
      hit: () => hit.inc(),
      miss: () => miss.inc(),
      watch: (read) => void reads.set(cache, read),
      stored: (bytes) => stored.inc({ cache }, bytes),
    };
  };
}
