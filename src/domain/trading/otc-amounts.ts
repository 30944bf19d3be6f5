// The money of an OTC quote (schema.graphql `OtcQuote`; docs/trading.md#amounts), in exact
// decimals: notional = size × rate, fee = notional × fee percent / 100, total = notional + fee
// for a BUY (what the client pays) and notional − fee for a SELL (what the client receives).
// Each is rounded half away from zero to 18 places, the scale of otc_quote's columns, so what is
// answered is exactly what is stored; settlement in a currency's own unit is not priced here.
// The fee amount is not stored: it is total − notional (or the reverse), which these rules make
// exact, so a stored quote answers the fee it was priced with whatever OTC_FEE_BPS is now.
import { add, divideDecimal, multiply, parseDecimal, roundDecimal, subtract } from '../money/decimal.ts';
import type { OtcSide } from '../../records/trading/otc-quote-table.ts';

/** Places of otc_quote's amounts: numeric(38, 18). */
export const amountScale = 18;

export interface OtcAmounts {
  /** size × rate. */
  notional: string;
  feeAmount: string;
  total: string;
}

/** `value` rounded to the amounts' scale, in its shortest form. */
function rounded(value: string): string {
  return parseDecimal(roundDecimal(value, amountScale));
}

/** The fee percent of a fee in basis points: 25 bps is `"0.25"` (%). */
export function feePercOfBps(feeBps: number): string {
  return divideDecimal(String(feeBps), '100', 2);
}

export function notionalOf(size: string, rate: string): string {
  return rounded(multiply(size, rate));
}

export function otcAmounts(side: OtcSide, size: string, rate: string, feePerc: string): OtcAmounts {
  const notional = notionalOf(size, rate);
  const feeAmount = rounded(multiply(notional, divideDecimal(feePerc, '100', 6)));
  const total = side === 'BUY' ? add(notional, feeAmount) : subtract(notional, feeAmount);
  return { notional, feeAmount, total };
}

/** The fee a stored quote was priced with: the distance of its total from its notional. */
export function storedFeeAmount(side: OtcSide, size: string, rate: string, total: string): string {
  const notional = notionalOf(size, rate);
  return side === 'BUY' ? subtract(total, notional) : subtract(notional, total);
}
