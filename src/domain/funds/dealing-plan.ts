// What a fund dealing writes, from what it read (docs/funds.md#dealing): the units the request's
// amount issues or redeems at the dealing NAV, the holding after them, and the journal amounts of
// the investor's capital account (docs/funds.md#the-capital-account). The account carries the
// holding valued at the NAV of the investor's latest dealing, in cents: after a dealing it is
// exactly the closing balance of a capital statement whose period ends on the dealing date. So
// the request's amount moves between `world` and the account, and a revaluation moves the rest:
// the holding's gain or loss since the investor's previous dealing, the cash remainder of the
// units' rounding, and, at an investor's first dealing on the platform's journal, the value of
// what the register held before it. Expected failures are UserFailures, thrown before anything
// is written.
import { wholeToBaseUnits } from '../money/base-units.ts';
import { compareDecimal, fitsNumeric } from '../money/decimal.ts';
import { failWith } from '../outcomes/user-failure.ts';
import type { NavPoint } from './capital-statement.ts';
import {
  holdingValue,
  redeemableUnits,
  type UnitChange,
  unitsAfter,
  unitScale,
  unitsForAmount,
  unitsHeld,
} from './fund-units.ts';

export interface DealingFacts {
  kind: UnitChange['kind'];
  /** The input field naming the request (`subscriptionId`), for the errors. */
  field: string;
  /** `fund subscription 9`, for the messages. */
  requestName: string;
  investorUserId: string;
  fundId: number;
  /** The request's amount, numeric(38, 2) text. */
  amount: string;
  currency: string;
  /** The NAV of the dealing date. */
  nav: NavPoint;
  /** The investor's register rows in the fund that moved units. */
  changes: readonly UnitChange[];
  /** Decimals of the fund's currency as a journal asset. */
  decimals: number;
  /** The capital account's posted balance before the dealing, in base units. */
  capitalPosted: bigint;
}

export interface DealingPlan {
  units: string;
  unitsHeld: string;
  /** The holding's value at the dealing NAV, in cents: the capital account's balance after it. */
  capitalBalance: string;
  amountBaseUnits: bigint;
  /** Base units into (positive) or out of (negative) the capital account beside the amount. */
  revaluationBaseUnits: bigint;
}

function dealtUnits(facts: DealingFacts): string {
  const units = unitsForAmount(facts.amount, facts.nav.navPerUnit);
  const at = `at the NAV per unit ${facts.nav.navPerUnit} ${facts.currency} of ${facts.nav.date}`;
  if (compareDecimal(units, '0') === 0)
    failWith(
      'INVALID_STATE',
      `${facts.requestName}'s amount ${facts.amount} ${facts.currency} is less than 0.00000001 units ${at}`,
      facts.field,
    );
  if (!fitsNumeric(units, 38, unitScale))
    failWith(
      'INVALID_STATE',
      `${facts.requestName}'s amount is more units ${at} than the fund's register can hold`,
      facts.field,
    );
  return units;
}

function assertRedeemable(facts: DealingFacts, units: string): void {
  const redeemable = redeemableUnits(facts.changes, facts.nav.date);
  if (compareDecimal(units, redeemable) <= 0) return;
  failWith(
    'INSUFFICIENT_BALANCE',
    `${facts.requestName} redeems ${units} units of fund ${facts.fundId} at the NAV per unit ${facts.nav.navPerUnit} ${facts.currency} of ${facts.nav.date}, but ${facts.investorUserId} holds ${redeemable} units from that day on`,
    facts.field,
  );
}

function baseUnits(facts: DealingFacts, amount: string): bigint {
  const units = wholeToBaseUnits(amount, facts.decimals);
  if (units === null)
    failWith(
      'UNSUPPORTED_ASSET',
      `the fund's currency ${facts.currency} has ${facts.decimals} decimals in the platform's journal: ${amount} is not a whole number of its base units`,
      facts.field,
    );
  return BigInt(units);
}

export function planDealing(facts: DealingFacts): DealingPlan {
  const units = dealtUnits(facts);
  if (facts.kind === 'redemption') assertRedeemable(facts, units);
  const held = unitsAfter(unitsHeld(facts.changes), facts.kind, units);
  const capitalBalance = holdingValue(held, facts.nav.navPerUnit);
  const amountBaseUnits = baseUnits(facts, facts.amount);
  const balanceBaseUnits = baseUnits(facts, capitalBalance);
  const afterAmount =
    facts.kind === 'subscription' ? facts.capitalPosted + amountBaseUnits : facts.capitalPosted - amountBaseUnits;
  return {
    units,
    unitsHeld: held,
    capitalBalance,
    amountBaseUnits,
    revaluationBaseUnits: balanceBaseUnits - afterAmount,
  };
}
