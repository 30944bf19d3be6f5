// The simulated market (src/providers/simulated-market/; docs/market-data.md#the-simulated-market):
// every coin's price stays within its band around the base price (±2 %, ±0.05 % for stablecoins)
// and does move across it, a step at a time; a price is exactly base × (1 + move), worked out here
// with BigInt; the same seed gives the same market at the same instant, another seed another; the
// walk beneath is a path readable at any step whose increments have a standard deviation of 1.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { demoUsdPrices } from '../../../src/db/seed/demo-market.ts';
import { brownianPath } from '../../../src/providers/simulated-market/brownian-path.ts';
import { createSimulatedMarket } from '../../../src/providers/simulated-market/simulated-market.ts';

const start = Date.parse('2026-12-06T00:00:00Z');
const minute = 60_000;

/** A decimal text as units at `scale` places. */
function units(text: string, scale: number): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole! + fraction.padEnd(scale, '0'));
}

test('every coin stays within its band and crosses much of it over two days, exactly base × (1 + move)', () => {
  const market = createSimulatedMarket({ seed: 7 });
  const bands: Record<string, bigint> = { BTC: 2_000_000n, ETH: 2_000_000n, SOL: 2_000_000n, AVAX: 2_000_000n };
  Object.assign(bands, { USDT: 50_000n, USDC: 50_000n, PEPE: 2_000_000n });
  for (const [symbol, band] of Object.entries(bands)) {
    const base =
      symbol in demoUsdPrices ? demoUsdPrices[symbol as keyof typeof demoUsdPrices] : market.basePrice(symbol);
    assert.is(market.band(symbol), band, symbol);
    let [lowest, highest] = [band, -band];
    for (let sample = 0; sample < 2 * 24 * 60; sample += 1) {
      const at = new Date(start + sample * minute);
      const move = market.move(symbol, at);
      assert.ok(move >= -band && move <= band, `${symbol} moved ${move} at ${at.toISOString()}`);
      // price × 10^(scale + 8) = base × 10^scale × (10^8 + move), for a scale holding both.
      const price = market.usdPrice(symbol, at);
      assert.is(units(price, 30), units(base, 22) * (100_000_000n + move), `${symbol} ${price}`);
      [lowest, highest] = [move < lowest ? move : lowest, move > highest ? move : highest];
    }
    assert.ok(highest - lowest > band / 2n, `${symbol} crossed ${highest - lowest} of ${2n * band}`);
  }
});

test('a second moves the price by a few tenths of a basis point at most: a walk, not jumps', () => {
  const market = createSimulatedMarket({ seed: 7 });
  // One step's standard deviation is the band over √86,400: 6,804 units of 10^-8 (0.68 bp).
  let previous = market.move('BTC', new Date(start));
  let largest = 0n;
  for (let second = 1; second <= 3_600; second += 1) {
    const move = market.move('BTC', new Date(start + second * 1_000));
    const step = move > previous ? move - previous : previous - move;
    if (step > largest) largest = step;
    previous = move;
  }
  assert.ok(largest > 0n && largest <= 6n * 6_804n, `largest step ${largest}`);
  assert.is(market.move('BTC', new Date(start + 400)), market.move('BTC', new Date(start)), 'one price per step');
});

test('the same seed gives the same market at the same instant; another seed another; USD is 1', () => {
  const at = new Date('2027-03-04T05:06:07.089Z');
  const [first, second, other] = [7, 7, 8].map((seed) => createSimulatedMarket({ seed }));
  for (const symbol of ['BTC', 'ETH', 'USDC', 'PEPE']) {
    assert.is(first!.usdPrice(symbol, at), second!.usdPrice(symbol, at), symbol);
    assert.is.not(first!.usdPrice(symbol, at), other!.usdPrice(symbol, at), symbol);
  }
  assert.is(first!.usdPrice('USD', at), '1');
  assert.throws(() => createSimulatedMarket({ seed: -1 }), /seed must be a whole number from 0/);
  assert.throws(() => createSimulatedMarket({ stepMs: 0 }), /stepMs must be a positive whole number/);
});

test('the path is 0 at step 0, readable at any step, with increments of standard deviation 1', () => {
  const path = brownianPath(3, 'BTC');
  assert.is(path.at(0), 0);
  assert.throws(() => path.at(-1), /no step -1/);
  assert.throws(() => path.at(2 ** 36), /no step/);
  assert.is(path.at(1_765_000_000), brownianPath(3, 'BTC').at(1_765_000_000));
  let sumOfSquares = 0;
  let previous = path.at(1_765_000_000);
  for (let step = 1; step <= 20_000; step += 1) {
    const value = path.at(1_765_000_000 + step);
    sumOfSquares += (value - previous) ** 2;
    previous = value;
  }
  const deviation = Math.sqrt(sumOfSquares / 20_000);
  assert.ok(Math.abs(deviation - 1) < 0.05, `standard deviation ${deviation}`);
});

test.run();
