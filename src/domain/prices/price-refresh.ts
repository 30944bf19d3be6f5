// The coin price refresh (docs/providers.md#price-refresh): every interval it asks the price
// source for every coin of the `coin` table and upserts `coin_price`, whose triggers move every
// holding's stored USD value in the same statement (docs/valuation.md#one-valuation), then tells
// `onWritten` (the composition drops the cached valuations); a lookup reads one coin's
// stored price, marked stale when the source last updated it more than the maximum age ago
// (docs/providers.md#staleness). A failed refresh is logged once per transition and never throws
// out of the timer; the next one runs an interval later. Refreshes never overlap: the next is
// scheduled when one ends, on the injected clock (unref'd timers by default).
import type { Logger } from 'pino';
import { type CoinPriceTable, createCoinPriceTable, type StoredCoin } from '../../records/prices/coin-price-table.ts';
import type { Db } from '../../db/create-database.ts';
import { AppError } from '../../errors/app-error.ts';
import { type CoinPricesProvider, normalizeSymbols } from '../../providers/coin-prices/coin-prices-provider.ts';
import { parseDecimal } from '../money/decimal.ts';
import { coinPriceRow } from './coin-price-rows.ts';
import { isStalePrice } from './price-staleness.ts';
import { type RefreshClock, systemRefreshClock } from './refresh-clock.ts';
import { createRefreshFailureLog, type RefreshFailureLog } from './refresh-failure-log.ts';

export interface PriceRefreshOptions {
  db: Db;
  provider: CoinPricesProvider;
  /** Time from the end of one refresh to the start of the next (COIN_PRICES_REFRESH_MS). */
  intervalMs: number;
  /** A stored price older than this is stale (COIN_PRICES_MAX_AGE_MS); at least intervalMs. */
  maxAgeMs: number;
  logger: Logger;
  clock?: RefreshClock;
  /** Called after a refresh or lookup wrote prices, so results valued at the old ones can go. */
  onWritten?: () => Promise<void>;
}

export interface CoinPriceLookup {
  symbol: string;
  /** The coin's name in the `coin` table. */
  name: string;
  /** USD per whole coin, a decimal string in its shortest form. */
  usdPrice: string;
  marketCapUsd: string | null;
  marketCapRank: number | null;
  /** When the source last updated the price. */
  updatedAt: Date;
  /** True when updatedAt is more than the maximum age ago: the caller must not take it as current. */
  stale: boolean;
}

export type RefreshOutcome =
  | {
      ok: true;
      /** Coins in the `coin` table. */
      coins: number;
      /** Rows inserted or updated (a price the source updated later than the quote is kept). */
      written: number;
      /** Coins the source has no price for. */
      unknownSymbols: string[];
      /** Quotes that could not be stored, with why. */
      refused: string[];
    }
  | { ok: false; error: unknown };

export interface PriceRefresh {
  /** Starts refreshing: at once, then an interval after each refresh ends. Returns the stop function. */
  start(): () => Promise<void>;
  /** One refresh now (joining one already running); never throws. */
  refreshNow(): Promise<RefreshOutcome>;
  /**
   * A coin's stored price, marked stale when too old; null when no coin has the symbol, or the
   * source has no price for it. With `refresh`, or when nothing is stored yet, the source is asked
   * first, and its failure (SERVICE_UNAVAILABLE, INTERNAL) is thrown. BAD_REQUEST for a malformed symbol.
   */
  lookup(symbol: string, options?: { refresh?: boolean }): Promise<CoinPriceLookup | null>;
}

export function createPriceRefresh(options: PriceRefreshOptions): PriceRefresh {
  assertDurations(options.intervalMs, options.maxAgeMs);
  return new CoinPriceRefresh(options);
}

class CoinPriceRefresh implements PriceRefresh {
  readonly #provider: CoinPricesProvider;
  readonly #intervalMs: number;
  readonly #maxAgeMs: number;
  readonly #logger: Logger;
  readonly #clock: RefreshClock;
  readonly #table: CoinPriceTable;
  readonly #failures: RefreshFailureLog;
  readonly #onWritten: () => Promise<void>;
  #running: Promise<RefreshOutcome> | undefined;
  #started = false;

  constructor(options: PriceRefreshOptions) {
    this.#provider = options.provider;
    this.#intervalMs = options.intervalMs;
    this.#maxAgeMs = options.maxAgeMs;
    this.#logger = options.logger;
    this.#clock = options.clock ?? systemRefreshClock;
    this.#table = createCoinPriceTable(options.db);
    this.#failures = createRefreshFailureLog(options.logger);
    this.#onWritten = options.onWritten ?? (async () => {});
  }

  start(): () => Promise<void> {
    if (this.#started) throw new Error('the coin price refresh is already started');
    this.#started = true;
    const clock = this.#clock;
    let stopped = false;
    let timer: unknown;
    const tick = () => {
      timer = undefined;
      void this.refreshNow().then(() => {
        if (!stopped) timer = clock.setTimeout(tick, this.#intervalMs);
      });
    };
    timer = clock.setTimeout(tick, 0);
    return async () => {
      stopped = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
      // Shutdown closes the pool next: let a running refresh finish first.
      await this.#running;
    };
  }

  refreshNow(): Promise<RefreshOutcome> {
    this.#running ??= this.#refreshOnce().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async lookup(symbol: string, lookupOptions: { refresh?: boolean } = {}): Promise<CoinPriceLookup | null> {
    const [normalized] = normalizeSymbols([symbol]);
    if (normalized === undefined) throw new AppError('BAD_REQUEST', 'a coin symbol is required');
    const coin = await this.#table.find(normalized);
    if (!coin) return null;
    if (!lookupOptions.refresh && coin.price) return this.#toLookup(coin);
    const { refused } = await this.#fetchAndStore([normalized]);
    if (refused.length > 0) this.#logger.warn({ refused }, 'coin price quotes refused');
    const after = await this.#table.find(normalized);
    return after ? this.#toLookup(after) : null;
  }

  /** Asks the source for `symbols` and stores what it knows; returns what was written and what not. */
  async #fetchAndStore(symbols: string[]) {
    const quotes = await this.#provider.listPrices(symbols);
    const known = new Set(quotes.map((quote) => quote.symbol));
    const rows = [];
    const refused: string[] = [];
    for (const quote of quotes) {
      const converted = coinPriceRow(quote);
      if ('row' in converted) rows.push(converted.row);
      else refused.push(converted.refused);
    }
    const written = await this.#table.upsert(rows);
    if (written > 0) await this.#onWritten();
    return { written, refused, unknownSymbols: symbols.filter((symbol) => !known.has(symbol)) };
  }

  async #refreshOnce(): Promise<RefreshOutcome> {
    const at = this.#clock.now();
    const logger = this.#logger;
    try {
      const symbols = await this.#table.coinSymbols();
      const stored =
        symbols.length > 0 ? await this.#fetchAndStore(symbols) : { written: 0, refused: [], unknownSymbols: [] };
      this.#failures.succeeded(at);
      this.#failures.unknownSymbols(stored.unknownSymbols);
      if (stored.refused.length > 0) logger.warn({ refused: stored.refused }, 'coin price quotes refused');
      logger.debug({ coins: symbols.length, written: stored.written }, 'coin prices refreshed');
      return { ok: true, coins: symbols.length, ...stored };
    } catch (error) {
      this.#failures.failed(error, at);
      return { ok: false, error };
    }
  }

  #toLookup(coin: StoredCoin): CoinPriceLookup | null {
    if (!coin.price) return null;
    const { usdPrice, marketCapUsd, marketCapRank, updatedAt } = coin.price;
    return {
      symbol: coin.symbol,
      name: coin.name,
      // numeric(38, 18) reads back with all 18 places; the API shows the price, not the column.
      usdPrice: parseDecimal(usdPrice),
      marketCapUsd,
      marketCapRank,
      updatedAt,
      stale: isStalePrice(updatedAt, this.#clock.now(), this.#maxAgeMs),
    };
  }
}

function assertDurations(intervalMs: number, maxAgeMs: number): void {
  if (!Number.isInteger(intervalMs) || intervalMs <= 0) {
    throw new Error(`intervalMs must be a positive whole number of milliseconds, got ${intervalMs}`);
  }
  if (!Number.isInteger(maxAgeMs) || maxAgeMs < intervalMs) {
    throw new Error(
      `maxAgeMs must be a whole number of milliseconds of at least intervalMs (${intervalMs}), got ${maxAgeMs}`,
    );
  }
}
