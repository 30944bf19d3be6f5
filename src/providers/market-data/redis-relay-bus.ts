// The market data relay's bus on Redis (docs/market-data.md#relay-through-redis): the leader's
// lock is a key taken with `SET key value NX PX` (in a script that also counts the leadership's
// epoch on a second key) and renewed or released by scripts that act only while the caller holds it,
// on a connection of its own; book events and snapshot requests are PUBLISHed on two channels and
// heard on a third connection, subscribed to both. It is the RelayBus the relayed feed drives
// (src/domain/market-data/relay-bus.ts), wired in by src/composition.
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { closeRedisConnection, createRedisConnection, waitForRedis } from '../../cache/redis-connection.ts';

export interface RedisRelayBusOptions {
  /** REDIS_URL. */
  readonly url: string;
  readonly logger: Logger;
  /** What the lock key and the channels start with (src/composition/redis-keys.ts). */
  readonly keyPrefix: string;
}

type Channel = 'events' | 'requests';

/** Taken: the new leadership's epoch; refused: how long the holder's lock still lives. */
type LockAttempt =
  { readonly held: true; readonly epoch: number } | { readonly held: false; readonly expiresInMs: number };

/**
 * Takes the lock unless it is held; taken, counts the epoch in the same atomic step, so two
 * leaderships never share one: `{1, epoch}`, else `{0, the holder's remaining milliseconds}`. The
 * epoch is one more than the last, and at least Redis' clock in milliseconds, so it still grows
 * when the key was lost (a flushed or restarted Redis) while nodes remember higher ones.
 */
const takeScript = `if not redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return {0, redis.call('pttl', KEYS[1])} end
local time = redis.call('time')
local epoch = math.max((tonumber(redis.call('get', KEYS[2])) or 0) + 1, tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000))
redis.call('set', KEYS[2], string.format('%d', epoch))
return {1, epoch}`;

/** Renews the lock only while this node holds it. */
const renewScript = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
/** Releases the lock only while this node holds it. */
const releaseScript = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class RedisRelayBus {
  readonly #commands: Redis;
  /** The lease's own connection: a renewal never waits behind a burst of PUBLISHes on #commands. */
  readonly #lease: Redis;
  readonly #subscriber: Redis;
  readonly #lockKey: string;
  readonly #epochKey: string;
  readonly #channels: Readonly<Record<Channel, string>>;

  constructor(options: RedisRelayBusOptions) {
    const prefix = options.keyPrefix;
    this.#lockKey = `${prefix}leader`;
    this.#epochKey = `${prefix}leader-epoch`;
    this.#channels = { events: `${prefix}events`, requests: `${prefix}requests` };
    this.#commands = createRedisConnection({ url: options.url, logger: options.logger, use: 'market data relay' });
    this.#lease = createRedisConnection({ url: options.url, logger: options.logger, use: 'market data leader lease' });
    this.#subscriber = createRedisConnection({
      url: options.url,
      logger: options.logger,
      use: 'market data relay subscription',
    });
  }

  listen(listener: {
    message(channel: Channel, text: string): void;
    subscriptionLost(): void;
    subscriptionReady(): void;
  }): void {
    this.#subscriber.on('message', (channel: string, text: string) => {
      if (channel === this.#channels.requests) listener.message('requests', text);
      else if (channel === this.#channels.events) listener.message('events', text);
    });
    this.#subscriber.on('close', () => listener.subscriptionLost());
    // ioredis subscribes again by itself after a reconnect.
    this.#subscriber.on('ready', () => listener.subscriptionReady());
  }

  async connect(): Promise<{ commands: boolean; subscription: boolean }> {
    const [commands, subscription, lease] = await Promise.all([
      waitForRedis(this.#commands),
      waitForRedis(this.#subscriber),
      waitForRedis(this.#lease),
    ]);
    return { commands: commands && lease, subscription };
  }

  async subscribe(): Promise<void> {
    await this.#subscriber.subscribe(this.#channels.events, this.#channels.requests);
  }

  commandsReady(): boolean {
    return this.#commands.status === 'ready' && this.#lease.status === 'ready';
  }

  async publish(channel: Channel, text: string): Promise<void> {
    await this.#commands.publish(this.#channels[channel], text);
  }

  async takeLock(holder: string, ttlMs: number): Promise<LockAttempt> {
    const [taken, value] = (await this.#lease.eval(
      takeScript,
      2,
      this.#lockKey,
      this.#epochKey,
      holder,
      String(ttlMs),
    )) as [number, number];
    // A key without expiry (-1, set by hand) or gone since (-2) is tried again on the next beat.
    return taken === 1 ? { held: true, epoch: value } : { held: false, expiresInMs: Math.max(0, value) };
  }

  async renewLock(holder: string, ttlMs: number): Promise<boolean> {
    return (await this.#lease.eval(renewScript, 1, this.#lockKey, holder, String(ttlMs))) === 1;
  }

  async releaseLock(holder: string): Promise<void> {
    await this.#lease.eval(releaseScript, 1, this.#lockKey, holder);
  }

  async close(): Promise<void> {
    await Promise.all([
      closeRedisConnection(this.#subscriber),
      closeRedisConnection(this.#commands),
      closeRedisConnection(this.#lease),
    ]);
  }
}
