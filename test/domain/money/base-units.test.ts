// Base units to whole coins (src/domain/money/base-units.ts): exact for any size, shortest form.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { wholeUnits } from '../../../src/domain/money/base-units.ts';

test('the decimal point moves left by the coin decimals, trailing zeros dropped', () => {
  assert.equal(
    [
      wholeUnits('150000000', 8),
      wholeUnits('1000000000', 8),
      wholeUnits('5', 18),
      wholeUnits('0', 8),
      wholeUnits('123', 0),
      wholeUnits('250000000000', 6),
      wholeUnits('123456789012345678901234567890123456789012345678901234567890', 18),
    ],
    [
      '1.5',
      '10',
      '0.000000000000000005',
      '0',
      '123',
      '250000',
      '123456789012345678901234567890123456789012.34567890123456789',
    ],
  );
});

test('anything but a non-negative whole number, or impossible decimals, is a bug and throws', () => {
  for (const [amount, decimals] of [
    ['-1', 8],
    ['1.5', 8],
    ['01', 8],
    ['', 8],
    ['1', -1],
    ['1', 37],
    ['1', 1.5],
  ] as const)
    assert.throws(() => wholeUnits(amount, decimals), /not a base-unit amount|decimals must be/);
});

test.run();
