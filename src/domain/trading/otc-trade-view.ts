// An executed trade as the business API answers it (schema.graphql `OtcTrade`): its quote, and the
// two legs read from it (docs/trading.md#trades). A BUY gives the quote's total of the quote
// currency and receives its size of the base asset; a SELL gives the size and receives the total.
import type { OtcTradeRow } from '../../records/trading/otc-trade-table.ts';
import type { OtcQuoteView } from './otc-quote-view.ts';

export type OtcTradeStatus = 'PENDING' | 'SETTLED' | 'FAILED';

export interface OtcTradeView {
  id: string;
  quote: OtcQuoteView;
  status: OtcTradeStatus;
  fromAmount: string;
  toAmount: string;
  requestedByUserId: string;
  /** ISO 8601 in UTC. */
  executedAt: string;
  settledAt: string | null;
  /** Settlement is not run by the service yet, so no trade has failed. */
  failureReason: null;
}

export function tradeView(trade: OtcTradeRow, quote: OtcQuoteView): OtcTradeView {
  const buy = quote.side === 'BUY';
  return {
    id: trade.id,
    quote,
    status: trade.status.toUpperCase() as OtcTradeStatus,
    fromAmount: buy ? quote.total : quote.quoteSize,
    toAmount: buy ? quote.quoteSize : quote.total,
    requestedByUserId: trade.userId,
    executedAt: trade.executedAt.toISOString(),
    settledAt: trade.settledAt?.toISOString() ?? null,
    failureReason: null,
  };
}
