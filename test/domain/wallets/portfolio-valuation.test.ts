// Valuing a holder's holdings (src/domain/wallets/portfolio-valuation.ts; schema.graphql NetWorth,
// DigitalAsset; docs/valuation.md#the-rounding-rule): each wallet's holding is worth its balance ×
// unit price rounded to cents (the stored digital_wallet_asset.usd_value), an asset the exact sum of
// its holdings, the net worth the exact sum of the priced assets, never rounded again; largest
// first, unpriced and stale last. The property test checks it against a BigInt fixed-point
// computation written here, apart from src/ and the database, so a shared mistake cannot hide.
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

/**
 * An asset of a holder: its wallets' balances summed, and their USD values each rounded to cents
 * and summed, as digital_wallet_asset.usd_value and the aggregate's sum give them.
 */
function holding(
  symbol: string,
  balances: string | readonly string[],
  usdPrice: string | null,
  updatedAt = fresh,
): AggregateHoldingRow {
  const each = typeof balances === 'string' ? [balances] : balances;
  const cents = each.reduce((total, balance) => total + centsOf(balance, usdPrice ?? '0'), 0n);
  const summed = formatFixed(
    each.reduce((total, balance) => total + at18(balance), 0n),
    18,
  );
  return {
    symbol,
    name: `${symbol} coin`,
    decimals: 8,
    balance: summed,
    // Nothing held: everything is available.
    availableBalance: summed,
    usdValue: formatFixed(cents, 2),
    usdPrice,
    priceUpdatedAt: usdPrice === null ? null : updatedAt,
    walletIds: each.map((_balance, index) => index + 1),
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

/** One holding's balance × price at 36 places, rounded to cents: the stored usd_value. */
function centsOf(balance: string, price: string): bigint {
  return cents(at18(balance) * at18(price), 36);
}

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

/** Assets of one to three wallets each. */
const holdingsArbitrary = fc.uniqueArray(fc.stringMatching(/^[A-Z0-9]{1,6}$/), { maxLength: 12 }).chain((symbols) =>
  fc.tuple(
    ...symbols.map((symbol) =>
      fc
        .record({ balances: fc.array(decimalText, { minLength: 1, maxLength: 3 }), price: priceArbitrary })
        .map((drawn) => ({
          row: holding(symbol, drawn.balances, drawn.price?.price ?? null, drawn.price?.updatedAt),
          balances: drawn.balances,
        })),
    ),
  ),
);

test('each holding rounds on its own; the net worth is the sum of those cents, never rounded again', () => {
  // Each third of a cent rounds down to 0.00 in its wallet: three of them are worth nothing, in one
  // asset or in three, as the data layer's sum of usd_value says.
  const thirds = ['1', '1', '1'];
  const inOneAsset = valuePortfolio([holding('AAA', thirds, '0.003334')], isStale);
  assert.is(inOneAsset.usdValue, '0.00');
  assert.equal(inOneAsset.assets[0]!.balance, '3', 'the balances are summed');
  const inThree = valuePortfolio(
    [holding('AAA', '1', '0.003333'), holding('BBB', '1', '0.003334'), holding('CCC', '1', '0.003333')],
    isStale,
  );
  assert.is(inThree.usdValue, '0.00');
  assert.equal(
    inThree.breakdown.map((item) => [item.symbol, item.usdValue]),
    [
      ['AAA', '0.00'],
      ['BBB', '0.00'],
      ['CCC', '0.00'],
    ],
  );
  // Two halves of a cent each round up: 0.01 + 0.01.
  assert.is(valuePortfolio([holding('DDD', ['1', '1'], '0.005')], isStale).usdValue, '0.02');
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

test('property: the net worth is the exact sum of every current holding rounded to cents, largest asset first', () => {
  fc.assert(
    fc.property(holdingsArbitrary, (drawn) => {
      const holdings = drawn.map(({ row }) => row);
      const current = drawn.filter(
        ({ row }) => row.usdPrice !== null && row.priceUpdatedAt !== null && !isStale(row.priceUpdatedAt),
      );
      // Reference: every wallet's balance × price at 36 places, rounded to cents, then summed.
      const perAsset = current.map(({ row, balances }) =>
        balances.reduce((total, balance) => total + centsOf(balance, row.usdPrice!), 0n),
      );
      const total = perAsset.reduce((sum, value) => sum + value, 0n);
      const valued = valuePortfolio(holdings, isStale);

      assert.is(valued.usdValue, centsText(total));
      assert.is(valued.unpricedAssetCount, holdings.length - current.length);
      const expectedItems = new Map(current.map(({ row }, index) => [row.symbol, centsText(perAsset[index]!)]));
      assert.equal(
        new Map(valued.breakdown.map((item) => [item.symbol, item.usdValue])),
        expectedItems,
        "each item is the sum of its wallets' balance × price, each rounded to cents",
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
        .filter((row) => !current.some((entry) => entry.row === row))
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
