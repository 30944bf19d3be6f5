// What a fund dealing writes (src/domain/funds/dealing-plan.ts; docs/funds.md#the-capital-account):
// the units, the holding after them, and the journal amounts that leave the investor's capital
// account at the holding's value at the dealing NAV; and the refusals, thrown before anything is
// written. Expected figures are worked by hand (in cents, USD having 2 decimals).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type DealingFacts, planDealing } from '../../../src/domain/funds/dealing-plan.ts';
import type { UserError } from '../../../src/domain/outcomes/user-error.ts';
import { UserFailure } from '../../../src/domain/outcomes/user-failure.ts';

const erinInFundOne: DealingFacts = {
  kind: 'redemption',
  field: 'redemptionId',
  requestName: 'fund redemption 7',
  investorUserId: 'demo-erin',
  fundId: 1,
  amount: '10000.00',
  currency: 'USD',
  nav: { date: '2025-12-31', navPerUnit: '1243.56120000' },
  changes: [
    { kind: 'subscription', effectiveDate: '2025-03-17', units: '250.00000000' },
    { kind: 'redemption', effectiveDate: '2025-10-08', units: '25.00000000' },
  ],
  decimals: 2,
  capitalPosted: 0n,
};

const firstSubscription: DealingFacts = {
  ...erinInFundOne,
  kind: 'subscription',
  field: 'subscriptionId',
  requestName: 'fund subscription 3',
  fundId: 2,
  amount: '50000.00',
  nav: { date: '2025-12-31', navPerUnit: '1018.20450000' },
  changes: [],
};

/** The errors a plan throws. */
function refusalOf(facts: DealingFacts): UserError[] {
  try {
    planDealing(facts);
  } catch (error) {
    if (error instanceof UserFailure) return error.errors;
    throw error;
  }
  throw new Error('the plan was made');
}

test('a first subscription: the amount in, worth the amount, no revaluation', () => {
  assert.equal(planDealing(firstSubscription), {
    units: '49.10604893',
    unitsHeld: '49.10604893',
    capitalBalance: '50000.00',
    amountBaseUnits: 5_000_000n,
    revaluationBaseUnits: 0n,
  });
});

test('rounded-down units worth a cent less than the amount: the revaluation takes the cent back out', () => {
  const plan = planDealing({
    ...firstSubscription,
    amount: '100.00',
    nav: { date: '2025-12-31', navPerUnit: '987654.32100000' },
  });
  assert.equal(plan, {
    units: '0.00010124',
    unitsHeld: '0.00010124',
    capitalBalance: '99.99',
    amountBaseUnits: 10_000n,
    revaluationBaseUnits: -1n,
  });
});

test('a redemption after holdings the journal never saw: revalued to 225 units at the NAV, then paid out', () => {
  // 225 × 1,243.5612 = 279,801.27; 10,000.00 / 1,243.5612 = 8.04142168 units; what remains is
  // 216.95857832 units, worth 269,801.27; so 279,801.27 comes in and 10,000.00 goes out.
  assert.equal(planDealing(erinInFundOne), {
    units: '8.04142168',
    unitsHeld: '216.95857832',
    capitalBalance: '269801.27',
    amountBaseUnits: 1_000_000n,
    revaluationBaseUnits: 27_980_127n,
  });
  // With the account already at 279,801.27 only the NAV's cents move.
  assert.is(planDealing({ ...erinInFundOne, capitalPosted: 27_980_127n }).revaluationBaseUnits, 0n);
  // A loss since the account's last value goes out of it.
  assert.is(planDealing({ ...erinInFundOne, capitalPosted: 28_000_000n }).revaluationBaseUnits, -19_873n);
});

test('a redemption beyond the holding on its day or later is INSUFFICIENT_BALANCE', () => {
  assert.equal(refusalOf({ ...erinInFundOne, amount: '1000000.00' }), [
    {
      code: 'INSUFFICIENT_BALANCE',
      message:
        'fund redemption 7 redeems 804.14216847 units of fund 1 at the NAV per unit 1243.56120000 USD of 2025-12-31, but demo-erin holds 225.00000000 units from that day on',
      field: ['redemptionId'],
    },
  ]);
  // Dealt on a day before the first subscription, nothing is held yet.
  assert.equal(
    refusalOf({ ...erinInFundOne, nav: { date: '2025-03-01', navPerUnit: '990.00000000' } })[0]?.code,
    'INSUFFICIENT_BALANCE',
  );
});

test('an amount worth no unit is INVALID_STATE; a currency without cents is UNSUPPORTED_ASSET', () => {
  assert.equal(
    refusalOf({ ...firstSubscription, amount: '0.01', nav: { date: '2025-12-31', navPerUnit: '5000000.00000000' } }),
    [
      {
        code: 'INVALID_STATE',
        message:
          "fund subscription 3's amount 0.01 USD is less than 0.00000001 units at the NAV per unit 5000000.00000000 USD of 2025-12-31",
        field: ['subscriptionId'],
      },
    ],
  );
  assert.equal(refusalOf({ ...firstSubscription, currency: 'JPY', amount: '10.50', decimals: 0 }), [
    {
      code: 'UNSUPPORTED_ASSET',
      message:
        "the fund's currency JPY has 0 decimals in the platform's journal: 10.50 is not a whole number of its base units",
      field: ['subscriptionId'],
    },
  ]);
});

test.run();
