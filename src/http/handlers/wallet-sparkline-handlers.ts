// `GET /wallets/{walletId}/sparkline` (docs/wallet-sparkline.md#caching): private caching for 8
// minutes with a strong ETag, 304 on a matching If-None-Match, and for the SVG the headers that
// keep it inert when opened directly (as the public images in asset-handlers.ts).
import type { Handlers } from '../../../generated/openapi/handlers.ts';
import {
  sparklineDays,
  sparklineMaxAgeSeconds,
  type WalletSparklineService,
} from '../../domain/wallets/wallet-sparkline-service.ts';
import { headerValue, ifNoneMatchHits, svgContentSecurityPolicy } from './asset-handlers.ts';

type WalletSparklineHandlers = Pick<Handlers, 'getWalletSparkline'>;

// openapi.yaml CacheControlSparkline: personal, so private; fresh for the history's refresh period.
export const sparklineCacheControl = `private, max-age=${sparklineMaxAgeSeconds}`;

export function walletSparklineHandlers(service: WalletSparklineService): WalletSparklineHandlers {
  return {
    getWalletSparkline: async (input, context) => {
      const sparkline = await service.sparkline(context.principal, {
        walletId: input.path.walletId,
        // The validator fills the spec's defaults; these only restate them for the type.
        days: input.query.days ?? sparklineDays.default,
        format: input.query.format ?? 'svg',
      });
      const headers = { ETag: sparkline.etag, 'Cache-Control': sparklineCacheControl };
      if (ifNoneMatchHits(headerValue(input.headers, 'if-none-match'), sparkline.etag)) return { status: 304, headers };
      const common = { ...headers, 'X-Content-Type-Options': 'nosniff' };
      if (sparkline.format === 'base64')
        return { status: 200, contentType: 'application/json', body: sparkline.json, headers: common };
      return {
        status: 200,
        contentType: 'image/svg+xml',
        body: sparkline.svg,
        headers: { ...common, 'Content-Security-Policy': svgContentSecurityPolicy },
      };
    },
  };
}
