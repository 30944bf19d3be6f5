// What each leg of a quote's trade moves (docs/trading.md#settlement): the client pays
// `fromCurrency` (the total on a BUY, the size on a SELL) and receives `toCurrency` (the size on a
// BUY, the total on a SELL), each in its currency's unit by the rule of docs/trading.md#amounts:
// what is paid rounded up, what is received rounded down. A coin settles on the platform, in a
// wallet; any other currency the platform knows (USD) settles outside it.
import type { OtcQuoteRow, QuoteCurrency } from '../../records/trading/otc-quote-table.ts';
import { parseDecimal } from '../money/decimal.ts';
import { paidAmount, receivedAmount } from './otc-amounts.ts';

export interface TradeLeg {
  currency: string;
  /** Whole units, in the currency's unit (as stored for a currency the platform does not know). */
  amount: string;
  /** What the currency settles as: its decimals and whether a wallet holds it. */
  settles: QuoteCurrency;
}

export interface TradeLegs {
  /** What the client pays. */
  from: TradeLeg;
  /** What the client receives. */
  to: TradeLeg;
}

function leg(currency: string, settles: QuoteCurrency, amount: string, round: typeof paidAmount): TradeLeg {
  const exact = parseDecimal(amount);
  return { currency, settles, amount: settles.decimals === null ? exact : round(exact, settles.decimals) };
}

export function tradeLegsOf(quote: OtcQuoteRow): TradeLegs {
  const buy = quote.side === 'BUY';
  return {
    from: leg(quote.fromCurrency, quote.from, buy ? quote.total : quote.quoteSize, paidAmount),
    to: leg(quote.toCurrency, quote.to, buy ? quote.quoteSize : quote.total, receivedAmount),
  };
}
