// Exact decimals of the SDK runtime (schema.graphql `Decimal`): `decimal()` accepts the scalar's
// form only; normalizing and comparing agree with exact integer arithmetic on random values.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareDecimals, decimal, normalizeDecimal } from '../../../sdk/src/runtime/decimal.ts';

test('decimal() brands the scalar form and refuses anything else', () => {
  assert.equal(['0', '-1.50', '94250.12'].map(decimal), ['0', '-1.50', '94250.12']);
  for (const bad of ['', '1e5', '.5', '1.', '1,000', ' 1', 'NaN', '+1']) {
    assert.throws(
      () => decimal(bad),
      (error: Error) => error.message === `not a decimal string: ${JSON.stringify(bad)}`,
    );
  }
});

test('normalizeDecimal gives one spelling per value', () => {
  assert.equal(['0100.50', '100.5', '-0.0', '0.000', '-007', '12'].map(normalizeDecimal), [
    '100.5',
    '100.5',
    '0',
    '0',
    '-7',
    '12',
  ]);
});

/** A decimal string and its value scaled to 10^-6 as a BigInt, with leading and trailing zeros thrown in. */
const decimalText = fc
  .tuple(
    fc.boolean(),
    fc.bigInt({ min: 0n, max: 10n ** 12n }),
    fc.integer({ min: 0, max: 6 }),
    fc.nat({ max: 2 }),
    fc.nat({ max: 2 }),
  )
  .map(([negative, units, places, leading, trailing]) => {
    const digits = units.toString().padStart(places + 1, '0');
    const whole = '0'.repeat(leading) + digits.slice(0, digits.length - places);
    const fraction = digits.slice(digits.length - places) + (places > 0 ? '0'.repeat(trailing) : '');
    const text = `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
    const scaled = units * 10n ** BigInt(6 - places) * (negative ? -1n : 1n);
    return { text, scaled };
  });

test('compareDecimals orders as exact arithmetic does', () => {
  fc.assert(
    fc.property(decimalText, decimalText, (a, b) => {
      const expected = a.scaled === b.scaled ? 0 : a.scaled < b.scaled ? -1 : 1;
      return Math.sign(compareDecimals(a.text, b.text)) === expected;
    }),
    { numRuns: 2000 },
  );
});

test.run();
