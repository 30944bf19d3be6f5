// The coin prices simulator (docs/providers.md#coin-prices): the port's contract in process, its
// prices around the demo data's, bounded moves, and the simulator chosen when no URL is set.
import { Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { demoUsdPrices } from '../../../src/db/seed/demo-market.ts';
import { compareDecimal, multiply } from '../../../src/domain/money/decimal.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { createCoinPricesSimulator } from '../../../src/providers/coin-prices/coin-prices-simulator.ts';
import { createCoinPricesProvider } from '../../../src/providers/coin-prices/create-coin-prices-provider.ts';
import { coinPricesContract } from './coin-prices-contract.ts';

coinPricesContract('simulator in process', async () => {
  let now = new Date(0);
  return {
    provider: createCoinPricesSimulator({ now: () => now, extraSymbols: ['PEPE'] }),
    setNow: (time) => {
      now = time;
    },
    close: async () => {},
  };
});

test('every demo coin stays within ±2 % of its demo price (stablecoins ±0.05 %) over a day of steps', async () => {
  let now = Date.parse('2026-01-01T00:00:00Z');
  const simulator = createCoinPricesSimulator({ now: () => new Date(now) });
  const symbols = Object.keys(demoUsdPrices) as (keyof typeof demoUsdPrices)[];
  const seen = new Set<string>();
  for (let minute = 0; minute < 24 * 60; minute += 1) {
    now = Date.parse('2026-01-01T00:00:00Z') + minute * 60_000;
    const quotes = await simulator.listPrices(symbols);
    assert.equal(
      quotes.map((quote) => quote.symbol),
      symbols,
    );
    for (const quote of quotes) {
      const base = demoUsdPrices[quote.symbol as keyof typeof demoUsdPrices];
      const [lowFactor, highFactor] =
        quote.symbol === 'USDT' || quote.symbol === 'USDC' ? ['0.9995', '1.0005'] : ['0.98', '1.02'];
      const low = multiply(base, lowFactor);
      const high = multiply(base, highFactor);
      assert.ok(
        compareDecimal(quote.usdPrice, low) >= 0 && compareDecimal(quote.usdPrice, high) <= 0,
        `${quote.symbol} ${quote.usdPrice}`,
      );
      seen.add(`${quote.symbol}:${quote.usdPrice}`);
    }
  }
  // Prices do move: BTC takes many distinct values over a day (401 possible moves).
  assert.ok([...seen].filter((entry) => entry.startsWith('BTC:')).length > 200);
});

test('the same clock time gives the same quotes in two simulators; another step size, other update times', async () => {
  const at = () => new Date('2026-02-03T04:05:06.789Z');
  const first = await createCoinPricesSimulator({ now: at }).listPrices(['BTC', 'SOL']);
  const second = await createCoinPricesSimulator({ now: at }).listPrices(['BTC', 'SOL']);
  assert.equal(first, second);
  const hourly = await createCoinPricesSimulator({ now: at, stepMs: 3_600_000 }).listPrices(['BTC']);
  assert.equal(hourly[0]?.updatedAt, new Date('2026-02-03T04:00:00.000Z'));
  assert.throws(() => createCoinPricesSimulator({ stepMs: 0 }), /stepMs must be a positive whole number/);
});

test('without a URL the factory chooses the simulator and says so in the log', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const provider = createCoinPricesProvider({
    logger: createLogger('info', sink),
    simulator: { extraSymbols: ['ABC'] },
  });
  assert.is(provider.kind, 'simulator');
  assert.equal(
    (await provider.listPrices(['ABC'])).map((quote) => quote.symbol),
    ['ABC'],
  );
  assert.equal(
    lines.map((line) => JSON.parse(line)).map(({ provider: name, mode, msg }) => ({ name, mode, msg })),
    [{ name: 'coin-prices', mode: 'simulator', msg: 'coin prices: simulator (no URL configured)' }],
  );
});

test.run();
