// Serves a coin prices provider (normally the simulator) over loopback HTTP in the CoinGecko-style
// shape the HTTP client reads (docs/providers.md#coin-prices), so the client's tests run against
// the simulator and a developer can point COIN_PRICES_URL at it. Prices are written as JSON numbers
// with every digit (rawJsonNumber), as the source does.
import { AppError } from '../../errors/app-error.ts';
import { rawJsonNumber } from '../http-json/json-number.ts';
import { type JsonServer, type JsonServerReply, serveJson } from '../http-json/serve-json.ts';
import type { CoinPriceQuote, CoinPricesProvider } from './coin-prices-provider.ts';

export const coinMarketsPath = '/api/v3/coins/markets';

export function serveCoinPrices(
  source: CoinPricesProvider,
  options: { host?: string; port?: number } = {},
): Promise<JsonServer> {
  return serveJson(async (request): Promise<JsonServerReply> => {
    if (request.path !== coinMarketsPath) return { status: 404, body: { error: 'not found' } };
    if (request.method !== 'GET')
      return { status: 405, body: { error: 'method not allowed' }, headers: { allow: 'GET' } };
    if (request.query.get('vs_currency') !== 'usd') {
      return { status: 400, body: { error: 'vs_currency must be usd' } };
    }
    const symbols = (request.query.get('symbols') ?? '').split(',').filter((symbol) => symbol !== '');
    if (symbols.length === 0) return { status: 400, body: { error: 'symbols is required' } };
    try {
      const quotes = await source.listPrices(symbols);
      return { status: 200, body: quotes.map(marketEntry) };
    } catch (error) {
      if (error instanceof AppError && error.code === 'BAD_REQUEST') {
        return { status: 400, body: { error: error.message } };
      }
      throw error;
    }
  }, options);
}

function marketEntry(quote: CoinPriceQuote): Record<string, unknown> {
  return {
    id: (quote.name ?? quote.symbol).toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    symbol: quote.symbol.toLowerCase(),
    name: quote.name,
    current_price: rawJsonNumber(quote.usdPrice),
    market_cap: quote.marketCapUsd === null ? null : rawJsonNumber(quote.marketCapUsd),
    market_cap_rank: quote.marketCapRank,
    last_updated: quote.updatedAt.toISOString(),
  };
}
