// The domain services the business GraphQL resolvers call, handed to createBusinessSchema by
// the composition root (src/composition/create-business-graphql.ts) as REST handlers get theirs.
// Each area's resolvers take theirs from here (src/graphql/resolvers/business-resolvers.ts).
import type { CoinPriceService } from '../domain/prices/coin-price-service.ts';
import type { WalletSummaryService } from '../domain/wallets/wallet-summary-service.ts';
import type { PortfolioService } from '../domain/wallets/portfolio-service.ts';
import type { WalletDetailService } from '../domain/wallets/wallet-detail-service.ts';
import type { WalletManagementService } from '../domain/wallets/wallet-management-service.ts';
import type { AmlScreeningService } from '../domain/wallets/aml-screening-service.ts';
import type { WalletUnfreezeService } from '../domain/wallets/wallet-unfreeze-service.ts';
import type { CustodyServices } from './resolvers/custody-resolvers.ts';
import type { FundServices } from './resolvers/fund-resolvers.ts';
import type { BusinessDocumentService } from '../domain/documents/business-document-service.ts';
import type { TradingServices } from './resolvers/otc-resolvers.ts';
import type { KycServices } from './resolvers/kyc-resolvers.ts';
import type { OrderBookFanout } from './order-book/order-book-fanout.ts';

export interface BusinessServices {
  readonly prices: CoinPriceService;
  readonly wallets: WalletSummaryService;
  readonly portfolio: PortfolioService;
  readonly walletDetails: WalletDetailService;
  readonly walletOperations: WalletManagementService;
  readonly amlScreening: AmlScreeningService;
  readonly walletUnfreeze: WalletUnfreezeService;
  readonly custody: CustodyServices;
  readonly funds: FundServices;
  readonly documents: BusinessDocumentService;
  readonly trading: TradingServices;
  readonly kyc: KycServices;
  /** The order-book subscribers' fan-out over the market-data feed (create-business-graphql.ts); null with MARKET_DATA=off. */
  readonly orderBooks: OrderBookFanout | null;
}
