// Public coin, flag and network images (issue 5): each file is read once and kept in memory
// with its strong entity tag, in a cache bounded by entries and bytes so that requests for
// many distinct placeholders cannot grow memory without limit.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { AppError } from '../../errors/app-error.ts';
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
}

export function createAssetService(options: AssetServiceOptions = {}): AssetService {
  const catalog = options.catalog ?? createAssetCatalog();
  const read = options.readFile ?? ((file: string) => readFile(file));
  // The packaged icons total about 2.7 MB; this holds all of them plus placeholders.
  const cache = new BoundedCache(options.maxCachedEntries ?? 1_000, options.maxCachedBytes ?? 8 * 1024 * 1024);
  const pending = new Map<string, Promise<AssetImage>>();

  function cached(key: string, load: () => Promise<string>, placeholder: boolean): Promise<AssetImage> {
    const hit = cache.get(key);
    if (hit) return Promise.resolve(hit);
    let loading = pending.get(key);
    if (!loading) {
      loading = load()
        .then((body) => {
          const image = toImage(body, placeholder);
          cache.set(key, image);
          return image;
        })
        .finally(() => pending.delete(key));
      pending.set(key, loading);
    }
    return loading;
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

/** Least recently used entries go first once either bound is passed. */
class BoundedCache {
  readonly #entries = new Map<string, AssetImage>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxEntries: number, maxBytes: number) {
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
  }

  get(key: string): AssetImage | undefined {
    const image = this.#entries.get(key);
    if (image) {
      this.#entries.delete(key);
      this.#entries.set(key, image);
    }
    return image;
  }

  set(key: string, image: AssetImage): void {
    const size = Buffer.byteLength(image.body);
    if (size > this.#maxBytes || this.#maxEntries < 1) return;
    this.#remove(key);
    this.#entries.set(key, image);
    this.#bytes += size;
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      this.#remove(oldest);
    }
  }

  #remove(key: string): void {
    const image = this.#entries.get(key);
    if (!image) return;
    this.#entries.delete(key);
    this.#bytes -= Buffer.byteLength(image.body);
  }
}
