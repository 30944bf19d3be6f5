// The coin price refresh (docs/providers.md#price-refresh): every interval it asks the price
// source for every coin of the `coin` table and upserts `coin_price`; a lookup reads one coin's
// stored price, marked stale when the source last updated it more than the maximum age ago
// (docs/providers.md#staleness). A failed refresh is logged once per transition and never throws
// out of the timer; the next one runs an interval later. Refreshes never overlap: the next is
// scheduled when one ends, on the injected clock (unref'd timers by default).
import type { Logger } from 'pino';
import { createCoinPriceTable, type StoredCoin } from '../../access/prices/coin-price-table.ts';
import type { Db } from '../../db/create-database.ts';
import { AppError } from '../../errors/app-error.ts';
import { type CoinPricesProvider, normalizeSymbols } from '../../providers/coin-prices/coin-prices-provider.ts';
import { parseDecimal } from '../money/decimal.ts';
import { coinPriceRow } from './coin-price-rows.ts';
import { isStalePrice } from './price-staleness.ts';
import { type RefreshClock, systemRefreshClock } from './refresh-clock.ts';
import { createRefreshFailureLog } from './refresh-failure-log.ts';

export interface PriceRefreshOptions {
  db: Db;
  provider: CoinPricesProvider;
  /** Time from the end of one refresh to the start of the next (COIN_PRICES_REFRESH_MS). */
  intervalMs: number;
  /** A stored price older than this is stale (COIN_PRICES_MAX_AGE_MS); at least intervalMs. */
  maxAgeMs: number;
  logger: Logger;
  clock?: RefreshClock;
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
  const { provider, intervalMs, maxAgeMs, logger } = options;
  assertDurations(intervalMs, maxAgeMs);
  const clock = options.clock ?? systemRefreshClock;
  const table = createCoinPriceTable(options.db);
  const failures = createRefreshFailureLog(logger);
  let running: Promise<RefreshOutcome> | undefined;
  let started = false;

  /** Asks the source for `symbols` and stores what it knows; returns what was written and what not. */
  async function fetchAndStore(symbols: string[]) {
    const quotes = await provider.listPrices(symbols);
    const known = new Set(quotes.map((quote) => quote.symbol));
    const rows = [];
    const refused: string[] = [];
    for (const quote of quotes) {
      const converted = coinPriceRow(quote);
      if ('row' in converted) rows.push(converted.row);
      else refused.push(converted.refused);
    }
    const written = await table.upsert(rows);
    return { written, refused, unknownSymbols: symbols.filter((symbol) => !known.has(symbol)) };
  }

  async function refreshOnce(): Promise<RefreshOutcome> {
    const at = clock.now();
    try {
      const symbols = await table.coinSymbols();
      const stored =
        symbols.length > 0 ? await fetchAndStore(symbols) : { written: 0, refused: [], unknownSymbols: [] };
      failures.succeeded(at);
      failures.unknownSymbols(stored.unknownSymbols);
      if (stored.refused.length > 0) logger.warn({ refused: stored.refused }, 'coin price quotes refused');
      logger.debug({ coins: symbols.length, written: stored.written }, 'coin prices refreshed');
      return { ok: true, coins: symbols.length, ...stored };
    } catch (error) {
      failures.failed(error, at);
      return { ok: false, error };
    }
  }

  function refreshNow(): Promise<RefreshOutcome> {
    running ??= refreshOnce().finally(() => {
      running = undefined;
    });
    return running;
  }

  function toLookup(coin: StoredCoin): CoinPriceLookup | null {
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
      stale: isStalePrice(updatedAt, clock.now(), maxAgeMs),
    };
  }

  return {
    start() {
      if (started) throw new Error('the coin price refresh is already started');
      started = true;
      let stopped = false;
      let timer: unknown;
      const tick = () => {
        timer = undefined;
        void refreshNow().then(() => {
          if (!stopped) timer = clock.setTimeout(tick, intervalMs);
        });
      };
      timer = clock.setTimeout(tick, 0);
      return async () => {
        stopped = true;
        if (timer !== undefined) clock.clearTimeout(timer);
        timer = undefined;
        // Shutdown closes the pool next: let a running refresh finish first.
        await running;
      };
    },

    refreshNow,

    async lookup(symbol, lookupOptions = {}) {
      const [normalized] = normalizeSymbols([symbol]);
      if (normalized === undefined) throw new AppError('BAD_REQUEST', 'a coin symbol is required');
      const coin = await table.find(normalized);
      if (!coin) return null;
      if (!lookupOptions.refresh && coin.price) return toLookup(coin);
      const { refused } = await fetchAndStore([normalized]);
      if (refused.length > 0) logger.warn({ refused }, 'coin price quotes refused');
      const after = await table.find(normalized);
      return after ? toLookup(after) : null;
    },
  };
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
