// The OTC trading area for the composition root (docs/trading.md): quotes priced on the trading
// products from the live order books (the market data feed, docs/market-data.md; `noOrderBooks`
// when none is given) or the stored coin prices, the fee and quote lifetime of the configuration, and the trades executed on
// them and settled at once by the platform's desk, which also moves them at a simulated custodian
// (docs/trading.md#settlement); acting users are looked up in identity's
// user directory, their KYC reviews in kyc_profile.
import { latestKycReviewOf } from '../records/kyc/kyc-review-table.ts';
import { createOtcQuoteTable } from '../records/trading/otc-quote-table.ts';
import { createOtcTradeExecution } from '../records/trading/otc-trade-execution.ts';
import { createOtcTradeTable } from '../records/trading/otc-trade-table.ts';
import { createSettlementWalletTable } from '../records/trading/settlement-wallet-table.ts';
import { createTradingProductTable } from '../records/trading/trading-product-table.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/create-database.ts';
import type { ActingUserDirectory } from '../domain/identity/acting-user.ts';
import { noOrderBooks, type OrderBookSource } from '../domain/market-data/order-book-source.ts';
import { walletChangeTags } from '../domain/wallets/wallet-cache-tags.ts';
import type { ResultCache } from '../cache/result-cache.ts';
import { createOtcPricer, type UsdPriceLookup } from '../domain/trading/otc-pricer.ts';
import { createOtcQuoteService } from '../domain/trading/otc-quote-service.ts';
import type { Idempotency } from '../domain/idempotency/idempotent-request.ts';
import { createOtcTradeService } from '../domain/trading/otc-trade-service.ts';
import type { TradingServices } from '../graphql/resolvers/otc-resolvers.ts';
import type { CustodyProvider } from '../providers/custody/custody-provider.ts';
import type { Logger } from 'pino';
import { simulatedDesk } from './simulated-desk.ts';

export function createTrading(deps: {
  config: Config;
  db: Db;
  /** The stored coin price of a symbol (the price refresh's lookup, create-prices.ts). */
  usdPrice: UsdPriceLookup;
  users: ActingUserDirectory;
  /** The business API's result cache: a trade changes its wallets' holdings (docs/caches.md#result-cache). */
  results: ResultCache;
  orderBooks?: OrderBookSource;
  /** The custodian: the simulated desk moves settled legs there when it is the in-process simulator. */
  custody: CustodyProvider;
  /** The idempotency keys of every creating mutation (docs/idempotency.md). */
  idempotency: Idempotency;
  logger: Logger;
}): TradingServices {
  const { config, db, users } = deps;
  const wallets = createSettlementWalletTable(db);
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
    idempotency: deps.idempotency,
  });
  return {
    quotes: quoteService,
    trades: createOtcTradeService({
      quotes,
      trades: createOtcTradeTable(db),
      execution: createOtcTradeExecution(db),
      wallets,
      kycReviewOf: (userId) => latestKycReviewOf(db, userId),
      holdingsChanged: async (walletIds) =>
        deps.results.invalidate((await wallets.ownershipOf(walletIds)).flatMap(walletChangeTags)),
      desk: simulatedDesk(deps.custody, wallets, deps.logger),
      quoteService,
      users,
    }),
    users,
  };
}
