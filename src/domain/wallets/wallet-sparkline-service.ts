// `GET /wallets/{walletId}/sparkline` (docs/wallet-sparkline.md): the owner's wallet value chart as
// SVG or as base64 in JSON, with a strong ETag. The window is the `days` days ending at the newest
// recorded value (not at the wall clock: a history that stopped, or demo data dated 2026-01-01,
// still draws its most recent `days`). Rendered answers are cached 8 minutes, keyed by wallet,
// days, format and the newest point, so a new value shows at once; the access check runs on every
// request before the cache is looked at.
import { createHash } from 'node:crypto';
import type { Principal } from '../../access/principal.ts';
import type { WalletValueHistoryTable } from '../../records/wallets/wallet-value-history-table.ts';
import { type CacheObserver, createBoundedCache } from '../../cache/bounded-cache.ts';
import { AppError } from '../../errors/app-error.ts';
import { renderSparklineSvg } from './render-sparkline-svg.ts';

export const sparklineDays = { min: 1, max: 90, default: 7 } as const;
/** The refresh period of the value history: the cache lifetime here and `max-age` for clients. */
export const sparklineMaxAgeSeconds = 8 * 60;
export const defaultSparklineCacheCapacity = 2_000;

export type SparklineFormat = 'svg' | 'base64';

export interface SparklineRequest {
  walletId: number;
  days: number;
  format: SparklineFormat;
}

export type Sparkline =
  | { format: 'svg'; etag: string; svg: string }
  | { format: 'base64'; etag: string; json: { data: string; contentType: 'image/svg+xml' } };

export interface WalletSparklineService {
  /** NOT_FOUND, with one message, for a wallet that does not exist and one the caller may not see. */
  sparkline(principal: Principal, request: SparklineRequest): Promise<Sparkline>;
}

const dayMs = 24 * 60 * 60 * 1000;

export function createWalletSparklineService(deps: {
  history: WalletValueHistoryTable;
  now?: () => number;
  cacheCapacity?: number;
  /** Counts the sparkline cache's hits and misses (docs/metrics.md#caches). */
  cacheObserver?: CacheObserver;
}): WalletSparklineService {
  const cache = createBoundedCache<Sparkline>({
    maxEntries: deps.cacheCapacity ?? defaultSparklineCacheCapacity,
    ttlMs: sparklineMaxAgeSeconds * 1000,
    now: deps.now,
    observer: deps.cacheObserver,
  });
  return {
    async sparkline(principal, request) {
      assertValidDays(request.days);
      const head = await deps.history.newestPoint(principal, request.walletId);
      if (!head) throw new AppError('NOT_FOUND', `wallet ${request.walletId} not found`);
      const { newest } = head;
      const version = newest ? `${newest.recordedAt.toISOString()}=${newest.usdValue}` : 'none';
      const key = `${request.walletId}|${request.days}|${request.format}|${version}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const points = newest
        ? await deps.history.pointsBetween(
            principal,
            request.walletId,
            new Date(newest.recordedAt.getTime() - request.days * dayMs),
            newest.recordedAt,
          )
        : [];
      const sparkline = represent(renderSparklineSvg(points, request.days), request);
      cache.set(key, sparkline);
      return sparkline;
    },
  };
}

function represent(svg: string, request: SparklineRequest): Sparkline {
  const etag = `"${createHash('sha256').update(`${request.format}\n${request.days}\n${svg}`, 'utf8').digest('hex').slice(0, 32)}"`;
  if (request.format === 'svg') return { format: 'svg', etag, svg };
  return {
    format: 'base64',
    etag,
    json: { data: Buffer.from(svg, 'utf8').toString('base64'), contentType: 'image/svg+xml' },
  };
}

function assertValidDays(days: number): void {
  const { min, max } = sparklineDays;
  if (!Number.isInteger(days) || days < min || days > max) {
    throw new AppError('BAD_REQUEST', `days must be an integer from ${min} to ${max}, got ${String(days)}`);
  }
}
