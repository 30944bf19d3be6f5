// The market data feed shared by every node through a relay bus (docs/market-data.md#relay-through-redis;
// the bus is Redis, relay-bus.ts). One node, the leader (it holds the bus's lock: leader-lease.ts),
// runs the upstream client and publishes each book event, numbered per product and marked with its
// leadership's epoch, on the events channel; a message of an older epoch than one seen is a stale
// leader's and is ignored; every node, the leader included, builds its books from the channel, so all hold the same
// books and hear the same events. A node that starts, gets its subscription back, or sees a gap in a
// product's numbers (or numbers from a new leader) asks for snapshots and the leader publishes them.
// While its subscription is down a node runs its own upstream connection rather than going dark,
// and returns to the channel after.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { MarketDataProvider } from '../../providers/market-data/market-data-provider.ts';
import { LeaderLease } from './leader-lease.ts';
import { createMarketBooks, type MarketBooks } from './market-books.ts';
import type { BookEvent, BookSnapshotEvent, MarketDataFeed } from './market-data-feed.ts';
import type { OrderBook } from './order-book-source.ts';
import type { RelayBus, RelayChannel } from './relay-bus.ts';
import { readRelayMessage, readSnapshotRequest, type RelayMessage, snapshotRequest } from './relay-message.ts';
import { createUpstreamFeed, type UpstreamFeed } from './upstream-feed.ts';

export interface RelayedFeedOptions {
  readonly provider: MarketDataProvider;
  readonly productIds: readonly string[];
  /** The bus the nodes share (REDIS_URL). */
  readonly bus: RelayBus;
  readonly logger: Logger;
  /** How long a leader's lock lives without renewal: a crashed leader is replaced after it. Default 800 ms. */
  readonly lockTtlMs?: number;
  /** How often the lock is renewed (or, by the other nodes, tried). Default a quarter of `lockTtlMs`. */
  readonly renewEveryMs?: number;
  /** A snapshot asked for and not received is asked for again after this. Default 1 s. */
  readonly requestRetryMs?: number;
  /** Passed to the upstream client. */
  readonly backoff?: { initialMs?: number; maxMs?: number };
}

export type RelayRole = 'leader' | 'follower' | 'fallback' | 'closed';

export interface RelayedFeed extends MarketDataFeed {
  /** What this node does now (for logs, health and tests). */
  role(): RelayRole;
}

/** Starts this node's feed: it follows the channel (or its own upstream) and has tried the lock once. */
export async function createRelayedFeed(options: RelayedFeedOptions): Promise<RelayedFeed> {
  const node = new RelayNode(options);
  await node.start();
  return node;
}

interface ProductTrack {
  /** The leadership whose numbers the product's book follows; null before its first relayed snapshot. */
  leader: string | null;
  sequence: number;
  /** When a snapshot was last asked for, while one is awaited. */
  requestedAt: number | null;
}

/** This node's leadership: its token (node id and epoch) and the last number it gave each product. */
interface Leadership {
  readonly token: string;
  readonly epoch: number;
  readonly sequences: Map<string, number>;
}

class RelayNode implements RelayedFeed {
  readonly #options: RelayedFeedOptions;
  readonly #bus: RelayBus;
  readonly #lease: LeaderLease;
  readonly #requestRetryMs: number;
  readonly #nodeId = randomUUID();
  readonly #log: Logger;
  readonly #books: MarketBooks;
  readonly #tracks: Map<string, ProductTrack>;
  readonly #timer: NodeJS.Timeout;
  #closed = false;
  #leading: Leadership | null = null;
  /** The newest leadership's epoch this node has seen (its own included). */
  #epochSeen = 0;
  #fallback = false;
  #subscribed = false;
  /** The upstream connection this node runs, as the leader or in fallback. */
  #local: UpstreamFeed | null = null;

  constructor(options: RelayedFeedOptions) {
    this.#options = options;
    this.#bus = options.bus;
    this.#requestRetryMs = options.requestRetryMs ?? 1_000;
    this.#log = options.logger.child({ area: 'market-data', node: this.#nodeId });
    this.#books = createMarketBooks(options.productIds, options.logger);
    this.#tracks = new Map(this.#books.products().map((id) => [id, { leader: null, sequence: 0, requestedAt: null }]));
    this.#bus.listen({
      message: (channel, text) => this.#onChannelMessage(channel, text),
      subscriptionLost: () => {
        if (!this.#closed) this.#enterFallback();
      },
      // The bus subscribes again by itself after a reconnect; the first time is #joinChannel's.
      subscriptionReady: () => {
        if (this.#subscribed || this.#fallback) void this.#joinChannel();
      },
    });
    const ttlMs = options.lockTtlMs ?? 800;
    this.#lease = new LeaderLease({
      bus: this.#bus,
      holder: this.#nodeId,
      ttlMs,
      beatMs: options.renewEveryMs ?? Math.max(1, Math.floor(ttlMs / 4)),
      log: this.#log,
      gained: (epoch) => this.#becomeLeader(epoch),
      lost: (reason) => this.#stepDown(reason),
    });
    // A quarter of the retry time: a request is repeated between one and 1.25 times that after the last.
    this.#timer = setInterval(() => this.#repeatRequests(), Math.max(1, Math.floor(this.#requestRetryMs / 4)));
    this.#timer.unref();
  }

  async start(): Promise<void> {
    const ready = await this.#bus.connect();
    if (ready.subscription) await this.#joinChannel();
    if (!this.#subscribed) this.#enterFallback();
    if (ready.commands) await this.#lease.tryNow();
  }

  products(): readonly string[] {
    return this.#books.products();
  }

  snapshot(productId: string): BookSnapshotEvent | null {
    return this.#books.snapshot(productId);
  }

  async book(productId: string): Promise<OrderBook | null> {
    return this.#books.book(productId);
  }

  listen(listener: (event: BookEvent) => void): () => void {
    return this.#books.listen(listener);
  }

  role(): RelayRole {
    if (this.#closed) return 'closed';
    if (this.#fallback) return 'fallback';
    return this.#leading ? 'leader' : 'follower';
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#timer);
    // Handing over at once: the next node takes the lock on its next try, not after the TTL.
    await this.#lease.close();
    this.#leading = null;
    const upstream = this.#local;
    this.#local = null;
    await upstream?.close();
    await this.#bus.close();
  }

  // The upstream connection this node runs, as the leader or in fallback.

  #ensureLocal(): UpstreamFeed {
    if (this.#local) return this.#local;
    const local = createUpstreamFeed({
      provider: this.#options.provider,
      productIds: this.#books.products(),
      logger: this.#options.logger,
      ...(this.#options.backoff ? { backoff: this.#options.backoff } : {}),
    });
    this.#local = local;
    local.listen((event) => this.#onLocalEvent(event));
    return local;
  }

  #dropLocalUnlessNeeded(): void {
    if (!this.#local || this.#leading || this.#fallback) return;
    const stopping = this.#local;
    this.#local = null;
    stopping.close().catch((error) => this.#log.warn({ err: error }, 'market data: closing the upstream failed'));
  }

  #onLocalEvent(event: BookEvent): void {
    if (this.#leading) this.#publish(event, false);
    if (this.#fallback) this.#applyDirect(event);
  }

  #applyDirect(event: BookEvent): void {
    if (event.kind === 'snapshot') this.#books.applySnapshot(event);
    else this.#books.applyUpdate(event);
  }

  #publish(event: BookEvent, resend: boolean): void {
    // Asked before every message: a lease that lapsed (even while this event loop was blocked)
    // ends the leadership here, before a message another leader's could interleave with.
    if (!this.#leading || !this.#lease.valid()) return;
    const leading = this.#leading;
    const sequence = (leading.sequences.get(event.productId) ?? 0) + 1;
    leading.sequences.set(event.productId, sequence);
    const message: RelayMessage = { leader: leading.token, epoch: leading.epoch, sequence, resend, event };
    this.#bus.publish('events', JSON.stringify(message)).catch((error) => {
      // The followers see the gap in the numbers and ask again once the bus answers.
      this.#log.debug({ err: error, productId: event.productId }, 'market data: publishing an event failed');
    });
  }

  // What arrives on the channels.

  #onChannelMessage(channel: RelayChannel, text: string): void {
    if (this.#closed || this.#fallback) return;
    if (channel === 'requests') return this.#answerRequest(text);
    const message = readRelayMessage(text, (id) => this.#books.tracks(id));
    if (!message) {
      this.#log.warn({ channel }, 'market data relay: unreadable message ignored');
      return;
    }
    if (this.#fromStaleLeader(message)) return;
    this.#follow(message);
  }

  /** A message of an older leadership than one already heard from (its lease lapsed, its messages were late). */
  #fromStaleLeader(message: RelayMessage): boolean {
    if (message.epoch < this.#epochSeen) {
      this.#log.debug(
        { epoch: message.epoch, newest: this.#epochSeen },
        'market data relay: a stale leader’s message ignored',
      );
      return true;
    }
    this.#epochSeen = message.epoch;
    // Only a lapsed lease lets another node lead: this one must already have stopped; to be sure, it stops.
    if (this.#leading && message.epoch > this.#leading.epoch) this.#lease.giveUp('a newer leadership publishes');
    return false;
  }

  /** Applies a relayed event that follows the product's numbers; else asks for a fresh snapshot. */
  #follow(message: RelayMessage): void {
    const { event } = message;
    const track = this.#tracks.get(event.productId)!;
    const follows =
      track.leader === message.leader && track.sequence + 1 === message.sequence && this.#books.inSync(event.productId);
    if (event.kind === 'snapshot') {
      Object.assign(track, { leader: message.leader, sequence: message.sequence, requestedAt: null });
      // A snapshot sent again for another node changes nothing here when this book already follows.
      this.#books.applySnapshot(event, { quiet: message.resend && follows });
      return;
    }
    if (follows) {
      track.sequence = message.sequence;
      this.#books.applyUpdate(event);
      return;
    }
    this.#books.markStale(event.productId);
    this.#requestSnapshots([event.productId]);
  }

  #answerRequest(text: string): void {
    const local = this.#local;
    if (!this.#leading || !local) return;
    for (const productId of readSnapshotRequest(text, (id) => this.#books.tracks(id))) {
      // A product whose upstream book is stale gets its fresh snapshot published when it comes.
      if (local.inSync(productId)) this.#publish(local.snapshot(productId)!, true);
    }
  }

  #requestSnapshots(productIds: readonly string[]): void {
    const now = Date.now();
    const asked = productIds.filter((id) => {
      const track = this.#tracks.get(id)!;
      if (track.requestedAt !== null && now - track.requestedAt < this.#requestRetryMs) return false;
      track.requestedAt = now;
      return true;
    });
    if (asked.length === 0 || !this.#bus.commandsReady()) return;
    this.#bus.publish('requests', snapshotRequest(asked)).catch((error) => {
      this.#log.debug({ err: error }, 'market data: asking for snapshots failed');
    });
  }

  // The subscription coming and going.

  #enterFallback(): void {
    if (this.#fallback || this.#closed) return;
    this.#fallback = true;
    this.#log.warn(
      'market data relay: Redis subscription lost; this node follows its own upstream connection meanwhile',
    );
    const upstream = this.#ensureLocal();
    for (const productId of this.#books.products()) {
      this.#books.markStale(productId);
      if (upstream.inSync(productId)) this.#books.applySnapshot(upstream.snapshot(productId)!);
    }
  }

  async #joinChannel(): Promise<void> {
    if (this.#closed) return;
    if (!this.#subscribed) {
      try {
        await this.#bus.subscribe();
        this.#subscribed = true;
      } catch (error) {
        this.#log.debug({ err: error }, 'market data relay: subscribing failed');
        return;
      }
    }
    const wasFallback = this.#fallback;
    this.#fallback = false;
    for (const [productId, track] of this.#tracks) {
      track.leader = null;
      track.requestedAt = null;
      this.#books.markStale(productId);
    }
    if (wasFallback) this.#log.info('market data relay: Redis subscription back; following the relayed books');
    this.#requestSnapshots(this.#books.products());
    this.#dropLocalUnlessNeeded();
  }

  // Snapshots asked for and not received are asked for again.

  #repeatRequests(): void {
    if (this.#closed || this.#fallback) return;
    for (const [productId, track] of this.#tracks) {
      if (track.requestedAt !== null && !this.#books.inSync(productId)) this.#requestSnapshots([productId]);
    }
  }

  // Leadership, as the lease (leader-lease.ts) gains and loses it.

  #becomeLeader(epoch: number): void {
    if (this.#closed) return;
    this.#epochSeen = Math.max(this.#epochSeen, epoch);
    this.#leading = { token: `${this.#nodeId}:${epoch}`, epoch, sequences: new Map() };
    this.#log.info('market data relay: this node leads (runs the upstream connection and publishes)');
    const upstream = this.#ensureLocal();
    // A node that was in fallback already holds upstream books: the followers get them now.
    for (const productId of this.#books.products()) {
      if (upstream.inSync(productId)) this.#publish(upstream.snapshot(productId)!, false);
    }
  }

  #stepDown(reason: string): void {
    if (!this.#leading) return;
    this.#leading = null;
    this.#log.warn({ reason }, 'market data relay: this node no longer leads');
    this.#dropLocalUnlessNeeded();
  }
}
