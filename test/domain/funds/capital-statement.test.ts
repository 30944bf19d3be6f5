// The capital statement's figures (src/domain/funds/capital-statement.ts, docs/funds.md#capital-statements):
// exact figures on a hand-made register, and properties over random registers: the lines add up
// to the change in balance, consecutive statements chain (one's closing is the next one's
// opening, and their flows add up to the whole period's), and with a NAV that never moves and
// dealings at exactly the NAV the only gains are the fees added back.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type CapitalMovement,
  type CapitalStatementFigures,
  computeCapitalStatement,
  type NavPoint,
  type StatementPeriod,
} from '../../../src/domain/funds/capital-statement.ts';
import { add, compareDecimal, multiply, roundDecimal, subtract } from '../../../src/domain/money/decimal.ts';

/** The ledger a statement reads for a period, as the access layer selects it (fund-capital-table.ts). */
function statement(navs: NavPoint[], movements: CapitalMovement[], period: StatementPeriod) {
  const latest = (before: (date: string) => boolean) =>
    navs
      .filter((nav) => before(nav.date))
      .sort((a, b) => a.date.localeCompare(b.date))
      .at(-1) ?? null;
  return computeCapitalStatement(
    {
      openingNav: latest((date) => date < period.start),
      closingNav: latest((date) => date <= period.end),
      movements: movements.filter((movement) => movement.effectiveDate <= period.end),
    },
    period,
  );
}

const navs: NavPoint[] = [
  { date: '2025-03-31', navPerUnit: '100.00000000' },
  { date: '2025-04-15', navPerUnit: '110.00000000' },
  { date: '2025-06-30', navPerUnit: '120.50000000' },
  { date: '2025-09-30', navPerUnit: '115.00000000' },
];
const movements: CapitalMovement[] = [
  { kind: 'subscription', effectiveDate: '2025-03-31', units: '100.00000000', amount: '10000.00' },
  { kind: 'subscription', effectiveDate: '2025-04-15', units: '50.00000000', amount: '5500.00' },
  { kind: 'redemption', effectiveDate: '2025-06-30', units: '20.00000000', amount: '2410.00' },
  { kind: 'fee', effectiveDate: '2025-06-30', units: null, amount: '150.00' },
  { kind: 'fee', effectiveDate: '2025-09-30', units: null, amount: '160.00' },
];

test('a quarter with a subscription, a redemption and a fee: exact figures', () => {
  assert.equal(statement(navs, movements, { start: '2025-04-01', end: '2025-06-30' }), {
    openingUnits: '100.00000000',
    openingNav: { date: '2025-03-31', navPerUnit: '100.00000000' },
    openingBalance: '10000.00',
    contributions: '5500.00',
    redemptions: '2410.00',
    fees: '150.00',
    // 15,665.00 − 10,000.00 − 5,500.00 + 2,410.00 + 150.00
    gainsLosses: '2725.00',
    closingUnits: '130.00000000',
    closingNav: { date: '2025-06-30', navPerUnit: '120.50000000' },
    closingBalance: '15665.00',
    transactions: movements.slice(1, 4),
  });
});

test('a quarter with only a fee and a falling NAV: a loss', () => {
  const figures = statement(navs, movements, { start: '2025-07-01', end: '2025-09-30' });
  assert.equal(
    [figures.openingBalance, figures.contributions, figures.redemptions, figures.fees, figures.gainsLosses],
    ['15665.00', '0.00', '0.00', '160.00', '-555.00'],
  );
  assert.equal([figures.closingUnits, figures.closingBalance], ['130.00000000', '14950.00']);
});

test('movements on the first day are in the period; the opening is valued at the NAV before it', () => {
  const figures = statement(navs, movements, { start: '2025-03-31', end: '2025-04-15' });
  assert.equal(
    [figures.openingUnits, figures.openingNav, figures.openingBalance, figures.contributions, figures.closingBalance],
    ['0.00000000', null, '0.00', '15500.00', '16500.00'],
  );
  assert.is(figures.gainsLosses, '1000.00');
});

test('balances are units × NAV rounded half away from zero to cents', () => {
  const figures = statement(
    [
      { date: '2025-01-02', navPerUnit: '30.00000000' },
      { date: '2025-01-03', navPerUnit: '30.00015000' },
    ],
    [{ kind: 'subscription', effectiveDate: '2025-01-02', units: '33.33333333', amount: '1000.00' }],
    { start: '2025-01-01', end: '2025-01-03' },
  );
  // 33.33333333 × 30.00015 = 1000.0049999 → 1000.00; gains 0.00 though the units are worth less than paid.
  assert.equal([figures.closingBalance, figures.gainsLosses], ['1000.00', '0.00']);
  const up = statement(
    [{ date: '2025-01-02', navPerUnit: '30.00015001' }],
    [{ kind: 'subscription', effectiveDate: '2025-01-02', units: '33.33333333', amount: '1000.00' }],
    { start: '2025-01-01', end: '2025-01-02' },
  );
  assert.equal([up.closingBalance, up.gainsLosses], ['1000.01', '0.01']);
});

// ---- Properties over random registers --------------------------------------------------------

const day = (index: number) => new Date(Date.UTC(2025, 0, 1 + index)).toISOString().slice(0, 10);

/** A decimal string from an integer count of its smallest step: `(1234, 2)` → `12.34`. */
const scaled = (count: number, places: number) =>
  roundDecimal(multiply(String(count), `0.${'0'.repeat(places - 1)}1`), places);

interface Register {
  navs: NavPoint[];
  movements: CapitalMovement[];
}

/**
 * NAVs on some of 120 days (always the first), and movements on NAV days that never hold negative
 * units. `exact`: one NAV in cents for every day and whole units, so every dealing's amount is
 * exactly units × NAV and every balance is exact in cents.
 */
const register = (exact: boolean): fc.Arbitrary<Register> =>
  fc
    .record({
      navDays: fc.uniqueArray(fc.integer({ min: 1, max: 119 }), { maxLength: 20 }),
      navSteps: fc.array(fc.integer({ min: 1, max: 50_000_000 }), { minLength: 21, maxLength: 21 }),
      steps: fc.array(
        fc.record({
          nav: fc.nat(),
          kind: fc.constantFrom('subscription', 'redemption', 'fee'),
          units: fc.integer({ min: 1, max: 10_000_000_000 }),
          amountCents: fc.integer({ min: 1, max: 1_000_000_000 }),
        }),
        { maxLength: 25 },
      ),
    })
    .map(({ navDays, navSteps, steps }) => {
      const days = [0, ...navDays].sort((a, b) => a - b);
      const navs = days.map((index, position) => ({
        date: day(index),
        navPerUnit: exact ? scaled(navSteps[0]!, 2) : scaled(navSteps[position]!, 4),
      }));
      const dealt = steps
        .map((step) => ({ ...step, nav: navs[step.nav % navs.length]! }))
        .sort((a, b) => a.nav.date.localeCompare(b.nav.date));
      let held = '0';
      const movements: CapitalMovement[] = [];
      for (const step of dealt) {
        const effectiveDate = step.nav.date;
        if (step.kind === 'fee') {
          movements.push({ kind: 'fee', effectiveDate, units: null, amount: scaled(step.amountCents, 2) });
          continue;
        }
        let units = exact ? String(1 + (step.units % 1000)) : scaled(step.units, 8);
        if (step.kind === 'redemption') {
          if (compareDecimal(held, '0') === 0) continue;
          if (compareDecimal(units, held) > 0) units = held; // redeem at most what is held
        }
        const amount = exact ? roundDecimal(multiply(units, step.nav.navPerUnit), 2) : scaled(step.amountCents, 2);
        held = step.kind === 'subscription' ? add(held, units) : subtract(held, units);
        movements.push({ kind: step.kind, effectiveDate, units, amount });
      }
      return { navs, movements };
    });

/** First and last day indices of a period (days after 2025-01-01), start ≤ end. */
const span = fc
  .tuple(fc.integer({ min: 0, max: 130 }), fc.integer({ min: 0, max: 130 }))
  .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);

const periodOf = (first: number, last: number): StatementPeriod => ({ start: day(first), end: day(last) });

/** contributions − redemptions − fees + gains */
const lines = (figures: CapitalStatementFigures) =>
  add(subtract(subtract(figures.contributions, figures.redemptions), figures.fees), figures.gainsLosses);

test('property: closing − opening = contributions − redemptions − fees + gains, exactly', () => {
  fc.assert(
    fc.property(register(false), span, ({ navs: points, movements: moves }, [first, last]) => {
      const figures = statement(points, moves, periodOf(first, last));
      assert.is(subtract(figures.closingBalance, figures.openingBalance), lines(figures));
      for (const value of [figures.openingBalance, figures.closingBalance, figures.gainsLosses])
        assert.match(value, /^-?\d+\.\d{2}$/);
    }),
    { numRuns: 300 },
  );
});

test('property: consecutive statements chain, and their flows add up to the whole period’s', () => {
  fc.assert(
    fc.property(register(false), span, fc.nat(), ({ navs: points, movements: moves }, [first, last], cut) => {
      fc.pre(last > first);
      const split = first + 1 + (cut % (last - first)); // the later statement's first day
      const whole = statement(points, moves, periodOf(first, last));
      const early = statement(points, moves, periodOf(first, split - 1));
      const late = statement(points, moves, periodOf(split, last));
      assert.equal([late.openingUnits, late.openingBalance], [early.closingUnits, early.closingBalance]);
      assert.is(early.openingBalance, whole.openingBalance);
      assert.is(late.closingBalance, whole.closingBalance);
      for (const line of ['contributions', 'redemptions', 'fees', 'gainsLosses'] as const)
        assert.is(roundDecimal(add(early[line], late[line]), 2), whole[line], line);
      assert.equal([...early.transactions, ...late.transactions], whole.transactions);
    }),
    { numRuns: 300 },
  );
});

test('property: with a NAV that never moves and dealings at exactly the NAV, the gains are the fees added back', () => {
  fc.assert(
    fc.property(register(true), span, ({ navs: points, movements: moves }, [first, last]) => {
      const figures = statement(points, moves, periodOf(first, last));
      assert.is(figures.gainsLosses, figures.fees);
    }),
    { numRuns: 300 },
  );
});

test.run();
