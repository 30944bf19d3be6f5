// Public coin, flag and network images (docs/assets.md#caching): long-lived public caching with a
// strong ETag, 304 on a matching If-None-Match, and headers that keep an SVG from running script
// when opened directly.
import type { Handlers } from '../../../generated/openapi/handlers.ts';
import type { AssetImage, AssetService } from '../../domain/assets/asset-service.ts';

type AssetHandlers = Pick<
  Handlers,
  'getCoinIcon' | 'getStaticCoinImage' | 'getStaticFlagImage' | 'getStaticNetworkImage'
>;

// openapi.yaml CacheControlAsset: packaged images never change under one URL while the
// service runs; generated placeholders may be replaced by a real icon later.
export const storedAssetCacheControl = 'public, max-age=31536000, immutable';
export const placeholderCacheControl = 'public, max-age=3600';
// SVG may carry script; if a browser opens one as a document, nothing in it may run or load.
export const svgContentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

type AssetResult =
  | { status: 200; contentType: 'image/svg+xml'; body: string; headers: Record<string, string> }
  | { status: 304; headers: Record<string, string> };

export function assetHandlers(service: AssetService): AssetHandlers {
  return {
    getCoinIcon: async (input) => answer(await service.coinIcon(input.path.symbol), input.headers),
    getStaticCoinImage: async (input) => answer(await service.coinImage(input.path.symbol), input.headers),
    getStaticFlagImage: async (input) => answer(await service.flagImage(input.path.symbol), input.headers),
    getStaticNetworkImage: async (input) => answer(await service.networkImage(input.path.symbol), input.headers),
  };
}

function answer(image: AssetImage, requestHeaders: Readonly<Record<string, unknown>>): AssetResult {
  const headers = {
    ETag: image.etag,
    'Cache-Control': image.placeholder ? placeholderCacheControl : storedAssetCacheControl,
    'X-Content-Type-Options': 'nosniff',
  };
  if (ifNoneMatchHits(headerValue(requestHeaders, 'if-none-match'), image.etag)) return { status: 304, headers };
  return {
    status: 200,
    contentType: image.contentType,
    body: image.body,
    headers: {
      ...headers,
      'Content-Security-Policy': svgContentSecurityPolicy,
      // Public images are meant to be embedded by front ends on other origins.
      'Cross-Origin-Resource-Policy': 'cross-origin',
    },
  };
}

/** RFC 9110 §13.1.2: `*` or any listed tag under weak comparison (a `W/` prefix is ignored). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const tags = header.split(',').map((tag) => tag.trim());
  if (tags.includes('*')) return true;
  const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  return tags.some((tag) => opaque(tag) === opaque(etag));
}

// The router passes Node's lowercased header names while the generated type spells them as
// the spec does (`If-None-Match`), so look the name up without regard to case.
export function headerValue(headers: Readonly<Record<string, unknown>>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name && typeof value === 'string') return value;
  }
  return undefined;
}
