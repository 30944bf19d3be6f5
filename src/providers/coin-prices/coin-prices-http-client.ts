// HTTP client of a CoinGecko-style price source (docs/providers.md#coin-prices):
// `GET {COIN_PRICES_URL}/api/v3/coins/markets?vs_currency=usd&symbols=btc,eth` answers an array of
// `{id, symbol, name, current_price, market_cap, market_cap_rank, last_updated}`. Numbers are read
// as written, never through a float. An entry without a price or update time is a coin the source
// cannot price (left out); when several coins share a symbol, the best ranked one wins.
import type { Logger } from 'pino';
import { contractFailure, answerFailure, fetchJson, type ProviderAnswer } from '../http-json/fetch-json.ts';
import { readArray, readDate, readDecimal, readInteger, readRecord, readString } from '../http-json/json-fields.ts';
import { type CoinPriceQuote, type CoinPricesProvider, normalizeSymbols } from './coin-prices-provider.ts';
import { providerFetch } from '../../observability/tracing/traced-fetch.ts';

export const defaultCoinPricesTimeoutMs = 10_000;
/** Symbols per request, so a long coin list never makes an over-long URL. */
export const symbolsPerRequest = 100;

const provider = 'Coin price source';
const operation = 'coins/markets';

export interface CoinPricesHttpClientOptions {
  /** Base URL of the source; a path prefix (a proxy) is kept. */
  url: string;
  timeoutMs?: number;
  logger: Logger;
  fetch?: typeof fetch;
}

export function createCoinPricesHttpClient(options: CoinPricesHttpClientOptions): CoinPricesProvider {
  const base = new URL(options.url);
  const endpoint = `${base.origin}${base.pathname.replace(/\/+$/, '')}/api/v3/coins/markets`;
  const timeoutMs = options.timeoutMs ?? defaultCoinPricesTimeoutMs;
  const fetchFn = options.fetch ?? providerFetch('coin-prices');
  const { logger } = options;

  async function fetchChunk(symbols: string[]): Promise<Map<string, CoinPriceQuote>> {
    const query = new URLSearchParams({ vs_currency: 'usd', symbols: symbols.map((s) => s.toLowerCase()).join(',') });
    const started = performance.now();
    const context = { provider: 'coin-prices', operation, symbols: symbols.length };
    try {
      const answer = await fetchJson({
        provider,
        operation,
        url: `${endpoint}?${query}`,
        init: { method: 'GET', headers: { Accept: 'application/json' } },
        timeoutMs,
        fetch: fetchFn,
      });
      const quotes = readQuotes(answer, new Set(symbols));
      logger.debug(
        { ...context, ms: Math.round(performance.now() - started), priced: quotes.size },
        'coin prices fetched',
      );
      return quotes;
    } catch (error) {
      logger.debug(
        { ...context, ms: Math.round(performance.now() - started), err: error },
        'coin prices request failed',
      );
      throw error;
    }
  }

  return {
    kind: 'http',
    async listPrices(symbols) {
      const wanted = normalizeSymbols(symbols);
      const found = new Map<string, CoinPriceQuote>();
      for (let start = 0; start < wanted.length; start += symbolsPerRequest) {
        for (const [symbol, quote] of await fetchChunk(wanted.slice(start, start + symbolsPerRequest))) {
          found.set(symbol, quote);
        }
      }
      return wanted.flatMap((symbol) => found.get(symbol) ?? []);
    },
  };
}

function readQuotes(answer: ProviderAnswer, wanted: Set<string>): Map<string, CoinPriceQuote> {
  if (answer.status !== 200) throw answerFailure(answer, provider, operation);
  try {
    const quotes = new Map<string, CoinPriceQuote>();
    readArray(answer.json, '$').forEach((item, index) => {
      const quote = readQuote(item, `$[${index}]`);
      if (!quote || !wanted.has(quote.symbol)) return;
      const held = quotes.get(quote.symbol);
      if (!held || rankOrder(quote) < rankOrder(held)) quotes.set(quote.symbol, quote);
    });
    return quotes;
  } catch (error) {
    throw contractFailure(error, answer, provider, operation);
  }
}

function readQuote(item: unknown, path: string): CoinPriceQuote | null {
  const entry = readRecord(item, path);
  const symbol = readString(entry.symbol, `${path}.symbol`, { maxLength: 40 }).toUpperCase();
  if (entry.current_price === null || entry.current_price === undefined) return null;
  if (entry.last_updated === null || entry.last_updated === undefined) return null;
  const marketCap =
    entry.market_cap === null || entry.market_cap === undefined
      ? null
      : readDecimal(entry.market_cap, `${path}.market_cap`);
  return {
    symbol,
    name: entry.name === null || entry.name === undefined ? null : readString(entry.name, `${path}.name`),
    usdPrice: readDecimal(entry.current_price, `${path}.current_price`),
    // CoinGecko reports 0 for a market cap it does not know.
    marketCapUsd: marketCap === null || /^0(\.0+)?$/.test(marketCap) ? null : marketCap,
    marketCapRank:
      entry.market_cap_rank === null || entry.market_cap_rank === undefined
        ? null
        : readInteger(entry.market_cap_rank, `${path}.market_cap_rank`, 1, 10_000_000),
    updatedAt: readDate(entry.last_updated, `${path}.last_updated`),
  };
}

function rankOrder(quote: CoinPriceQuote): number {
  return quote.marketCapRank ?? Number.POSITIVE_INFINITY;
}
