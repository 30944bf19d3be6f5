// Base units ⇄ whole coins (src/domain/money/base-units.ts): exact digit shifts at any size, the
// trailing fraction zeros dropped, and whole amounts finer than the coin's base unit refused.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { baseUnitsToWhole, wholeToBaseUnits } from '../../../src/domain/money/base-units.ts';

test('base units to whole coins', () => {
  const cases: [string, number, string][] = [
    ['150000', 8, '0.0015'],
    ['100000000', 8, '1'],
    ['4275000000', 8, '42.75'],
    ['0', 8, '0'],
    ['1', 18, '0.000000000000000001'],
    ['123', 0, '123'],
    ['1'.repeat(78), 18, `${'1'.repeat(60)}.${'1'.repeat(18)}`],
  ];
  for (const [baseUnits, decimals, whole] of cases) assert.is(baseUnitsToWhole(baseUnits, decimals), whole, baseUnits);
});

test('malformed base units, or impossible decimals, are a programming error', () => {
  for (const baseUnits of ['1.5', '-1', '01', '', '1e3'])
    assert.throws(() => baseUnitsToWhole(baseUnits, 8), /not a base-unit amount/);
  for (const decimals of [-1, 37, 1.5])
    assert.throws(() => baseUnitsToWhole('1', decimals), /decimals must be a whole number from 0 to 36/);
});

test('whole coins to base units; finer than a base unit, or not a plain decimal, is null', () => {
  const cases: [string, number, string | null][] = [
    ['42.750000000000000000', 8, '4275000000'],
    ['0.0015', 8, '150000'],
    ['0', 8, '0'],
    ['0.000000000000000000', 18, '0'],
    ['1250000', 6, '1250000000000'],
    ['0.000000001', 8, null],
    ['-1', 8, null],
    ['1e3', 8, null],
  ];
  for (const [whole, decimals, baseUnits] of cases) assert.is(wholeToBaseUnits(whole, decimals), baseUnits, whole);
});

test.run();
