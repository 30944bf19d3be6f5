// Pricing an OTC quote (docs/trading.md#pricing) with the products, the books and the coin prices
// given by the test: the product of the pair and side, the size checked against it, the live book
// used when there is one (side-aware, too thin a book refused with VALIDATION_FAILED naming the
// size field), else the stored USD prices (a stale or missing one refused with PROVIDER_ERROR);
// the total in the quote currency's unit (docs/trading.md#amounts), and a pair with a currency the
// platform cannot settle not quoted.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TradingProductRow } from '../../../src/records/trading/trading-product-table.ts';
import { UserFailure } from '../../../src/domain/outcomes/user-failure.ts';
import type { CoinPriceLookup } from '../../../src/domain/prices/price-refresh.ts';
import type { OrderBook } from '../../../src/domain/market-data/order-book-source.ts';
import { createOtcPricer, type PricingRequest } from '../../../src/domain/trading/otc-pricer.ts';

const product = (id: string, status: TradingProductRow['status'], minSize: string, maxSize: string | null) => {
  const [baseCurrency, quoteCurrency] = id.split('-') as [string, string];
  const decimals: Record<string, number> = { BTC: 8, ETH: 18, USD: 2, DOWN: 8 };
  return {
    id,
    baseCurrency,
    quoteCurrency,
    status,
    minSize,
    maxSize,
    baseDecimals: decimals[baseCurrency] ?? null,
    quoteDecimals: decimals[quoteCurrency] ?? null,
  };
};
const products = new Map<string, TradingProductRow>(
  [
    product('BTC-USD', 'online', '0.000100000000000000', '250.000000000000000000'),
    product('ETH-BTC', 'online', '0.001000000000000000', null),
    product('AVAX-USD', 'offline', '0.1', '200000'),
  ].map((row) => [row.id, row]),
);
const books = new Map<string, OrderBook>();
const prices = new Map<string, { usdPrice: string; stale: boolean }>([
  ['BTC', { usdPrice: '64000.5', stale: false }],
  ['ETH', { usdPrice: '3200.25', stale: false }],
]);
const lookups: string[] = [];

const pricer = createOtcPricer({
  products: { findProduct: async (id) => products.get(id) ?? null },
  orderBooks: { book: async (id) => books.get(id) ?? null },
  usdPrice: async (symbol): Promise<CoinPriceLookup | null> => {
    lookups.push(symbol);
    if (symbol === 'DOWN') throw new Error('source down');
    const found = prices.get(symbol);
    return found
      ? {
          symbol,
          name: symbol,
          marketCapUsd: null,
          marketCapRank: null,
          updatedAt: new Date('2026-03-01T12:00:00Z'),
          ...found,
        }
      : null;
  },
  feeBps: 25,
});

const request = (side: 'BUY' | 'SELL', from: string, to: string, size: string): PricingRequest => ({
  fromCurrency: from,
  toCurrency: to,
  side,
  size,
  sizeField: 'size',
});

async function failure(pricing: PricingRequest) {
  try {
    await pricer.price(pricing);
  } catch (error) {
    if (error instanceof UserFailure) return error.errors;
    throw error;
  }
  throw new Error('the request was priced');
}

test.before.each(() => {
  books.clear();
  lookups.length = 0;
});

test('without a book: the base asset’s USD price, BUY and SELL alike, fee on top or taken off, total in cents', async () => {
  assert.equal(await pricer.price(request('BUY', 'USD', 'BTC', '0.5')), {
    productId: 'BTC-USD',
    fromCurrency: 'USD',
    toCurrency: 'BTC',
    side: 'BUY',
    quoteSize: '0.5',
    exchangeRate: '64000.5',
    quoteFeePerc: '0.25',
    // 32000.25 + 80.000625, paid: rounded up to the cent.
    feeAmount: '80.01',
    total: '32080.26',
    priceSource: 'coinPrices',
  });
  // 32000.25 − 80.000625, received: rounded down.
  assert.equal((await pricer.price(request('SELL', 'BTC', 'USD', '0.5'))).total, '31920.24');
  assert.equal(lookups, ['BTC', 'BTC']);
});

test('without a book, a pair of two coins is priced at the ratio of their USD prices', async () => {
  const priced = await pricer.price(request('BUY', 'BTC', 'ETH', '2.5'));
  assert.equal(
    [priced.productId, priced.exchangeRate, priced.total],
    // 0.125321310966320575 BTC paid, rounded up to the satoshi.
    ['ETH-BTC', '0.050003515597534394', '0.12532132'],
  );
});

test('with a book, a BUY walks the asks and a SELL the bids; the coin prices are not read', async () => {
  books.set('BTC-USD', {
    asks: [
      { price: '64010', size: '0.4' },
      { price: '64020.5', size: '1.5' },
      { price: '64100', size: '3' },
    ],
    bids: [
      { price: '63990', size: '0.25' },
      { price: '63950', size: '2' },
    ],
  });
  const buy = await pricer.price(request('BUY', 'USD', 'BTC', '2'));
  assert.equal(
    [buy.exchangeRate, buy.feeAmount, buy.total, buy.priceSource],
    // 128044.75 + 320.111875 = 128364.861875, paid: 128364.87.
    ['64022.375', '320.12', '128364.87', 'book'],
  );
  const sell = await pricer.price(request('SELL', 'BTC', 'USD', '1'));
  assert.equal([sell.exchangeRate, sell.total], ['63960', '63800.1']);
  assert.equal(lookups, []);
  assert.equal(await failure(request('SELL', 'BTC', 'USD', '2.5')), [
    {
      code: 'VALIDATION_FAILED',
      message: "the BTC-USD order book's bids hold 2.25 BTC, less than the 2.5 asked: ask for a smaller size",
      field: ['size'],
    },
  ]);
});

test('pairs not traded, reversed or offline are UNSUPPORTED_ASSET', async () => {
  assert.equal(await failure(request('BUY', 'USD', 'DOGE', '1')), [
    { code: 'UNSUPPORTED_ASSET', message: 'the pair DOGE-USD is not traded', field: null },
  ]);
  assert.equal(await failure(request('BUY', 'BTC', 'USD', '1')), [
    {
      code: 'UNSUPPORTED_ASSET',
      message: 'the pair USD-BTC is not traded; on BTC-USD the base asset is BTC, so SELL BTC for USD instead',
      field: null,
    },
  ]);
  assert.equal(await failure(request('BUY', 'USD', 'AVAX', '1')), [
    { code: 'UNSUPPORTED_ASSET', message: 'AVAX-USD is offline: not quoted now', field: null },
  ]);
});

test('a pair with a currency the platform cannot settle (neither a coin nor a journal asset) is UNSUPPORTED_ASSET', async () => {
  products.set('BTC-EUR', product('BTC-EUR', 'online', '0.0001', null));
  assert.equal(await failure(request('SELL', 'BTC', 'EUR', '1')), [
    {
      code: 'UNSUPPORTED_ASSET',
      message: 'EUR is not a currency the platform settles: BTC-EUR is not quoted',
      field: null,
    },
  ]);
  products.delete('BTC-EUR');
});

test('a SELL whose total rounds to nothing in the quote currency is VALIDATION_FAILED', async () => {
  products.set('ETH-BTC', { ...products.get('ETH-BTC')!, minSize: '0' });
  // 1e-9 ETH × 0.0500035… BTC = 0.00000000005 BTC, less than a satoshi.
  assert.equal(await failure(request('SELL', 'ETH', 'BTC', '0.000000001')), [
    {
      code: 'VALIDATION_FAILED',
      message: "the quote's total rounds to nothing in BTC: ask for a larger size",
      field: ['size'],
    },
  ]);
  products.set('ETH-BTC', product('ETH-BTC', 'online', '0.001000000000000000', null));
});

test('the size must fit the product: its minimum, maximum and the base coin’s decimals', async () => {
  assert.equal(await failure(request('BUY', 'USD', 'BTC', '0.00009')), [
    { code: 'VALIDATION_FAILED', message: 'size must be at least 0.0001 BTC on BTC-USD', field: ['size'] },
  ]);
  assert.equal(await failure(request('BUY', 'USD', 'BTC', '250.00000001')), [
    { code: 'VALIDATION_FAILED', message: 'size must be at most 250 BTC on BTC-USD', field: ['size'] },
  ]);
  assert.equal(await failure({ ...request('SELL', 'BTC', 'USD', '1.000000001'), sizeField: null }), [
    { code: 'VALIDATION_FAILED', message: 'the quote size has more than the 8 decimals of BTC', field: null },
  ]);
});

test('a size or a total beyond what a quote stores (numeric(38, 18)) is VALIDATION_FAILED', async () => {
  assert.equal(await failure(request('SELL', 'ETH', 'BTC', '1'.padEnd(21, '0'))), [
    { code: 'VALIDATION_FAILED', message: 'size must have at most 20 integer digits', field: ['size'] },
  ]);
  prices.set('ETH', { usdPrice: '3200000000000', stale: false });
  assert.equal(await failure(request('SELL', 'ETH', 'BTC', '1'.padEnd(19, '0'))), [
    {
      code: 'VALIDATION_FAILED',
      message: "the quote's total would exceed 20 integer digits: ask for a smaller size",
      field: ['size'],
    },
  ]);
  prices.set('ETH', { usdPrice: '3200.25', stale: false });
});

test('a stale, missing or unreachable price is PROVIDER_ERROR, never a quote', async () => {
  prices.set('BTC', { usdPrice: '64000.5', stale: true });
  assert.equal(await failure(request('BUY', 'USD', 'BTC', '1')), [
    {
      code: 'PROVIDER_ERROR',
      message: 'the price of BTC was last updated at 2026-03-01T12:00:00.000Z and is stale',
      field: null,
    },
  ]);
  prices.delete('BTC');
  assert.equal(await failure(request('BUY', 'USD', 'BTC', '1')), [
    { code: 'PROVIDER_ERROR', message: 'no price is available for BTC', field: null },
  ]);
  products.set('DOWN-USD', product('DOWN-USD', 'online', '0', null));
  assert.equal(await failure(request('BUY', 'USD', 'DOWN', '1')), [
    { code: 'PROVIDER_ERROR', message: 'the price source cannot be reached for DOWN; retry shortly', field: null },
  ]);
  prices.set('BTC', { usdPrice: '64000.5', stale: false });
});

test.run();
