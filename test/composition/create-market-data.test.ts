// The market data area of the composition root (docs/market-data.md#configuration): books of the
// trading products that are not delisted, fed by the simulator on loopback when MARKET_DATA_URL is
// unset, or by the given URL; none with MARKET_DATA=off; the close step stops the feed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../src/config/config.ts';
import { createDatabase } from '../../src/db/create-database.ts';
import { demoTradingProducts } from '../../src/db/seed/demo-market.ts';
import type { BookEvent } from '../../src/domain/market-data/market-data-feed.ts';
import { createLogger } from '../../src/observability/logger.ts';
import { createMarketDataSimulator } from '../../src/providers/market-data/market-data-simulator.ts';
import { serveMarketData } from '../../src/providers/market-data/market-data-simulator-server.ts';
import { createMarketData, orderBooksOf } from '../../src/composition/create-market-data.ts';
import { eventRecorder } from '../support/event-recorder.ts';
import { createTestDatabase } from '../support/test-database.ts';

const silent = createLogger('silent');
const database = await createTestDatabase();
const { db, pool } = createDatabase({ url: database.url });
await db.insertInto('trading_product').values(demoTradingProducts).execute();
await db.updateTable('trading_product').set({ status: 'delisted' }).where('id', '=', 'SOL-USD').execute();
const listed = ['AVAX-USD', 'BTC-USD', 'ETH-BTC', 'ETH-USD', 'USDC-USD'];

test.after(async () => {
  await pool.end();
  await database.drop();
});

test('without MARKET_DATA_URL: the simulator feeds books of every product not delisted; close stops it', async () => {
  const marketData = await createMarketData({ config: loadConfig({}), db, logger: silent });
  const feed = marketData.feed!;
  try {
    assert.equal(feed.products(), listed);
    const events = eventRecorder<BookEvent>();
    feed.listen((event) => events.record(event));
    await events.until('a book of every product', () => listed.every((id) => feed.snapshot(id) !== null));
    const book = await orderBooksOf(marketData).book('BTC-USD');
    assert.ok(book && book.bids.length > 0 && book.asks.length > 0);
  } finally {
    for (const close of marketData.closers) await close();
  }
});

test('with MARKET_DATA_URL: the client connects to that server', async () => {
  const server = await serveMarketData(createMarketDataSimulator({ productIds: ['BTC-USD'] }), { updatesPerSecond: 0 });
  const config = loadConfig({ MARKET_DATA_URL: server.url });
  const marketData = await createMarketData({ config, db, logger: silent });
  try {
    const events = eventRecorder<BookEvent>();
    marketData.feed!.listen((event) => events.record(event));
    const snapshot = await events.next('the BTC snapshot', (event) => event.productId === 'BTC-USD');
    const expected = server.simulator.snapshot('BTC-USD')!;
    assert.equal(
      snapshot.bids,
      expected.bids.map(([price, size]) => ({ price, size })),
    );
    assert.is(marketData.feed!.snapshot('ETH-USD'), null, 'a product the server does not serve has no book');
  } finally {
    for (const close of marketData.closers) await close();
    await server.close();
  }
});

test('MARKET_DATA=off keeps no books: quotes are priced from the coin prices', async () => {
  const marketData = await createMarketData({ config: loadConfig({ MARKET_DATA: 'off' }), db, logger: silent });
  assert.is(marketData.feed, null);
  assert.equal(marketData.closers, []);
  assert.is(await orderBooksOf(marketData).book('BTC-USD'), null);
});

test('MARKET_DATA must be on or off', () => {
  assert.throws(() => loadConfig({ MARKET_DATA: 'yes' }), /MARKET_DATA/);
});

test.run();
