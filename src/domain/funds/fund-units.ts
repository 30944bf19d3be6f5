// The unit arithmetic of fund dealing (docs/funds.md#dealing; docs/domain.md#funds): the units an
// amount buys or redeems at a NAV per unit, an investor's holding from the fund's register, and
// the holding's value. Units have 8 fraction digits (fund_capital_movement.units, numeric(38, 8))
// and are rounded DOWN, as the register's existing rows are: the cash remainder of a subscription
// (less than one hundred-millionth of a unit's value) stays with the fund, and the statement shows
// it among the gains. Decimal strings, never floats.
import { compareDecimal, divideDecimalDown, multiply, roundDecimal, subtract, sum } from '../money/decimal.ts';

/** Fraction digits of units (numeric(38, 8)). */
export const unitScale = 8;
/** Fraction digits of a fund's amounts and balances (numeric(38, 2)). */
export const moneyScale = 2;

/** A register row that moved units: issued by a subscription, cancelled by a redemption. */
export interface UnitChange {
  kind: 'subscription' | 'redemption';
  /** The dealing day, `YYYY-MM-DD`. */
  effectiveDate: string;
  /** Positive. */
  units: string;
}

/** `amount / navPerUnit`, rounded down to 8 fraction digits, in that form (`"49.10605409"`). */
export function unitsForAmount(amount: string, navPerUnit: string): string {
  return roundDecimal(divideDecimalDown(amount, navPerUnit, unitScale), unitScale);
}

const signed = (change: UnitChange) => (change.kind === 'redemption' ? `-${change.units}` : change.units);

/** The units held once every change is dealt, whatever their dates. */
export function unitsHeld(changes: readonly UnitChange[]): string {
  return roundDecimal(sum(changes.map(signed)), unitScale);
}

/**
 * The most units a redemption dated `date` may cancel: the least the holding is at the end of
 * that day or of any later day with a change. A capital statement values the holding at every
 * day (docs/funds.md#the-figures), so no day on or after the redemption may be left negative.
 */
export function redeemableUnits(changes: readonly UnitChange[], date: string): string {
  let least = unitsHeld(changes.filter((change) => change.effectiveDate <= date));
  let running = least;
  for (const change of changes.filter((each) => each.effectiveDate > date)) {
    running = sum([running, signed(change)]);
    if (compareDecimal(running, least) < 0) least = running;
  }
  return roundDecimal(least, unitScale);
}

/** The holding after a dealing of `units`. */
export function unitsAfter(held: string, kind: UnitChange['kind'], units: string): string {
  return roundDecimal(kind === 'redemption' ? subtract(held, units) : sum([held, units]), unitScale);
}

/** Units × NAV in cents, half away from zero: how a capital statement values a holding. */
export function holdingValue(units: string, navPerUnit: string): string {
  return roundDecimal(multiply(units, navPerUnit), moneyScale);
}
