// A node's cached results follow the database's `records_changed` notifications
// (src/composition/follow-record-changes.ts; docs/caches.md#writes-from-every-path): the tags of a
// change are invalidated, and everything when the change names no tag or the listener was away
// (no payload). With Redis shared by two nodes, a write made by plain SQL drops the entries of
// exactly the wallets and holders it touched from Redis, whichever node stored them.
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createResultCache } from '../../src/cache/create-result-cache.ts';
import { closeRedisConnection, createRedisConnection, waitForRedis } from '../../src/cache/redis-connection.ts';
import type { ResultCache } from '../../src/cache/result-cache.ts';
import { resultKey } from '../../src/cache/result-key.ts';
import { followRecordChanges } from '../../src/composition/follow-record-changes.ts';
import { createDatabase } from '../../src/db/create-database.ts';
import {
  createDatabaseNotifications,
  type DatabaseNotifications,
  type NotificationHandler,
} from '../../src/db/database-notifications.ts';
import { demoOrganizationIds } from '../../src/db/seed/demo-organizations.ts';
import { seedDemoData } from '../../src/db/seed/demo-seed.ts';
import { coinPriceTag } from '../../src/domain/prices/coin-price-service.ts';
import { walletOrganizationTag, walletTag } from '../../src/domain/wallets/wallet-cache-tags.ts';
import { createLogger } from '../../src/observability/logger.ts';
import { redisTest, testRedisUrl } from '../support/test-redis.ts';
import { createTestDatabase } from '../support/test-database.ts';

const silent = createLogger('silent');
const withRedis = await redisTest('cached results following database writes through Redis');
const { aurora, meridian } = demoOrganizationIds;

/** A cache that records what it is asked to drop. */
function recordingCache() {
  const calls: (string[] | 'every')[] = [];
  const cache = {
    invalidate: async (tags: readonly string[]) => void calls.push([...tags]),
    invalidateAll: async () => void calls.push('every'),
  } as unknown as ResultCache;
  return { cache, calls };
}

/** Notifications whose handler the test calls itself. */
function handNotifications() {
  const handlers = new Map<string, NotificationHandler>();
  const notifications: DatabaseNotifications = {
    listen: async (channel, handler) => void handlers.set(channel, handler),
    close: async () => {},
  };
  return { notifications, notify: (payload: string | undefined) => handlers.get('records_changed')?.(payload) };
}

test('a change drops its tags; no payload (the listener was away), every and an unknown payload drop everything', async () => {
  const { cache, calls } = recordingCache();
  const { notifications, notify } = handNotifications();
  await followRecordChanges({ notifications, results: cache, logger: silent });
  notify(`{"table":"digital_wallet_asset","wallets":[3],"organizations":["${aurora}"],"owners":["demo-alice"]}`);
  notify('{"table":"coin_price"}');
  notify(undefined);
  notify('{"table":"digital_wallet","every":true}');
  notify('{"tabel":"digital_wallet"}');
  assert.equal(calls, [
    [walletTag(3), walletOrganizationTag(aurora), 'wallets-of-user:demo-alice'],
    [coinPriceTag],
    'every',
    'every',
    'every',
  ]);
});

withRedis(
  'two nodes on one Redis: a plain SQL write drops exactly the entries of its wallets and holders',
  async () => {
    const database = await createTestDatabase();
    const { db } = createDatabase({ url: database.url, poolSize: 2 });
    const inspector = createRedisConnection({ url: testRedisUrl, logger: silent, use: 'test inspection' });
    const keyPrefix = `test-follow-records-${process.pid}-${Date.now()}:`;
    const nodes: { results: ResultCache; notifications: DatabaseNotifications }[] = [];
    try {
      assert.ok(await waitForRedis(inspector, 5_000), `Redis answers at ${testRedisUrl}`);
      await seedDemoData(db);
      while (nodes.length < 2) {
        const results = await createResultCache({
          redisUrl: testRedisUrl,
          redisKeyPrefix: keyPrefix,
          logger: silent,
          maxBytes: 0,
        });
        const notifications = createDatabaseNotifications({ url: database.url });
        await followRecordChanges({ notifications, results, logger: silent });
        nodes.push({ results, notifications });
      }
      const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
      const entries = {
        wallet1: { key: resultKey('wallet', { id: 1 }, 'all'), tags: [walletTag(1)] },
        wallet5: { key: resultKey('wallet', { id: 5 }, 'all'), tags: [walletTag(5)] },
        auroraWorth: {
          key: resultKey('netWorth', { organizationId: aurora }, 'all'),
          tags: [walletOrganizationTag(aurora)],
        },
        meridianWorth: {
          key: resultKey('netWorth', { organizationId: meridian }, 'all'),
          tags: [walletOrganizationTag(meridian)],
        },
      };
      for (const [index, { key, tags }] of Object.values(entries).entries())
        await (index % 2 === 0 ? a : b).results.load(key, async () => ({ index }), { ttlMs: 60_000, tags });
      const stored = async (entry: { key: string }) => (await inspector.exists(`${keyPrefix}e:${entry.key}`)) === 1;
      for (const entry of Object.values(entries)) assert.ok(await stored(entry), 'stored before the write');
      // A journal posting by SQL: its projection writes wallet 1's holding (docs/ledger.md#wallet-holdings).
      await sql`SELECT ledger_deposit(1, 'BTC', 1, 'test:follow-record-changes')`.execute(db);
      const deadline = performance.now() + 5_000;
      while ((await stored(entries.wallet1)) || (await stored(entries.auroraWorth))) {
        assert.ok(performance.now() < deadline, 'the entries of wallet 1 and of Aurora left Redis within 5 s');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      assert.equal([await stored(entries.wallet5), await stored(entries.meridianWorth)], [true, true]);
    } finally {
      for (const { results, notifications } of nodes) {
        await notifications.close();
        await results.close();
      }
      const keys = await inspector.keys(`${keyPrefix}*`);
      if (keys.length > 0) await inspector.del(...keys);
      await closeRedisConnection(inspector);
      await db.destroy();
      await database.drop();
    }
  },
);

test.run();
