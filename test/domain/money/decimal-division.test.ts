// The division and number-text helpers of the decimal money module (docs/trading.md#pricing,
// #sizes): quotients rounded half away from zero to the places asked, fraction digits, and a
// number written in JSON or GraphQL syntax turned into plain decimal text exactly as written.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  decimalFromNumberText,
  divideDecimal,
  divideDecimalDown,
  fractionDigits,
} from '../../../src/domain/money/decimal.ts';

test('divideDecimal rounds half away from zero to the places asked, in shortest form', () => {
  assert.equal(
    [
      divideDecimal('1', '3', 4),
      divideDecimal('2', '3', 4),
      divideDecimal('-2', '3', 4),
      divideDecimal('3200.25', '64000.5', 18),
      divideDecimal('1.5', '0.5', 18),
      divideDecimal('0.00005', '1', 4),
    ],
    ['0.3333', '0.6667', '-0.6667', '0.050003515597534394', '3', '0.0001'],
  );
  assert.throws(() => divideDecimal('1', '0', 2), /divisor must not be zero/);
  assert.throws(() => divideDecimal('1', '2', 37), /places must be a whole number from 0 to 36/);
});

test('divideDecimalDown cuts toward zero at the places asked, with no carry from beyond them', () => {
  assert.equal(
    [
      divideDecimalDown('2', '3', 4),
      divideDecimalDown('-2', '3', 4),
      divideDecimalDown('50000', '1018.2045', 8),
      divideDecimalDown('150000', '1006.25', 8),
      divideDecimalDown('1.5', '0.5', 8),
      // 1 − 10^-40: rounding at the library's 36 places first would carry it to 1.
      divideDecimalDown(`0.${'9'.repeat(40)}`, '1', 8),
    ],
    ['0.6666', '-0.6666', '49.10604893', '149.06832298', '3', '0.99999999'],
  );
  assert.throws(() => divideDecimalDown('1', '0', 2), /divisor must not be zero/);
  assert.throws(() => divideDecimalDown('1', '2', 37), /places must be a whole number from 0 to 36/);
});

test('fractionDigits ignores trailing zeros', () => {
  assert.equal(['7', '1.250', '0.000000001', '-3.5'].map(fractionDigits), [0, 2, 9, 1]);
});

test('decimalFromNumberText expands exponents exactly and refuses anything else', () => {
  assert.equal(['0.5', '-2', '1e-7', '2.5E3', '1.23e+2', '0', '-0', '100'].map(decimalFromNumberText), [
    '0.5',
    '-2',
    '0.0000001',
    '2500',
    '123',
    '0',
    '0',
    '100',
  ]);
  assert.equal(
    ['', '.5', '5.', '+1', '01', '1e', 'NaN', 'Infinity', '0x10', '1 ', '1e61', '1e-61', '9'.repeat(101)].map(
      decimalFromNumberText,
    ),
    Array(13).fill(null),
  );
});

test.run();
