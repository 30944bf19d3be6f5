// The money of an OTC quote (schema.graphql `OtcQuote`; docs/trading.md#amounts), in exact
// decimals: notional = size × rate, fee = notional × fee percent / 100, each rounded half away from
// zero to 18 places (the scale of otc_quote's columns); total = notional + fee for a BUY (what the
// client pays) and notional − fee for a SELL (what the client receives), settled in the currency's
// own unit: what the client pays is rounded up to the currency's decimals, what it receives is
// rounded down, so every remainder falls to the desk and a trade settles exactly the quoted total.
// The fee amount answered is not stored: it is the distance of the total from the notional, which
// these rules make exact (the rounding of the total included), so a stored quote answers the fee it
// was priced with whatever OTC_FEE_BPS is now.
import { add, divideDecimal, multiply, parseDecimal, roundDecimal, roundDirected, subtract } from '../money/decimal.ts';
import type { OtcSide } from '../../records/trading/otc-quote-table.ts';

/** Places of otc_quote's amounts: numeric(38, 18). */
export const amountScale = 18;

export interface OtcAmounts {
  /** size × rate. */
  notional: string;
  /** |total − notional|: the desk's fee with the total's rounding. */
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

/** The places a currency of `decimals` settles in, at most what a quote stores. */
export function settlementPlaces(decimals: number): number {
  return Math.min(decimals, amountScale);
}

/** What the client pays in a currency of `decimals`: rounded up to its unit. */
export function paidAmount(value: string, decimals: number): string {
  return roundDirected(value, settlementPlaces(decimals), 'up');
}

/** What the client receives in a currency of `decimals`: rounded down to its unit. */
export function receivedAmount(value: string, decimals: number): string {
  return roundDirected(value, settlementPlaces(decimals), 'down');
}

/** A quote's total in its currency's unit: paid on a BUY, received on a SELL. */
export function settledTotal(side: OtcSide, total: string, decimals: number): string {
  return side === 'BUY' ? paidAmount(total, decimals) : receivedAmount(total, decimals);
}

/** The amounts of a quote whose total is in a currency of `totalDecimals`. */
export function otcAmounts(
  side: OtcSide,
  size: string,
  rate: string,
  feePerc: string,
  totalDecimals: number,
): OtcAmounts {
  const notional = notionalOf(size, rate);
  const fee = rounded(multiply(notional, divideDecimal(feePerc, '100', 6)));
  const total = settledTotal(side, side === 'BUY' ? add(notional, fee) : subtract(notional, fee), totalDecimals);
  return { notional, feeAmount: storedFeeAmount(side, size, rate, total), total };
}

/** The fee a stored quote was priced with: the distance of its total from its notional. */
export function storedFeeAmount(side: OtcSide, size: string, rate: string, total: string): string {
  const notional = notionalOf(size, rate);
  return side === 'BUY' ? subtract(total, notional) : subtract(notional, total);
}
