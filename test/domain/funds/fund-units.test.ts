// The unit arithmetic of fund dealing (src/domain/funds/fund-units.ts; docs/funds.md#units): units
// cut to 8 places, holdings from the register, the least holding a redemption may cancel, and a
// holding's value in cents. The figures are the demo register's (src/db/seed/demo-fund-capital.ts,
// docs/demo-data.md) and hand-worked cases.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  holdingValue,
  redeemableUnits,
  type UnitChange,
  unitsAfter,
  unitsForAmount,
  unitsHeld,
} from '../../../src/domain/funds/fund-units.ts';

const change = (kind: UnitChange['kind'], effectiveDate: string, units: string): UnitChange => ({
  kind,
  effectiveDate,
  units,
});

test('units are amount / NAV rounded down to 8 places, written with all 8', () => {
  assert.equal(
    [
      unitsForAmount('250000.00', '1000.00000000'),
      unitsForAmount('150000.00', '1006.25000000'),
      unitsForAmount('1.00', '3.00000000'),
      unitsForAmount('0.01', '5000000.00000000'),
    ],
    ['250.00000000', '149.06832298', '0.33333333', '0.00000000'],
  );
});

test('the holding sums subscriptions less redemptions, whatever their dates', () => {
  const erin = [
    change('subscription', '2025-03-17', '250.00000000'),
    change('redemption', '2025-10-08', '25.00000000'),
  ];
  assert.is(unitsHeld(erin), '225.00000000');
  assert.is(unitsHeld([]), '0.00000000');
  assert.is(unitsAfter('225.00000000', 'redemption', '8.04142168'), '216.95857832');
  assert.is(unitsAfter('0.00000000', 'subscription', '49.10604893'), '49.10604893');
});

test('a redemption may cancel at most the least the holding is on its day or any later day', () => {
  const changes = [
    change('subscription', '2025-01-01', '10'),
    change('redemption', '2025-06-01', '8'),
    change('subscription', '2025-09-01', '5'),
  ];
  assert.equal(
    ['2024-12-31', '2025-01-01', '2025-03-01', '2025-06-01', '2025-07-01', '2025-09-01', '2025-10-01'].map((date) =>
      redeemableUnits(changes, date),
    ),
    ['0.00000000', '2.00000000', '2.00000000', '2.00000000', '2.00000000', '7.00000000', '7.00000000'],
  );
});

test('a holding is worth units × NAV in cents, half away from zero', () => {
  assert.equal(
    [
      holdingValue('225.00000000', '1243.56120000'),
      holdingValue('49.10604893', '1018.20450000'),
      holdingValue('0.00010124', '987654.32100000'),
      holdingValue('0.00000000', '1243.56120000'),
    ],
    ['279801.27', '50000.00', '99.99', '0.00'],
  );
});

test.run();
