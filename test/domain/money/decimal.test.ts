// The decimal money module (docs/providers.md#rounding): the one accepted text form, exact sums
// and products, rounding half away from zero, directed rounding toward +∞ or −∞ (what an OTC trade
// pays and receives, docs/trading.md#amounts), and property tests against an independent BigInt
// fixed-point computation written here, apart from src/, so a shared mistake cannot hide.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  add,
  compareDecimal,
  fitsNumeric,
  isDecimalString,
  multiply,
  parseDecimal,
  percentOf,
  roundDecimal,
  roundDirected,
  roundUsd,
  subtract,
  sum,
  usdValue,
} from '../../../src/domain/money/decimal.ts';
import { AppError } from '../../../src/errors/app-error.ts';

/** A fixed seed: a failure reproduces; fast-check prints the counterexample. */
const runs = { seed: 20260115, numRuns: 400 };

interface Fixed {
  units: bigint;
  scale: number;
}

function toFixed(text: string): Fixed {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`reference: not a decimal ${text}`);
  const fraction = match[3] ?? '';
  const units = BigInt(match[2]! + fraction);
  return { units: match[1] ? -units : units, scale: fraction.length };
}

function rescaleExact(value: Fixed, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

/** Rounds units at `from` places to `to` places, ties away from zero. */
function roundHalfAway(units: bigint, from: number, to: number): bigint {
  const divisor = 10n ** BigInt(from - to);
  const magnitude = units < 0n ? -units : units;
  const quotient = magnitude / divisor;
  const rounded = (magnitude % divisor) * 2n >= divisor ? quotient + 1n : quotient;
  return units < 0n ? -rounded : rounded;
}

function formatFixed(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const text = scale > 0 ? `${whole}.${digits.slice(digits.length - scale)}` : whole;
  return negative ? `-${text}` : text;
}

/** Decimal strings as numeric(38, 18) holds them: up to 20 integer and 18 fraction digits. */
const decimalArbitrary = (options: { negative: boolean }) =>
  fc
    .record({
      units: fc.bigInt({ min: options.negative ? -(10n ** 38n) + 1n : 0n, max: 10n ** 38n - 1n }),
      scale: fc.integer({ min: 0, max: 18 }),
    })
    .map(({ units, scale }) => formatFixed(units, scale).replace(/^-(0(\.0+)?)$/, '$1'));

const smallDecimalArbitrary = fc
  .record({ units: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), scale: fc.integer({ min: 0, max: 6 }) })
  .map(({ units, scale }) => formatFixed(units, scale).replace(/^-(0(\.0+)?)$/, '$1'));

/** The shortest form of a reference value: no trailing fraction zeros, no sign on zero. */
function shortest(units: bigint, scale: number): string {
  if (units === 0n) return '0';
  return formatFixed(units, scale)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

function badRequest(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    assert.instance(error, AppError);
    return error as AppError;
  }
  throw new Error('expected BAD_REQUEST');
}

test('parseDecimal accepts plain decimals and returns their shortest form', () => {
  assert.is(parseDecimal('1234.56'), '1234.56');
  assert.is(parseDecimal('1.50'), '1.5');
  assert.is(parseDecimal('0.000'), '0');
  assert.is(parseDecimal('-0'), '0');
  assert.is(parseDecimal('-12.340'), '-12.34');
  assert.is(parseDecimal('0.000000000000000001'), '0.000000000000000001');
  assert.is(parseDecimal('99999999999999999999.999999999999999999'), '99999999999999999999.999999999999999999');
});

test('parseDecimal refuses exponents, NaN, Infinity, signs, blanks, stray dots and trailing text with BAD_REQUEST', () => {
  const refused = [
    '1e5',
    '1E-7',
    '1.5e3',
    'NaN',
    'Infinity',
    '-Infinity',
    '+1',
    '.5',
    '5.',
    '01',
    '-01.5',
    ' 1',
    '1 ',
    '',
    '1,5',
    '1.2.3',
    '12abc',
    '0x10',
    '١٢٣',
    '1_000',
    '-',
    '−1',
  ];
  for (const value of refused) {
    const error = badRequest(() => parseDecimal(value, 'usdPrice'));
    assert.is(error.code, 'BAD_REQUEST', value);
    assert.is(error.message, `usdPrice must be a decimal string such as "1234.56", got ${JSON.stringify(value)}`);
  }
  for (const value of [1.5, null, undefined, 10n, {}]) {
    assert.is(
      badRequest(() => parseDecimal(value)).message,
      `value must be a decimal string such as "1234.56", got ${typeof value}`,
    );
  }
  assert.is(badRequest(() => parseDecimal('1'.repeat(101))).code, 'BAD_REQUEST');
  assert.ok(isDecimalString('1'.repeat(100)));
  assert.not.ok(isDecimalString('1'.repeat(101)));
});

test('arithmetic works on the accepted form only: anything else is a programming error, not a number', () => {
  assert.throws(() => add('1e5', '1'), /not a decimal string: "1e5"/);
  assert.throws(() => multiply('1', 'NaN'), /not a decimal string: "NaN"/);
  assert.throws(() => sum(['1', ' 2']), /not a decimal string: " 2"/);
});

test('exact results where a float is wrong', () => {
  assert.is(add('0.1', '0.2'), '0.3');
  assert.is(subtract('0.3', '0.1'), '0.2');
  assert.is(multiply('1.1', '1.1'), '1.21');
  assert.is(multiply('94250.12', '0.000000012345678901234567'), '0.00116358171792282608789804');
  assert.is(
    multiply('123456789012345678901234567890', '987654321098765432109876543210.123'),
    '121932631137021795226185032733638108517285982319616115378750.47',
  );
  assert.is(sum([]), '0');
  assert.is(sum(['1.005', '2.005', '-3.01']), '0');
  assert.is(compareDecimal('2.50', '2.5'), 0);
  assert.is(compareDecimal('-1', '0.0001'), -1);
  assert.is(compareDecimal('10', '9.999'), 1);
});

test('rounding is half away from zero, to exactly the places asked, and never prints -0', () => {
  assert.is(roundUsd('2.345'), '2.35');
  assert.is(roundUsd('2.355'), '2.36');
  assert.is(roundUsd('-2.345'), '-2.35');
  assert.is(roundUsd('2.3449999999'), '2.34');
  assert.is(roundUsd('7'), '7.00');
  assert.is(roundUsd('-0.004'), '0.00');
  assert.is(roundUsd('-0.005'), '-0.01');
  assert.is(roundDecimal('0.125', 2), '0.13', 'PostgreSQL round(0.125, 2) is 0.13; half-even would give 0.12');
  assert.is(roundDecimal('1234.5', 0), '1235');
  assert.is(roundDecimal('0.0000000000000000005', 18), '0.000000000000000001');
  assert.throws(() => roundDecimal('1', -1), /places must be a whole number/);
});

test('directed rounding goes up toward +∞ or down toward −∞, to at most the places asked, shortest form', () => {
  assert.equal(
    ['2.341', '2.349', '2.34', '-2.341', '0.0000001', '7'].map((value) => [
      roundDirected(value, 2, 'up'),
      roundDirected(value, 2, 'down'),
    ]),
    [
      ['2.35', '2.34'],
      ['2.35', '2.34'],
      ['2.34', '2.34'],
      ['-2.34', '-2.35'],
      ['0.01', '0'],
      ['7', '7'],
    ],
  );
  assert.is(roundDirected('0.125321310966320575', 8, 'up'), '0.12532132');
  assert.throws(() => roundDirected('1', 1.5, 'up'), /places must be a whole number/);
});

test('property: directed rounding equals BigInt floor and ceiling at any scale', () => {
  fc.assert(
    fc.property(
      decimalArbitrary({ negative: true }),
      fc.integer({ min: 0, max: 20 }),
      fc.constantFrom<'up' | 'down'>('up', 'down'),
      (value, places, direction) => {
        const fixed = toFixed(value);
        const scale = Math.max(fixed.scale, places);
        const units = rescaleExact(fixed, scale);
        const step = 10n ** BigInt(scale - places);
        // BigInt division truncates toward zero; floor and ceiling from it.
        const truncated = units / step;
        const below = units < 0n && truncated * step !== units ? truncated - 1n : truncated;
        const expected = direction === 'down' || below * step === units ? below : below + 1n;
        assert.is(roundDirected(value, places, direction), shortest(expected, places));
      },
    ),
    runs,
  );
});

test('usdValue rounds once, after summing: the figure does not depend on grouping', () => {
  // Each line alone rounds down to 0.00; their sum is a cent and a half.
  const holdings = [
    { amount: '0.5', usdPrice: '0.01' },
    { amount: '0.5', usdPrice: '0.01' },
    { amount: '0.5', usdPrice: '0.01' },
  ];
  assert.is(usdValue(holdings), '0.02');
  assert.is(usdValue([]), '0.00');
  assert.is(usdValue([{ amount: '2.5', usdPrice: '94250.12' }]), '235625.30');
});

test('fitsNumeric follows numeric(precision, scale): integer digits after rounding to the scale', () => {
  assert.ok(fitsNumeric('99999999999999999999.999999999999999999', 38, 18));
  assert.ok(fitsNumeric('0.0000000000000000000001', 38, 18));
  assert.not.ok(fitsNumeric('100000000000000000000', 38, 18));
  assert.not.ok(fitsNumeric('99999999999999999999.9999999999999999995', 38, 18), 'rounds up to 21 integer digits');
  assert.ok(fitsNumeric('-999999999999999999999999999999999999.99', 38, 2));
  assert.ok(fitsNumeric('0.5', 4, 2));
});

test('property: the sum of holdings × prices equals an independent BigInt fixed-point computation', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.record({ amount: decimalArbitrary({ negative: true }), usdPrice: decimalArbitrary({ negative: false }) }),
        {
          maxLength: 12,
        },
      ),
      (holdings) => {
        let total = 0n; // at 36 places: 18 + 18
        for (const { amount, usdPrice } of holdings) {
          total += rescaleExact(toFixed(amount), 18) * rescaleExact(toFixed(usdPrice), 18);
        }
        const expected = formatFixed(roundHalfAway(total, 36, 2), 2).replace(/^-0\.00$/, '0.00');
        assert.is(usdValue(holdings), expected);
        const exact = sum(holdings.map(({ amount, usdPrice }) => multiply(amount, usdPrice)));
        assert.is(exact, shortest(total, 36));
        assert.is(roundUsd(exact), expected);
      },
    ),
    runs,
  );
});

test('percentOf: a share in percent, from a decimal quotient; a share of zero is refused', () => {
  assert.is(percentOf('1', '8'), 12.5);
  assert.is(percentOf('0', '5'), 0);
  assert.is(percentOf('3', '3'), 100);
  assert.is(percentOf('1', '3'), 33.333333333333336);
  assert.is(percentOf('4029192.63', '16192643.95'), 24.882858182032713);
  assert.throws(() => percentOf('1', '0'), /whole must not be zero/);
});

test('property: percentOf is the number of the quotient at 36 places, rounded half away from zero', () => {
  fc.assert(
    fc.property(
      decimalArbitrary({ negative: false }),
      decimalArbitrary({ negative: false }).filter((whole) => compareDecimal(whole, '0') > 0),
      (part, whole) => {
        const numerator = rescaleExact(toFixed(part), 18) * 100n * 10n ** 36n;
        const denominator = rescaleExact(toFixed(whole), 18);
        const quotient = numerator / denominator;
        const rounded = (numerator % denominator) * 2n >= denominator ? quotient + 1n : quotient;
        assert.is(percentOf(part, whole), Number(formatFixed(rounded, 36)));
      },
    ),
    runs,
  );
});

test('property: add, subtract and compare agree with BigInt at a common scale', () => {
  fc.assert(
    fc.property(decimalArbitrary({ negative: true }), decimalArbitrary({ negative: true }), (left, right) => {
      const a = rescaleExact(toFixed(left), 18);
      const b = rescaleExact(toFixed(right), 18);
      assert.is(add(left, right), shortest(a + b, 18));
      assert.is(subtract(left, right), shortest(a - b, 18));
      assert.is(compareDecimal(left, right), a < b ? -1 : a > b ? 1 : 0);
      assert.is(add(left, right), add(right, left));
    }),
    runs,
  );
});

test('property: roundDecimal to any scale equals BigInt rounding half away from zero', () => {
  fc.assert(
    fc.property(decimalArbitrary({ negative: true }), fc.integer({ min: 0, max: 20 }), (value, places) => {
      const fixed = toFixed(value);
      const scale = Math.max(fixed.scale, places);
      const expected = formatFixed(roundHalfAway(rescaleExact(fixed, scale), scale, places), places).replace(
        /^-(0(\.0+)?)$/,
        '$1',
      );
      assert.is(roundDecimal(value, places), expected);
    }),
    runs,
  );
});

test('property: parseDecimal round-trips every accepted string, and refuses what a float prints in exponent form', () => {
  fc.assert(
    fc.property(smallDecimalArbitrary, (value) => {
      const fixed = toFixed(value);
      assert.is(parseDecimal(value), shortest(fixed.units, fixed.scale));
      assert.is(parseDecimal(parseDecimal(value)), parseDecimal(value));
    }),
    runs,
  );
  fc.assert(
    fc.property(fc.double({ noNaN: false }), (float) => {
      const text = String(float);
      if (/e|N|I/.test(text)) assert.is(badRequest(() => parseDecimal(text)).code, 'BAD_REQUEST');
      else assert.is(compareDecimal(parseDecimal(text), text === '-0' ? '0' : text), 0);
    }),
    runs,
  );
});

test.run();
