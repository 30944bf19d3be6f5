// Public coin, flag and network images (docs/assets.md): each file is read once and kept in memory
// with its strong entity tag, in a cache bounded by entries and bytes so that requests for
// many distinct placeholders cannot grow memory without limit. Concurrent requests for one
// image share one read.
import { createHash } from 'node:crypto';
import { type CacheObserver, createBoundedCache } from '../../cache/bounded-cache.ts';
import { AppError } from '../../errors/app-error.ts';
import { readIconFile } from '../../providers/assets/icon-files.ts';
import { type AssetCatalog, createAssetCatalog } from './asset-catalog.ts';
import { coinPlaceholderSvg } from './coin-placeholder.ts';

export interface AssetImage {
  readonly contentType: 'image/svg+xml';
  readonly body: string;
  /** Strong entity tag: the quoted first 32 hex digits of the body's SHA-256. */
  readonly etag: string;
  /** A generated coin placeholder, cached for an hour rather than a year (openapi.yaml CacheControlAsset). */
  readonly placeholder: boolean;
}

export interface AssetService {
  /** The coin's icon, or a generated placeholder when the package has none; never NOT_FOUND. */
  coinIcon(symbol: string): Promise<AssetImage>;
  /** The coin's icon; NOT_FOUND when the package has none. */
  coinImage(symbol: string): Promise<AssetImage>;
  flagImage(countryCode: string): Promise<AssetImage>;
  networkImage(network: string): Promise<AssetImage>;
}

export interface AssetServiceOptions {
  catalog?: AssetCatalog;
  /** Reads one icon file; tests pass a counting reader. */
  readFile?: (file: string) => Promise<Buffer>;
  maxCachedEntries?: number;
  maxCachedBytes?: number;
  /** Counts the image cache's hits and misses (docs/metrics.md#caches). */
  cacheObserver?: CacheObserver;
}

/** Bytes of images the service keeps: the packaged icons total about 2.7 MB. */
export const assetCacheBytes = 8 * 1024 * 1024;

export function createAssetService(options: AssetServiceOptions = {}): AssetService {
  const catalog = options.catalog ?? createAssetCatalog();
  const read = options.readFile ?? readIconFile;
  // Holds every packaged icon plus placeholders.
  const cache = createBoundedCache<AssetImage>({
    maxEntries: options.maxCachedEntries ?? 1_000,
    maxSize: options.maxCachedBytes ?? assetCacheBytes,
    sizeOf: (image) => Buffer.byteLength(image.body),
    observer: options.cacheObserver,
  });

  function cached(key: string, load: () => Promise<string>, placeholder: boolean): Promise<AssetImage> {
    return cache.load(key, async () => toImage(await load(), placeholder));
  }

  const fromFile = (file: string) => cached(`file:${file}`, async () => (await read(file)).toString('utf8'), false);

  return {
    coinIcon: async (symbol) => {
      const file = catalog.coinFile(symbol);
      if (file) return fromFile(file);
      const upper = symbol.toUpperCase();
      return cached(`placeholder:${upper}`, async () => coinPlaceholderSvg(upper), true);
    },
    coinImage: async (symbol) => fromFile(found(catalog.coinFile(symbol), `no image for coin symbol ${symbol}`)),
    flagImage: async (code) => fromFile(found(catalog.flagFile(code), `no flag for country code ${code}`)),
    networkImage: async (network) => fromFile(found(catalog.networkFile(network), `no logo for network ${network}`)),
  };
}

// Only reached with input the catalog accepted, so the message never echoes a hostile value.
function found(file: string | undefined, message: string): string {
  if (!file) throw new AppError('NOT_FOUND', message);
  return file;
}

function toImage(body: string, placeholder: boolean): AssetImage {
  const digest = createHash('sha256').update(body, 'utf8').digest('hex');
  return Object.freeze({ contentType: 'image/svg+xml', body, etag: `"${digest.slice(0, 32)}"`, placeholder });
}
