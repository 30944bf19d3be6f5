// The OTC trading area for the composition root (docs/trading.md): quotes priced on the trading
// products from the live order books (the market data feed, docs/market-data.md; `noOrderBooks`
// when none is given) or the stored coin prices, the fee and quote lifetime of the configuration, and the trades executed on
// them; acting users are looked up in identity's user directory.
import { createOtcQuoteTable } from '../access/trading/otc-quote-table.ts';
import { createOtcTradeTable } from '../access/trading/otc-trade-table.ts';
import { createTradingProductTable } from '../access/trading/trading-product-table.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/create-database.ts';
import type { ActingUserDirectory } from '../domain/identity/acting-user.ts';
import { noOrderBooks, type OrderBookSource } from '../domain/market-data/order-book-source.ts';
import { createOtcPricer, type UsdPriceLookup } from '../domain/trading/otc-pricer.ts';
import { createOtcQuoteService } from '../domain/trading/otc-quote-service.ts';
import { createOtcTradeService } from '../domain/trading/otc-trade-service.ts';
import type { TradingServices } from '../graphql/resolvers/otc-resolvers.ts';

export function createTrading(deps: {
  config: Config;
  db: Db;
  /** The stored coin price of a symbol (the price refresh's lookup, create-prices.ts). */
  usdPrice: UsdPriceLookup;
  users: ActingUserDirectory;
  orderBooks?: OrderBookSource;
}): TradingServices {
  const { config, db, users } = deps;
  const quotes = createOtcQuoteTable(db);
  const pricer = createOtcPricer({
    products: createTradingProductTable(db),
    orderBooks: deps.orderBooks ?? noOrderBooks,
    usdPrice: deps.usdPrice,
    feeBps: config.trading.feeBps,
  });
  const quoteService = createOtcQuoteService({
    quotes,
    pricer,
    users,
    quoteTtlSeconds: config.trading.quoteTtlSeconds,
  });
  return {
    quotes: quoteService,
    trades: createOtcTradeService({ quotes, trades: createOtcTradeTable(db), quoteService, users }),
    users,
  };
}
