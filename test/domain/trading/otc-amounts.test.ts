// The money of an OTC quote (docs/trading.md#amounts): notional = size × rate, the fee its percent
// of the notional, each to 18 places; the total notional plus fee for a BUY, rounded up to the
// currency's decimals (the client pays it), and minus it for a SELL, rounded down (the client
// receives it); the fee answered is the total's distance from the notional, and the fee read back
// from a stored quote's size, rate and total is exactly that fee (checked for arbitrary sizes,
// rates, fees and decimals against an independent BigInt computation).
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { feePercOfBps, otcAmounts, storedFeeAmount } from '../../../src/domain/trading/otc-amounts.ts';

test('fee percent of basis points', () => {
  assert.equal([0, 1, 25, 30, 1000].map(feePercOfBps), ['0', '0.01', '0.25', '0.3', '10']);
});

test('BUY pays notional plus fee, rounded up to the cent; SELL receives notional minus fee, rounded down', () => {
  // 32000.25 + 80.000625 = 32080.250625 → 32080.26; 32000.25 − 80.000625 = 31920.249375 → 31920.24.
  assert.equal(otcAmounts('BUY', '0.5', '64000.5', '0.25', 2), {
    notional: '32000.25',
    feeAmount: '80.01',
    total: '32080.26',
  });
  assert.equal(otcAmounts('SELL', '0.5', '64000.5', '0.25', 2), {
    notional: '32000.25',
    feeAmount: '80.01',
    total: '31920.24',
  });
});

test('a total already in the currency’s unit is not moved; one in satoshi rounds at the eighth place', () => {
  assert.equal(otcAmounts('BUY', '2', '100', '0.25', 2), { notional: '200', feeAmount: '0.5', total: '200.5' });
  assert.equal(otcAmounts('SELL', '2', '100', '0.25', 2), { notional: '200', feeAmount: '0.5', total: '199.5' });
  // 0.125008788993835985 + 0.000312521972484590 = 0.125321310966320575 → 0.12532132 BTC paid.
  assert.equal(otcAmounts('BUY', '2.5', '0.050003515597534394', '0.25', 8), {
    notional: '0.125008788993835985',
    feeAmount: '0.000312531006164015',
    total: '0.12532132',
  });
});

test('amounts beyond 18 places are rounded half away from zero', () => {
  assert.equal(otcAmounts('BUY', '2.5', '0.050003515597534394', '0.25', 18), {
    // 2.5 × 0.050003515597534394 = 0.125008788993835985 exactly
    notional: '0.125008788993835985',
    // 0.000312521972484589962… → …590
    feeAmount: '0.00031252197248459',
    total: '0.125321310966320575',
  });
});

test('a fee of zero leaves the total at the notional', () => {
  assert.equal(otcAmounts('SELL', '3', '100.1', '0', 2), { notional: '300.3', feeAmount: '0', total: '300.3' });
});

/** An independent fixed-point computation: value × 10^18 as a BigInt, rounded half up. */
function scaled(units: bigint, scale: number): bigint {
  const shift = BigInt(scale - 18);
  if (shift <= 0n) return units * 10n ** -shift;
  const divisor = 10n ** shift;
  return (units + divisor / 2n) / divisor;
}
const text = (units: bigint, scale: number) => {
  const digits = units.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
};

/** `units` at 18 places cut to `decimals` places, toward +∞ (`up`) or −∞, still at 18 places. */
function directed(units: bigint, decimals: number, direction: 'up' | 'down'): bigint {
  const step = 10n ** BigInt(18 - decimals);
  const floor = (units / step) * step; // units ≥ 0 here: BigInt division truncates toward zero
  return direction === 'down' || floor === units ? floor : floor + step;
}

test('the stored fee is the priced fee, and both match an independent computation', () => {
  fc.assert(
    fc.property(
      fc.bigInt({ min: 1n, max: 10n ** 14n }),
      fc.bigInt({ min: 1n, max: 10n ** 16n }),
      fc.integer({ min: 0, max: 1000 }),
      fc.constantFrom<'BUY' | 'SELL'>('BUY', 'SELL'),
      fc.integer({ min: 0, max: 18 }),
      (sizeUnits, rateUnits, feeBps, side, decimals) => {
        const [size, rate] = [text(sizeUnits, 8), text(rateUnits, 6)];
        const priced = otcAmounts(side, size, rate, feePercOfBps(feeBps), decimals);
        const notional = scaled(sizeUnits * rateUnits, 14);
        const fee = scaled(notional * BigInt(feeBps), 22);
        const total =
          side === 'BUY' ? directed(notional + fee, decimals, 'up') : directed(notional - fee, decimals, 'down');
        assert.is(priced.notional, text(notional, 18));
        assert.is(priced.total, text(total, 18));
        assert.is(priced.feeAmount, text(side === 'BUY' ? total - notional : notional - total, 18));
        assert.is(storedFeeAmount(side, size, rate, priced.total), priced.feeAmount);
      },
    ),
    { seed: 20260301, numRuns: 300 },
  );
});

test.run();
