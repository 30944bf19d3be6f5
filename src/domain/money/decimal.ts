// Exact decimal arithmetic for money, prices and balances, which are decimal strings end to end
// (docs/domain.md#money): never a binary float. Sums and products are exact; rounding happens
// only where asked, half away from zero like PostgreSQL's numeric (docs/providers.md#rounding).
// bignumber.js does the arithmetic; this module fixes the one accepted text form and the rounding
// rule, so no caller configures the library on its own.
import BigNumber from 'bignumber.js';
import { AppError } from '../../errors/app-error.ts';

/**
 * Plain notation always (no exponent however large or small), half away from zero. Addition and
 * multiplication in bignumber.js are exact whatever DECIMAL_PLACES says; it bounds division only.
 */
const Exact = BigNumber.clone({ EXPONENTIAL_AT: 1e9, ROUNDING_MODE: BigNumber.ROUND_HALF_UP, DECIMAL_PLACES: 36 });

/** Exact, with division cut toward zero at DECIMAL_PLACES instead of rounded. */
const Truncating = Exact.clone({ ROUNDING_MODE: BigNumber.ROUND_DOWN });

/** The accepted text: an optional minus, digits without a leading zero, an optional fraction. */
const decimalText = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/** Longer input is refused by `parseDecimal`: numeric(38, 18) needs at most 40 characters. */
export const maxDecimalLength = 100;

/** Fraction digits of a USD amount (`numeric(38, 2)` columns). */
export const usdScale = 2;

/** Whether `value` is a decimal string in the accepted form (`"1234.56"`, `"-0.5"`, `"7"`). */
export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && value.length <= maxDecimalLength && decimalText.test(value);
}

/**
 * Checks outside input (`what` names it in the message): refuses exponents (`1e5`), `NaN`,
 * `Infinity`, `+1`, `.5`, `5.`, leading zeros, blanks and trailing text with BAD_REQUEST.
 * Returns the value in its shortest form (`"1.50"` → `"1.5"`, `"-0"` → `"0"`).
 */
export function parseDecimal(value: unknown, what = 'value'): string {
  if (!isDecimalString(value)) {
    const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value;
    throw new AppError('BAD_REQUEST', `${what} must be a decimal string such as "1234.56", got ${shown}`);
  }
  return format(exact(value));
}

export function add(left: string, right: string): string {
  return format(exact(left).plus(exact(right)));
}

export function subtract(left: string, right: string): string {
  return format(exact(left).minus(exact(right)));
}

export function multiply(left: string, right: string): string {
  return format(exact(left).times(exact(right)));
}

/** The exact sum; `"0"` for none. */
export function sum(terms: Iterable<string>): string {
  let total = new Exact(0);
  for (const term of terms) total = total.plus(exact(term));
  return format(total);
}

/**
 * `dividend / divisor` rounded half away from zero to `places` fraction digits, in its shortest
 * form: `divideDecimal("1", "3", 4)` = `"0.3333"`. Throws when `divisor` is zero.
 */
export function divideDecimal(dividend: string, divisor: string, places: number): string {
  if (!Number.isInteger(places) || places < 0 || places > 36)
    throw new Error(`divideDecimal: places must be a whole number from 0 to 36, got ${places}`);
  const by = exact(divisor);
  if (by.isZero()) throw new Error('divideDecimal: divisor must not be zero');
  return format(exact(dividend).div(by).decimalPlaces(places));
}

/**
 * `dividend / divisor` rounded toward zero to `places` fraction digits (the units a fund dealing
 * issues or redeems: docs/funds.md#dealing), in its shortest form: `divideDecimalDown("2", "3", 4)`
 * = `"0.6666"`. Throws when `divisor` is zero.
 */
export function divideDecimalDown(dividend: string, divisor: string, places: number): string {
  if (!Number.isInteger(places) || places < 0 || places > 36)
    throw new Error(`divideDecimalDown: places must be a whole number from 0 to 36, got ${places}`);
  const by = exact(divisor);
  if (by.isZero()) throw new Error('divideDecimalDown: divisor must not be zero');
  // The quotient is cut, not rounded, at 36 places too, so no digit beyond `places` can carry into it.
  return format(new Truncating(exact(dividend)).div(by).decimalPlaces(places, BigNumber.ROUND_DOWN));
}

/** Fraction digits of a decimal string: `"1.250"` has 3, `"7"` none. */
export function fractionDigits(value: string): number {
  return exact(value).decimalPlaces() ?? 0;
}

/** Longest number text `decimalFromNumberText` reads, and the largest exponent it expands. */
const maxNumberTextLength = 100;
const maxExponent = 60;
const numberText = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?(\d+))?$/;

/**
 * A number as JSON or a GraphQL literal writes it (`1.5`, `-2`, `1e-7`, `2.5E3`) in plain decimal
 * notation (`"0.0000001"`, `"2500"`), exactly as written; null for any other text, and for
 * exponents beyond ±60, whose expansion no amount needs.
 */
export function decimalFromNumberText(text: string): string | null {
  if (text.length > maxNumberTextLength) return null;
  const match = numberText.exec(text);
  if (!match || Number(match[4] ?? '0') > maxExponent) return null;
  return format(new Exact(text));
}

/** -1, 0 or 1 as `left` is less than, equal to or greater than `right`. */
export function compareDecimal(left: string, right: string): -1 | 0 | 1 {
  return exact(left).comparedTo(exact(right)) as -1 | 0 | 1;
}

/** Rounded half away from zero to exactly `places` fraction digits: `round("2.345", 2)` = `"2.35"`. */
export function roundDecimal(value: string, places: number): string {
  if (!Number.isInteger(places) || places < 0)
    throw new Error(`roundDecimal: places must be a whole number, got ${places}`);
  const rounded = exact(value).decimalPlaces(places).toFixed(places);
  // `-0.001` rounds to `-0.00`; a sign on zero means nothing in money.
  return /^-0(\.0*)?$/.test(rounded) ? rounded.slice(1) : rounded;
}

/**
 * Rounded to at most `places` fraction digits toward +∞ (`up`) or −∞ (`down`), in its shortest
 * form: `roundDirected("2.341", 2, "up")` = `"2.35"`, `roundDirected("2.349", 2, "down")` = `"2.34"`.
 * For amounts settled in a currency's own unit, where the rule says which way a remainder goes
 * (docs/trading.md#amounts), never half away from zero.
 */
export function roundDirected(value: string, places: number, direction: 'up' | 'down'): string {
  if (!Number.isInteger(places) || places < 0)
    throw new Error(`roundDirected: places must be a whole number, got ${places}`);
  const mode = direction === 'up' ? BigNumber.ROUND_CEIL : BigNumber.ROUND_FLOOR;
  return format(exact(value).decimalPlaces(places, mode));
}

/** A USD amount: two fraction digits, half away from zero. */
export function roundUsd(value: string): string {
  return roundDecimal(value, usdScale);
}

export interface Holding {
  /** Whole coins, a decimal string. */
  amount: string;
  /** USD per whole coin, a decimal string. */
  usdPrice: string;
}

/**
 * The USD value of holdings: every amount × price summed exactly, then rounded ONCE to cents,
 * so the total does not depend on how the holdings are grouped (docs/providers.md#rounding).
 */
export function usdValue(holdings: Iterable<Holding>): string {
  let total = new Exact(0);
  for (const { amount, usdPrice } of holdings) total = total.plus(exact(amount).times(exact(usdPrice)));
  return roundUsd(format(total));
}

/**
 * `part` as a percentage of `whole` (`percentOf("1", "8")` = 12.5), for the `Float` share fields
 * of schema.graphql (`NetWorthBreakdownItem.sharePerc`, `DigitalAsset.allocationPerc`): the
 * quotient is taken in decimals to 36 places and only then made a number, so the one rounding is
 * the float's own. Throws when `whole` is zero: a share of nothing is the caller's case to decide.
 */
export function percentOf(part: string, whole: string): number {
  const divisor = exact(whole);
  if (divisor.isZero()) throw new Error('percentOf: whole must not be zero');
  return exact(part).times(100).div(divisor).toNumber();
}

/**
 * Whether `value` fits a PostgreSQL `numeric(precision, scale)` column once rounded to `scale`
 * places (as PostgreSQL itself rounds on insert): at most `precision - scale` integer digits.
 */
export function fitsNumeric(value: string, precision: number, scale: number): boolean {
  const rounded = roundDecimal(value, scale);
  const integerDigits = rounded.replace(/^-/, '').split('.')[0]!;
  return integerDigits === '0' || integerDigits.length <= precision - scale;
}

function exact(value: string): BigNumber {
  // Internal values come from parseDecimal, the database or this module; anything else is a bug.
  if (typeof value !== 'string' || !decimalText.test(value)) {
    throw new Error(`not a decimal string: ${JSON.stringify(value)}`);
  }
  return new Exact(value);
}

function format(value: BigNumber): string {
  return value.isZero() ? '0' : value.toFixed();
}
