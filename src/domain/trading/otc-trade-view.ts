// An executed trade as the business API answers it (schema.graphql `OtcTrade`): its quote, and the
// two legs read from it (docs/trading.md#trades): a BUY gives the quote's total of the quote
// currency and receives its size of the base asset, a SELL gives the size and receives the total,
// each in its currency's unit (otc-trade-legs.ts), ON_PLATFORM in the trade's wallet or
// OFF_PLATFORM (docs/trading.md#settlement).
import type { OtcQuoteRow } from '../../records/trading/otc-quote-table.ts';
import type { OtcTradeRow } from '../../records/trading/otc-trade-table.ts';
import { type TradeLeg, tradeLegsOf } from './otc-trade-legs.ts';
import { quoteView, type OtcQuoteView } from './otc-quote-view.ts';

export type OtcTradeStatus = 'PENDING' | 'SETTLED' | 'FAILED';

/** schema.graphql `OtcTradeLeg`. */
export interface OtcTradeLegView {
  currency: string;
  amount: string;
  settlement: 'ON_PLATFORM' | 'OFF_PLATFORM';
  walletId: number | null;
}

export interface OtcTradeView {
  id: string;
  quote: OtcQuoteView;
  status: OtcTradeStatus;
  fromAmount: string;
  toAmount: string;
  fromLeg: OtcTradeLegView;
  toLeg: OtcTradeLegView;
  requestedByUserId: string;
  /** ISO 8601 in UTC. */
  executedAt: string;
  settledAt: string | null;
  /** The platform's desk settles in the trade's own transaction, so no trade has failed. */
  failureReason: null;
}

function legView(leg: TradeLeg, walletId: number | null): OtcTradeLegView {
  const onPlatform = leg.settles.isCoin;
  return {
    currency: leg.currency,
    amount: leg.amount,
    settlement: onPlatform ? 'ON_PLATFORM' : 'OFF_PLATFORM',
    walletId: onPlatform ? walletId : null,
  };
}

/** The trade with its quote as of `now`. */
export function tradeView(trade: OtcTradeRow, quote: OtcQuoteRow, now: Date): OtcTradeView {
  const legs = tradeLegsOf(quote);
  return {
    id: trade.id,
    quote: quoteView(quote, now),
    status: trade.status.toUpperCase() as OtcTradeStatus,
    fromAmount: legs.from.amount,
    toAmount: legs.to.amount,
    fromLeg: legView(legs.from, trade.fromWalletId),
    toLeg: legView(legs.to, trade.toWalletId),
    requestedByUserId: trade.userId,
    executedAt: trade.executedAt.toISOString(),
    settledAt: trade.settledAt?.toISOString() ?? null,
    failureReason: null,
  };
}
