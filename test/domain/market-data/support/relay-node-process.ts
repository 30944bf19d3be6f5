// A market data node in a process of its own, for the failover test that kills it with SIGKILL
// (test/domain/market-data/leader-failover.test.ts): it follows its own simulator through the
// relay on REDIS_URL under KEY_PREFIX, with the default lease, and prints its role as a JSON line
// whenever it changes.
import { createRelayedFeed } from '../../../../src/domain/market-data/relayed-feed.ts';
import { createLogger } from '../../../../src/observability/logger.ts';
import { createMarketDataProvider } from '../../../../src/providers/market-data/create-market-data-provider.ts';
import { RedisRelayBus } from '../../../../src/providers/market-data/redis-relay-bus.ts';

const silent = createLogger('silent');
const productIds = process.env.PRODUCTS!.split(',');
const provider = await createMarketDataProvider({
  productIds,
  logger: silent,
  simulator: { updatesPerSecond: 20, seed: 11 },
});
const feed = await createRelayedFeed({
  provider,
  productIds,
  bus: new RedisRelayBus({ url: process.env.REDIS_URL!, logger: silent, keyPrefix: process.env.KEY_PREFIX! }),
  logger: silent,
});
let said = '';
setInterval(() => {
  const role = feed.role();
  if (role !== said) process.stdout.write(`${JSON.stringify({ role })}\n`);
  said = role;
}, 5);
