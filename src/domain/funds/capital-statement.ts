// An investor's capital statement for a period, from the fund's register (docs/funds.md#capital-statements;
// docs/domain.md#funds): opening and closing balances on a NAV basis, the period's contributions,
// redemptions and fees, and the gains or losses that reconcile them. Decimal strings throughout
// (domain/money/decimal.ts), never floats:
//
//   balance at a day = units held at the end of that day × the latest NAV on or before it, in cents
//   opening          = balance at the day before the period (units dealt before it, NAV published before it)
//   closing          = balance at the period's last day
//   gains or losses  = closing − opening − contributions + redemptions + fees
//
// so `opening + contributions − redemptions − fees + gains = closing` holds exactly, and a
// statement's opening is the previous period's closing. Fees move no units: the NAV is net of
// them, so adding them back makes the gains those before fees.
import { add, compareDecimal, multiply, roundDecimal, subtract, sum } from '../money/decimal.ts';

export type CapitalMovementKind = 'subscription' | 'redemption' | 'fee';

export interface NavPoint {
  /** `YYYY-MM-DD`. */
  date: string;
  navPerUnit: string;
}

export interface CapitalMovement {
  kind: CapitalMovementKind;
  /** `YYYY-MM-DD`, the dealing day. */
  effectiveDate: string;
  /** Positive; null for a fee. */
  units: string | null;
  /** Positive cash amount in the fund's currency. */
  amount: string;
}

export interface CapitalLedger<M extends CapitalMovement = CapitalMovement> {
  /** The latest NAV before the period's first day (null: none published yet). */
  openingNav: NavPoint | null;
  /** The latest NAV on or before the period's last day (null: none published yet). */
  closingNav: NavPoint | null;
  /** Every movement dated on or before the period's last day (earlier ones make the opening units). */
  movements: readonly M[];
}

export interface StatementPeriod {
  /** `YYYY-MM-DD`, inclusive. */
  start: string;
  /** `YYYY-MM-DD`, inclusive. */
  end: string;
}

export interface CapitalStatementFigures<M extends CapitalMovement = CapitalMovement> {
  openingUnits: string;
  openingNav: NavPoint | null;
  openingBalance: string;
  contributions: string;
  redemptions: string;
  fees: string;
  gainsLosses: string;
  closingUnits: string;
  closingNav: NavPoint;
  closingBalance: string;
  /** The movements dated within the period, in the ledger's order. */
  transactions: M[];
}

/** Fraction digits of the fund's amounts (numeric(38, 2) columns). */
const moneyScale = 2;
/** Fraction digits of units (numeric(38, 8)). */
const unitScale = 8;

const money = (value: string) => roundDecimal(value, moneyScale);

/** Units a movement adds to the holding: issued by a subscription, cancelled by a redemption, none for a fee. */
function unitChange(movement: CapitalMovement): string {
  if (movement.units === null) return '0';
  return movement.kind === 'redemption'
    ? `-${movement.units}`
    : movement.kind === 'subscription'
      ? movement.units
      : '0';
}

function unitsHeld(movements: readonly CapitalMovement[], through: (date: string) => boolean): string {
  const units = sum(movements.filter((movement) => through(movement.effectiveDate)).map(unitChange));
  // The register is append-only and checked at the source; a negative holding means it is corrupt.
  if (compareDecimal(units, '0') < 0) throw new Error(`the register holds negative units (${units})`);
  return roundDecimal(units, unitScale);
}

/** Units × NAV in cents; nothing held is worth nothing, with or without a NAV. */
function balance(units: string, nav: NavPoint | null): string {
  if (compareDecimal(units, '0') === 0) return money('0');
  if (!nav) throw new Error(`units ${units} are held but the fund has published no NAV`);
  return money(multiply(units, nav.navPerUnit));
}

function totalOf(movements: readonly CapitalMovement[], kind: CapitalMovementKind): string {
  return money(sum(movements.filter((movement) => movement.kind === kind).map((movement) => movement.amount)));
}

export function computeCapitalStatement<M extends CapitalMovement>(
  ledger: CapitalLedger<M>,
  period: StatementPeriod,
): CapitalStatementFigures<M> {
  if (!ledger.closingNav) throw new Error('a capital statement needs a NAV on or before the period end');
  const inPeriod = ledger.movements.filter(
    (movement) => movement.effectiveDate >= period.start && movement.effectiveDate <= period.end,
  );
  const openingUnits = unitsHeld(ledger.movements, (date) => date < period.start);
  const closingUnits = unitsHeld(ledger.movements, (date) => date <= period.end);
  const openingBalance = balance(openingUnits, ledger.openingNav);
  const closingBalance = balance(closingUnits, ledger.closingNav);
  const contributions = totalOf(inPeriod, 'subscription');
  const redemptions = totalOf(inPeriod, 'redemption');
  const fees = totalOf(inPeriod, 'fee');
  const gainsLosses = money(
    add(subtract(subtract(closingBalance, openingBalance), contributions), add(redemptions, fees)),
  );
  return {
    openingUnits,
    openingNav: ledger.openingNav,
    openingBalance,
    contributions,
    redemptions,
    fees,
    gainsLosses,
    closingUnits,
    closingNav: ledger.closingNav,
    closingBalance,
    transactions: inPeriod,
  };
}
