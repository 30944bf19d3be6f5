// What the relayed market data feed needs of the bus every node shares
// (docs/market-data.md#relay-through-redis): a lock that one node at a time holds, the leader's,
// and two channels every node hears, the leader's book events and the nodes' requests for
// snapshots. The adapter is src/providers/market-data/redis-relay-bus.ts (Redis), wired in by
// src/composition.

export type RelayChannel = 'events' | 'requests';

/** What the bus tells the feed, as it happens. */
export interface RelayBusListener {
  /** A message heard on one of the channels. */
  message(channel: RelayChannel, text: string): void;
  /** The subscription's connection closed: messages are lost until it is ready again. */
  subscriptionLost(): void;
  /** The subscription's connection is ready (again: the bus then subscribes again by itself). */
  subscriptionReady(): void;
}

export type LockAttempt =
  { readonly held: true; readonly epoch: number } | { readonly held: false; readonly expiresInMs: number };

export interface RelayBus {
  /** Tells `listener` from now on; called before `connect`. */
  listen(listener: RelayBusListener): void;
  /** Connects, and says which connections are ready: the commands', the subscription's. Never rejects. */
  connect(): Promise<{ commands: boolean; subscription: boolean }>;
  /** Subscribes to both channels; rejects when it cannot. */
  subscribe(): Promise<void>;
  /** Whether a command (a publish) can be sent now. */
  commandsReady(): boolean;
  publish(channel: RelayChannel, text: string): Promise<void>;
  /**
   * Takes the lock for `holder` for `ttlMs` unless another holds it. Taken, it names the new
   * leadership's epoch (1, 2, 3… across all leaderships of the bus, so a later leader's is higher);
   * refused, how long the holder's lock still lives unless renewed.
   */
  takeLock(holder: string, ttlMs: number): Promise<LockAttempt>;
  /** Holds the lock `ttlMs` longer while `holder` holds it: false when another holds it. */
  renewLock(holder: string, ttlMs: number): Promise<boolean>;
  /** Releases the lock while `holder` holds it. */
  releaseLock(holder: string): Promise<void>;
  close(): Promise<void>;
}
