// The market data relay's bus on Redis (docs/market-data.md#relay-through-redis): the leader's
// lock is a key taken with `SET key value NX PX` and renewed or released by scripts that act only
// while the caller holds it; book events and snapshot requests are PUBLISHed on two channels and
// heard on a second connection, subscribed to both. It is the RelayBus the relayed feed drives
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

/** Renews the lock only while this node holds it. */
const renewScript = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
/** Releases the lock only while this node holds it. */
const releaseScript = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class RedisRelayBus {
  readonly #commands: Redis;
  readonly #subscriber: Redis;
  readonly #lockKey: string;
  readonly #channels: Readonly<Record<Channel, string>>;

  constructor(options: RedisRelayBusOptions) {
    const prefix = options.keyPrefix;
    this.#lockKey = `${prefix}leader`;
    this.#channels = { events: `${prefix}events`, requests: `${prefix}requests` };
    this.#commands = createRedisConnection({ url: options.url, logger: options.logger, use: 'market data relay' });
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
    const [commands, subscription] = await Promise.all([waitForRedis(this.#commands), waitForRedis(this.#subscriber)]);
    return { commands, subscription };
  }

  async subscribe(): Promise<void> {
    await this.#subscriber.subscribe(this.#channels.events, this.#channels.requests);
  }

  commandsReady(): boolean {
    return this.#commands.status === 'ready';
  }

  async publish(channel: Channel, text: string): Promise<void> {
    await this.#commands.publish(this.#channels[channel], text);
  }

  async takeLock(holder: string, ttlMs: number): Promise<boolean> {
    return (await this.#commands.set(this.#lockKey, holder, 'PX', ttlMs, 'NX')) === 'OK';
  }

  async renewLock(holder: string, ttlMs: number): Promise<boolean> {
    return (await this.#commands.eval(renewScript, 1, this.#lockKey, holder, String(ttlMs))) === 1;
  }

  async releaseLock(holder: string): Promise<void> {
    await this.#commands.eval(releaseScript, 1, this.#lockKey, holder);
  }

  async close(): Promise<void> {
    await Promise.all([closeRedisConnection(this.#subscriber), closeRedisConnection(this.#commands)]);
  }
}
