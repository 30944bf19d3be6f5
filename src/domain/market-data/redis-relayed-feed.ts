// The market data feed shared by every node through Redis (docs/market-data.md#relay-through-redis).
// One node, the leader (a lock taken with `SET key value NX PX` and renewed), runs the upstream
// client and publishes each book event, numbered per product, on a channel; every node, the leader
// included, builds its books from the channel, so all hold the same books and hear the same events.
// A node that starts, gets Redis back, or sees a gap in a product's numbers (or numbers from a new
// leader) asks for snapshots and the leader publishes them. While its Redis subscription is down a
// node runs its own upstream connection rather than going dark, and returns to the channel after.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { closeRedisConnection, createRedisConnection, waitForRedis } from '../../cache/redis-connection.ts';
import type { MarketDataProvider } from '../../providers/market-data/market-data-provider.ts';
import { createMarketBooks } from './market-books.ts';
import type { BookEvent, MarketDataFeed } from './market-data-feed.ts';
import { readRelayMessage, type RelayMessage } from './relay-message.ts';
import { createUpstreamFeed, type UpstreamFeed } from './upstream-feed.ts';

export interface RedisRelayedFeedOptions {
  readonly provider: MarketDataProvider;
  readonly productIds: readonly string[];
  /** REDIS_URL. */
  readonly redisUrl: string;
  readonly logger: Logger;
  /** What the lock key and the channels start with. Default `wp:market-data:`. */
  readonly keyPrefix?: string;
  /** How long a leader's lock lives without renewal: a crashed leader is replaced after it. Default 10 s. */
  readonly lockTtlMs?: number;
  /** How often the lock is renewed (or, by the other nodes, tried). Default a third of `lockTtlMs`. */
  readonly renewEveryMs?: number;
  /** A snapshot asked for and not received is asked for again after this. Default 1 s. */
  readonly requestRetryMs?: number;
  /** Passed to the upstream client. */
  readonly backoff?: { initialMs?: number; maxMs?: number };
}

export type RelayRole = 'leader' | 'follower' | 'fallback' | 'closed';

export interface RedisRelayedFeed extends MarketDataFeed {
  /** What this node does now (for logs, health and tests). */
  role(): RelayRole;
}

interface ProductTrack {
  /** The leadership whose numbers the product's book follows; null before its first relayed snapshot. */
  leader: string | null;
  sequence: number;
  /** When a snapshot was last asked for, while one is awaited. */
  requestedAt: number | null;
}

/** Renews the lock only while this node holds it. */
const renewScript = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
/** Releases the lock only while this node holds it. */
const releaseScript = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export async function createRedisRelayedFeed(options: RedisRelayedFeedOptions): Promise<RedisRelayedFeed> {
  const prefix = options.keyPrefix ?? 'wp:market-data:';
  const lockKey = `${prefix}leader`;
  const eventsChannel = `${prefix}events`;
  const requestsChannel = `${prefix}requests`;
  const lockTtlMs = options.lockTtlMs ?? 10_000;
  const renewEveryMs = options.renewEveryMs ?? Math.max(1, Math.floor(lockTtlMs / 3));
  const requestRetryMs = options.requestRetryMs ?? 1_000;
  const nodeId = randomUUID();
  const log = options.logger.child({ area: 'market-data', node: nodeId });
  const books = createMarketBooks(options.productIds, options.logger);
  const tracks = new Map<string, ProductTrack>(
    books.products().map((id) => [id, { leader: null, sequence: 0, requestedAt: null }]),
  );
  const commands = createRedisConnection({ url: options.redisUrl, logger: options.logger, use: 'market data relay' });
  const subscriber = createRedisConnection({
    url: options.redisUrl,
    logger: options.logger,
    use: 'market data relay subscription',
  });

  let closed = false;
  let leading: { token: string; renewedAt: number; sequences: Map<string, number> } | null = null;
  let term = 0;
  let fallback = false;
  let subscribed = false;
  let local: UpstreamFeed | null = null;

  // The upstream connection this node runs, as the leader or in fallback.

  function ensureLocal(): UpstreamFeed {
    if (local) return local;
    local = createUpstreamFeed({
      provider: options.provider,
      productIds: books.products(),
      logger: options.logger,
      ...(options.backoff ? { backoff: options.backoff } : {}),
    });
    local.listen(onLocalEvent);
    return local;
  }

  function dropLocalUnlessNeeded(): void {
    if (!local || leading || fallback) return;
    const stopping = local;
    local = null;
    stopping.close().catch((error) => log.warn({ err: error }, 'market data: closing the upstream failed'));
  }

  function onLocalEvent(event: BookEvent): void {
    if (leading) publish(event, false);
    if (fallback) applyDirect(event);
  }

  function applyDirect(event: BookEvent): void {
    if (event.kind === 'snapshot') books.applySnapshot(event);
    else books.applyUpdate(event);
  }

  function publish(event: BookEvent, resend: boolean): void {
    if (!leading) return;
    const sequence = (leading.sequences.get(event.productId) ?? 0) + 1;
    leading.sequences.set(event.productId, sequence);
    const message: RelayMessage = { leader: leading.token, sequence, resend, event };
    commands.publish(eventsChannel, JSON.stringify(message)).catch((error) => {
      // The followers see the gap in the numbers and ask again once Redis answers.
      log.debug({ err: error, productId: event.productId }, 'market data: publishing an event failed');
    });
  }

  // What arrives on the channels.

  function onChannelMessage(channel: string, text: string): void {
    if (closed || fallback) return;
    if (channel === requestsChannel) return answerRequest(text);
    if (channel !== eventsChannel) return;
    const message = readRelayMessage(text, (id) => books.tracks(id));
    if (!message) {
      log.warn({ channel }, 'market data relay: unreadable message ignored');
      return;
    }
    const { event } = message;
    const track = tracks.get(event.productId)!;
    const follows =
      track.leader === message.leader && track.sequence + 1 === message.sequence && books.inSync(event.productId);
    if (event.kind === 'snapshot') {
      Object.assign(track, { leader: message.leader, sequence: message.sequence, requestedAt: null });
      // A snapshot sent again for another node changes nothing here when this book already follows.
      books.applySnapshot(event, { quiet: message.resend && follows });
      return;
    }
    if (follows) {
      track.sequence = message.sequence;
      books.applyUpdate(event);
      return;
    }
    books.markStale(event.productId);
    requestSnapshots([event.productId]);
  }

  function answerRequest(text: string): void {
    if (!leading || !local) return;
    let productIds: unknown;
    try {
      productIds = (JSON.parse(text) as { productIds?: unknown }).productIds;
    } catch {
      return;
    }
    if (!Array.isArray(productIds)) return;
    for (const productId of productIds) {
      if (typeof productId !== 'string' || !books.tracks(productId)) continue;
      // A product whose upstream book is stale gets its fresh snapshot published when it comes.
      if (local.inSync(productId)) publish(local.snapshot(productId)!, true);
    }
  }

  function requestSnapshots(productIds: readonly string[]): void {
    const now = Date.now();
    const asked = productIds.filter((id) => {
      const track = tracks.get(id)!;
      if (track.requestedAt !== null && now - track.requestedAt < requestRetryMs) return false;
      track.requestedAt = now;
      return true;
    });
    if (asked.length === 0 || commands.status !== 'ready') return;
    commands.publish(requestsChannel, JSON.stringify({ productIds: asked })).catch((error) => {
      log.debug({ err: error }, 'market data: asking for snapshots failed');
    });
  }

  // Redis coming and going.

  function enterFallback(): void {
    if (fallback || closed) return;
    fallback = true;
    log.warn('market data relay: Redis subscription lost; this node follows its own upstream connection meanwhile');
    const upstream = ensureLocal();
    for (const productId of books.products()) {
      books.markStale(productId);
      if (upstream.inSync(productId)) books.applySnapshot(upstream.snapshot(productId)!);
    }
  }

  async function joinChannel(): Promise<void> {
    if (closed) return;
    if (!subscribed) {
      try {
        await subscriber.subscribe(eventsChannel, requestsChannel);
        subscribed = true;
      } catch (error) {
        log.debug({ err: error }, 'market data relay: subscribing failed');
        return;
      }
    }
    const wasFallback = fallback;
    fallback = false;
    for (const [productId, track] of tracks) {
      track.leader = null;
      track.requestedAt = null;
      books.markStale(productId);
    }
    if (wasFallback) log.info('market data relay: Redis subscription back; following the relayed books');
    requestSnapshots(books.products());
    dropLocalUnlessNeeded();
  }

  subscriber.on('message', onChannelMessage);
  subscriber.on('close', () => {
    if (!closed) enterFallback();
  });
  subscriber.on('ready', () => {
    // ioredis subscribes again by itself after a reconnect; the first time is joinChannel's.
    if (subscribed || fallback) void joinChannel();
  });

  // The leader's lock.

  async function tend(): Promise<void> {
    if (closed) return;
    try {
      if (leading) {
        const renewed = await commands.eval(renewScript, 1, lockKey, nodeId, String(lockTtlMs));
        if (renewed === 1) leading.renewedAt = Date.now();
        else stepDown('the lock is held by another node');
      } else if ((await commands.set(lockKey, nodeId, 'PX', lockTtlMs, 'NX')) === 'OK') {
        becomeLeader();
      }
    } catch (error) {
      log.debug({ err: error }, 'market data relay: lock command failed');
      if (leading && Date.now() - leading.renewedAt > lockTtlMs) stepDown('the lock could not be renewed');
    }
    for (const [productId, track] of tracks) {
      if (!fallback && track.requestedAt !== null && !books.inSync(productId)) requestSnapshots([productId]);
    }
  }

  function becomeLeader(): void {
    if (closed) return;
    term += 1;
    leading = { token: `${nodeId}:${term}`, renewedAt: Date.now(), sequences: new Map() };
    log.info('market data relay: this node leads (runs the upstream connection and publishes)');
    const upstream = ensureLocal();
    // A node that was in fallback already holds upstream books: the followers get them now.
    for (const productId of books.products()) {
      if (upstream.inSync(productId)) publish(upstream.snapshot(productId)!, false);
    }
  }

  function stepDown(reason: string): void {
    if (!leading) return;
    leading = null;
    log.warn({ reason }, 'market data relay: this node no longer leads');
    dropLocalUnlessNeeded();
  }

  let tending = false;
  const timer = setInterval(() => {
    if (tending) return;
    tending = true;
    void tend().finally(() => {
      tending = false;
    });
  }, renewEveryMs);
  timer.unref();

  const [commandsReady, subscriberReady] = await Promise.all([waitForRedis(commands), waitForRedis(subscriber)]);
  if (subscriberReady) await joinChannel();
  if (!subscribed) enterFallback();
  if (commandsReady) await tend();

  return {
    products: () => books.products(),
    snapshot: (productId) => books.snapshot(productId),
    book: async (productId) => books.book(productId),
    listen: (listener) => books.listen(listener),
    role: () => (closed ? 'closed' : fallback ? 'fallback' : leading ? 'leader' : 'follower'),
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      if (leading) {
        // Handing over at once: the next node takes the lock on its next try, not after the TTL.
        await commands.eval(releaseScript, 1, lockKey, nodeId).catch(() => {});
        leading = null;
      }
      const upstream = local;
      local = null;
      await upstream?.close();
      await Promise.all([closeRedisConnection(subscriber), closeRedisConnection(commands)]);
    },
  };
}
