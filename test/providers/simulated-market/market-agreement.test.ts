// One market behind both simulators (docs/market-data.md#the-simulated-market): over six hours of
// a hand-driven clock the market data simulator's books move with the simulated market, and a fresh
// OTC quote priced from the book (src/domain/trading/otc-pricer.ts, the real pricer) agrees with a
// fresh valuation at the coin prices simulator's price within the quote's fee and the spread its
// size crosses (from the best level of the other side to the last level it takes), for buys, sells
// and a cross; and the coin price of the same instant lies inside the book's best bid and ask.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { add, compareDecimal, divideDecimal, multiply, subtract } from '../../../src/domain/money/decimal.ts';
import type { OrderBook } from '../../../src/domain/market-data/order-book-source.ts';
import type { CoinPriceLookup } from '../../../src/domain/prices/price-refresh.ts';
import { levelsFor } from '../../../src/domain/trading/order-book-walk.ts';
import { createOtcPricer } from '../../../src/domain/trading/otc-pricer.ts';
import type { TradingProductRow } from '../../../src/records/trading/trading-product-table.ts';
import { createCoinPricesSimulator } from '../../../src/providers/coin-prices/coin-prices-simulator.ts';
import type { CoinPricesProvider } from '../../../src/providers/coin-prices/coin-prices-provider.ts';
import { createMarketDataSimulator } from '../../../src/providers/market-data/market-data-simulator.ts';
import { createSimulatedMarket } from '../../../src/providers/simulated-market/simulated-market.ts';

const productIds = ['BTC-USD', 'ETH-BTC', 'ETH-USD', 'SOL-USD'];
const feeBps = 25;
let now = Date.parse('2026-06-01T00:00:00Z');
const clock = () => new Date(now);
const market = createSimulatedMarket({ seed: 11 });
const books = createMarketDataSimulator({ productIds, seed: 11, market, now: clock });

/** Each currency's decimals, as the platform's coins and ledger assets hold them. */
const decimalsOf: Record<string, number> = { BTC: 8, ETH: 18, SOL: 9, USD: 2 };
const products = new Map<string, TradingProductRow>(
  productIds.map((id) => {
    const [baseCurrency, quoteCurrency] = id.split('-') as [string, string];
    const [baseDecimals, quoteDecimals] = [decimalsOf[baseCurrency]!, decimalsOf[quoteCurrency]!];
    return [
      id,
      { id, baseCurrency, quoteCurrency, status: 'online', minSize: '0', maxSize: null, baseDecimals, quoteDecimals },
    ];
  }),
);

/** The simulator's book of the product now, as OTC pricing reads books. */
function bookOf(productId: string): OrderBook {
  const snapshot = books.snapshot(productId)!;
  const levels = (side: typeof snapshot.bids) => side.map(([price, size]) => ({ price, size }));
  return { bids: levels(snapshot.bids), asks: levels(snapshot.asks) };
}

/**
 * The spread `size` crosses on the product's book: for a buy from the best bid to the dearest ask
 * it takes, for a sell from the best ask to the cheapest bid it takes.
 */
function crossedSpread(productId: string, side: 'BUY' | 'SELL', size: string): string {
  const book = bookOf(productId);
  let remaining = size;
  let last = '0';
  for (const level of levelsFor(book, side)) {
    if (compareDecimal(remaining, '0') <= 0) break;
    [last, remaining] = [level.price, subtract(remaining, level.size)];
  }
  const other = levelsFor(book, side === 'BUY' ? 'SELL' : 'BUY')[0]!.price;
  return side === 'BUY' ? subtract(last, other) : subtract(other, last);
}

function pricerWith(prices: CoinPricesProvider) {
  return createOtcPricer({
    products: { findProduct: async (id) => products.get(id) ?? null },
    orderBooks: { book: async (id) => bookOf(id) },
    usdPrice: async (symbol): Promise<CoinPriceLookup | null> => {
      const [quote] = await prices.listPrices([symbol]);
      return quote ? { ...quote, name: symbol, stale: false } : null;
    },
    feeBps,
  });
}

/** Moves the clock by `ms` and the books with it, an update per product every 5 seconds. */
function advance(ms: number): void {
  for (let elapsed = 0; elapsed < ms; elapsed += 5_000) {
    now += 5_000;
    for (const productId of productIds) books.step(productId);
  }
}

const absolute = (value: string) => (value.startsWith('-') ? value.slice(1) : value);

/** The USD price of `base` in `quote` from the coin prices: what a valuation uses. */
async function valuationRate(prices: CoinPricesProvider, base: string, quote: string): Promise<string> {
  const [baseQuote, quoteQuote] = await prices.listPrices([base, quote]);
  return divideDecimal(baseQuote!.usdPrice, quote === 'USD' ? '1' : quoteQuote!.usdPrice, 18);
}

test('a quote from the book and a valuation at the coin prices agree within the fee and the spread', async () => {
  // The coin prices as a refresh at the start of each minute stores them: both fresh.
  const prices = createCoinPricesSimulator({ market, now: clock });
  const pricer = pricerWith(prices);
  const size = '0.5';
  let checked = 0;
  for (let round = 0; round < 6 * 60; round += 1) {
    advance(60_000);
    for (const [side, productId] of [
      ['BUY', 'BTC-USD'],
      ['SELL', 'ETH-USD'],
      ['BUY', 'SOL-USD'],
      ['SELL', 'ETH-BTC'],
    ] as const) {
      const [base, quote] = productId.split('-') as [string, string];
      const request =
        side === 'BUY' ? { fromCurrency: quote, toCurrency: base } : { fromCurrency: base, toCurrency: quote };
      const priced = await pricer.price({ ...request, side, size, sizeField: null });
      assert.is(priced.priceSource, 'book');
      const valuation = multiply(size, await valuationRate(prices, base, quote));
      // What the client pays or receives against what the holding is worth: at most the fee and
      // the spread the size crosses apart (and the 18th places both are rounded to).
      const bound = add(
        add(priced.feeAmount, multiply(size, crossedSpread(productId, side, size))),
        '0.000000000000001',
      );
      const gap = absolute(subtract(priced.total, valuation));
      assert.ok(
        compareDecimal(gap, bound) <= 0,
        `${side} ${productId} at ${clock().toISOString()}: total ${priced.total}, valuation ${valuation}, gap ${gap} > ${bound}`,
      );
      checked += 1;
    }
  }
  assert.is(checked, 6 * 60 * 4);
});

test('quoted the same second, the coin price lies inside the book, between the best bid and the best ask', async () => {
  const prices = createCoinPricesSimulator({ market, now: clock, stepMs: market.stepMs });
  for (let round = 0; round < 120; round += 1) {
    advance(30_000);
    for (const productId of ['BTC-USD', 'ETH-USD', 'SOL-USD']) {
      const [quote] = await prices.listPrices([productId.split('-')[0]!]);
      const snapshot = books.snapshot(productId)!;
      assert.ok(
        compareDecimal(snapshot.bids[0]![0], quote!.usdPrice) < 0 &&
          compareDecimal(quote!.usdPrice, snapshot.asks[0]![0]) < 0,
        `${productId} at ${clock().toISOString()}: ${snapshot.bids[0]![0]} < ${quote!.usdPrice} < ${snapshot.asks[0]![0]}`,
      );
    }
  }
});

test('the books move with the market: the middle of six hours ago is not the middle now', () => {
  const middle = () => {
    const snapshot = books.snapshot('BTC-USD')!;
    return [snapshot.bids[0]![0], snapshot.asks[0]![0]];
  };
  const before = middle();
  advance(6 * 3_600_000);
  assert.is.not(middle()[0], before[0]);
});

test.run();
