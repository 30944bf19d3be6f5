// Valuing a holder's holdings (src/domain/wallets/portfolio-valuation.ts; schema.graphql NetWorth,
// DigitalAsset): the net worth is exactly the sum of balance × unit price over the priced holdings,
// rounded once to cents, each asset rounded on its own, largest first, unpriced and stale last.
// The property test checks it against a BigInt fixed-point computation written here, apart from
// src/, so a shared mistake cannot hide.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AggregateHoldingRow } from '../../../src/records/wallets/holdings-aggregate-table.ts';
import { valuePortfolio } from '../../../src/domain/wallets/portfolio-valuation.ts';

/** A fixed seed: a failure reproduces; fast-check prints the counterexample. */
const runs = { seed: 20260201, numRuns: 300 };

const fresh = new Date('2026-01-01T00:00:00Z');
const old = new Date('2025-11-01T00:00:00Z');
const isStale = (updatedAt: Date) => updatedAt.getTime() < fresh.getTime();

function holding(symbol: string, balance: string, usdPrice: string | null, updatedAt = fresh): AggregateHoldingRow {
  return {
    symbol,
    name: `${symbol} coin`,
    decimals: 8,
    balance,
    usdPrice,
    priceUpdatedAt: usdPrice === null ? null : updatedAt,
    walletIds: [1],
  };
}

/** `units / 10^scale` printed as PostgreSQL prints numeric text (trailing zeros kept). */
function formatFixed(units: bigint, scale: number): string {
  const digits = units.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  return scale > 0 ? `${whole}.${digits.slice(digits.length - scale)}` : whole;
}

/** A non-negative decimal text → units at 18 places. */
function at18(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole! + fraction.padEnd(18, '0'));
}

/** Units at `from` places → rounded half away from zero at 2 places (values here are never negative). */
function cents(units: bigint, from: number): bigint {
  const divisor = 10n ** BigInt(from - 2);
  return (units % divisor) * 2n >= divisor ? units / divisor + 1n : units / divisor;
}

const centsText = (value: bigint) => formatFixed(value, 2);

/** Decimal text as numeric(38, 18) holds a balance or a price: up to 20 integer and 18 fraction digits. */
const decimalText = fc
  .record({ units: fc.bigInt({ min: 0n, max: 10n ** 38n - 1n }), scale: fc.integer({ min: 0, max: 18 }) })
  .map(({ units, scale }) => formatFixed(units, scale));

/** Prices mostly current, some stale, some missing. */
const priceArbitrary = fc.oneof(
  { weight: 6, arbitrary: decimalText.map((price) => ({ price, updatedAt: fresh })) },
  { weight: 1, arbitrary: decimalText.map((price) => ({ price, updatedAt: old })) },
  { weight: 1, arbitrary: fc.constant(null) },
);

const holdingsArbitrary = fc
  .uniqueArray(fc.stringMatching(/^[A-Z0-9]{1,6}$/), { maxLength: 12 })
  .chain((symbols) =>
    fc.tuple(
      ...symbols.map((symbol) =>
        fc
          .record({ balance: decimalText, price: priceArbitrary })
          .map(({ balance, price }) => holding(symbol, balance, price?.price ?? null, price?.updatedAt)),
      ),
    ),
  );

test('the net worth rounds once after summing; each asset rounds on its own', () => {
  // Each third of a cent alone rounds down to 0.00; together they are a cent.
  const valued = valuePortfolio(
    [holding('AAA', '1', '0.003333'), holding('BBB', '1', '0.003334'), holding('CCC', '1', '0.003333')],
    isStale,
  );
  assert.is(valued.usdValue, '0.01');
  assert.equal(
    valued.breakdown.map((item) => [item.symbol, item.usdValue]),
    [
      ['AAA', '0.00'],
      ['BBB', '0.00'],
      ['CCC', '0.00'],
    ],
  );
});

test('stale and missing prices leave their assets unpriced and last, by symbol; shares are of the priced total', () => {
  const valued = valuePortfolio(
    [
      holding('ETH', '2', '1000'),
      holding('AVAX', '10', '30', old),
      holding('BTC', '0.5', '94250.12'),
      holding('ZZZ', '7', null),
      holding('USDC', '1000.000000000000000000', '1'),
    ],
    isStale,
  );
  assert.is(valued.usdValue, '50125.06');
  assert.is(valued.unpricedAssetCount, 2);
  assert.equal(
    valued.assets.map((asset) => [
      asset.symbol,
      asset.balance,
      asset.unitPriceUsd,
      asset.usdValue,
      asset.priceUpdatedAt,
    ]),
    [
      ['BTC', '0.5', '94250.12', '47125.06', fresh.toISOString()],
      ['ETH', '2', '1000', '2000.00', fresh.toISOString()],
      ['USDC', '1000', '1', '1000.00', fresh.toISOString()],
      ['AVAX', '10', null, null, null],
      ['ZZZ', '7', null, null, null],
    ],
  );
  assert.equal(
    valued.breakdown.map((item) => [item.symbol, item.usdValue, item.sharePerc]),
    [
      ['BTC', '47125.06', 94.01496975764219],
      ['ETH', '2000.00', 3.9900201615718762],
      ['USDC', '1000.00', 1.9950100807859381],
    ],
  );
  assert.equal(
    valued.assets.map((asset) => asset.allocationPerc),
    [94.01496975764219, 3.9900201615718762, 1.9950100807859381, null, null],
  );
});

test('holdings worth nothing give a zero net worth with zero shares, and no holdings give 0.00', () => {
  const valued = valuePortfolio([holding('AAA', '0', '5'), holding('BBB', '3', '0')], isStale);
  assert.is(valued.usdValue, '0.00');
  assert.equal(valued.breakdown, [
    { symbol: 'AAA', usdValue: '0.00', sharePerc: 0 },
    { symbol: 'BBB', usdValue: '0.00', sharePerc: 0 },
  ]);
  assert.equal(valuePortfolio([], isStale), { usdValue: '0.00', assets: [], breakdown: [], unpricedAssetCount: 0 });
});

test('property: the net worth is the exact sum of holdings × current prices, and the breakdown is largest first', () => {
  fc.assert(
    fc.property(holdingsArbitrary, (holdings) => {
      const current = holdings.filter(
        (row) => row.usdPrice !== null && row.priceUpdatedAt !== null && !isStale(row.priceUpdatedAt),
      );
      // Reference: every balance × price at 36 places, summed, then rounded once.
      const exact = current.map((row) => at18(row.balance) * at18(row.usdPrice!));
      const total = exact.reduce((sum, value) => sum + value, 0n);
      const valued = valuePortfolio(holdings, isStale);

      assert.is(valued.usdValue, centsText(cents(total, 36)));
      assert.is(valued.unpricedAssetCount, holdings.length - current.length);
      const expectedItems = new Map(current.map((row, index) => [row.symbol, centsText(cents(exact[index]!, 36))]));
      assert.equal(
        new Map(valued.breakdown.map((item) => [item.symbol, item.usdValue])),
        expectedItems,
        'each item is its balance × price rounded to cents',
      );
      // Largest first (as the cents a client reads), ties by symbol.
      for (let index = 1; index < valued.breakdown.length; index += 1) {
        const before = valued.breakdown[index - 1]!;
        const after = valued.breakdown[index]!;
        const [centsBefore, centsAfter] = [at18(before.usdValue), at18(after.usdValue)];
        assert.ok(
          centsBefore > centsAfter || (centsBefore === centsAfter && before.symbol < after.symbol),
          `${before.symbol} ${before.usdValue} before ${after.symbol} ${after.usdValue}`,
        );
      }
      // The page order is the breakdown's, then the unpriced assets by symbol.
      const unpriced = holdings
        .filter((row) => !current.includes(row))
        .map((row) => row.symbol)
        .sort();
      assert.equal(
        valued.assets.map((asset) => asset.symbol),
        [...valued.breakdown.map((item) => item.symbol), ...unpriced],
      );
      if (total > 0n) {
        const shares = valued.breakdown.reduce((sum, item) => sum + item.sharePerc, 0);
        assert.ok(Math.abs(shares - 100) < 1e-9, `shares sum to ${shares}`);
      }
    }),
    runs,
  );
});

test.run();
