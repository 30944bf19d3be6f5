// The market data leader's lease on the relay bus's lock (docs/market-data.md#failover): a short
// lock renewed on a beat of its own, tried by the other nodes on the same beat and again the moment
// the holder's lock would expire, so a node that dies without a word is replaced within the lock's
// life. The holder trusts its lease only until a little before the lock can have expired in Redis
// (counted from when it *sent* its last confirmed renewal), and `valid()` is asked before every
// publish: a holder that failed to renew in time (a slow or lost Redis, a blocked event loop) stops
// publishing before any other node can take the lock, so two leaders never publish together.
import type { Logger } from 'pino';
import type { RelayBus } from './relay-bus.ts';

export interface LeaderLeaseOptions {
  readonly bus: Pick<RelayBus, 'takeLock' | 'renewLock' | 'releaseLock'>;
  /** This node's id: the lock's value while it holds it. */
  readonly holder: string;
  /** How long the lock lives in Redis without renewal (PX). */
  readonly ttlMs: number;
  /** How often the holder renews and the others try. */
  readonly beatMs: number;
  readonly log: Logger;
  /** This node holds the lock now, for the leadership of `epoch`. */
  gained(epoch: number): void;
  /** This node no longer holds it (said once per leadership, before anything else runs). */
  lost(reason: string): void;
}

interface Held {
  readonly epoch: number;
  /** Monotonic time until which no other node can hold the lock: the holder may publish before it. */
  validUntil: number;
  fence: NodeJS.Timeout | null;
}

/** Monotonic milliseconds: a wall clock set back or forward must not stretch a lease. */
const now = () => performance.now();

export class LeaderLease {
  readonly #options: LeaderLeaseOptions;
  /** The part of the TTL the holder trusts: the rest covers messages in flight and clock rates. */
  readonly #trustedMs: number;
  readonly #beat: NodeJS.Timeout;
  #held: Held | null = null;
  #trying = false;
  #retry: NodeJS.Timeout | null = null;
  #closed = false;
  /** A holder that failed to renew in time tries again only after this: another node takes over first. */
  #restingUntil = 0;

  constructor(options: LeaderLeaseOptions) {
    this.#options = options;
    this.#trustedMs = options.ttlMs - Math.max(1, Math.round(options.ttlMs / 8));
    // Its own timer, doing nothing but sending one command: no other work of the feed delays it.
    this.#beat = setInterval(() => this.#onBeat(), options.beatMs);
    this.#beat.unref();
  }

  /** The epoch of the leadership this node holds a valid lease of, else null. */
  epoch(): number | null {
    return this.valid() ? this.#held!.epoch : null;
  }

  /** Whether this node may publish now; a lease past its trusted time is given up here and then. */
  valid(): boolean {
    const held = this.#held;
    if (!held) return false;
    if (now() < held.validUntil) return true;
    // Its renewals are late (a slow Redis, a busy event loop): it rests a lock's life before trying
    // again, so a healthy node leads rather than it taking the lock back at the next beat.
    this.#restingUntil = now() + this.#options.ttlMs;
    this.#stepDown(held, 'the lock was not renewed in time');
    return false;
  }

  /** Tries the lock once now (at start). */
  async tryNow(): Promise<void> {
    await this.#tryTake();
  }

  /** Gives the lease up (another node was seen leading) and releases the lock if still held. */
  giveUp(reason: string): void {
    this.#stepDown(this.#held, reason);
  }

  #stepDown(held: Held | null, reason: string): void {
    if (!held || this.#held !== held) return;
    this.#held = null;
    if (held.fence) clearTimeout(held.fence);
    this.#options.lost(reason);
    this.#release();
  }

  /** Stops the beat; a held lock is released at once, so another node takes it on its next try. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#beat);
    if (this.#retry) clearTimeout(this.#retry);
    const held = this.#held;
    this.#held = null;
    if (held?.fence) clearTimeout(held.fence);
    if (held) await this.#options.bus.releaseLock(this.#options.holder).catch(() => {});
  }

  #onBeat(): void {
    if (this.#closed) return;
    if (this.#held) this.#renew(this.#held);
    else void this.#tryTake();
  }

  #renew(held: Held): void {
    const sentAt = now();
    this.#options.bus.renewLock(this.#options.holder, this.#options.ttlMs).then(
      (renewed) => {
        if (this.#held !== held) return;
        if (renewed) this.#trust(held, sentAt);
        else this.#stepDown(held, 'the lock is held by another node');
      },
      // The fence gives the lease up when no renewal came back in time.
      (error) => this.#options.log.debug({ err: error }, 'market data relay: renewing the lock failed'),
    );
  }

  async #tryTake(): Promise<void> {
    if (this.#trying || this.#held || this.#closed || now() < this.#restingUntil) return;
    this.#trying = true;
    const sentAt = now();
    try {
      const attempt = await this.#options.bus.takeLock(this.#options.holder, this.#options.ttlMs);
      if (this.#closed) {
        if (attempt.held) await this.#options.bus.releaseLock(this.#options.holder);
        return;
      }
      if (attempt.held) this.#gain(attempt.epoch, sentAt);
      else this.#tryAgainAt(attempt.expiresInMs);
    } catch (error) {
      this.#options.log.debug({ err: error }, 'market data relay: trying the lock failed');
    } finally {
      this.#trying = false;
    }
  }

  /** A lock expiring before the next beat is tried the moment it expires, not a beat later. */
  #tryAgainAt(expiresInMs: number): void {
    if (expiresInMs > this.#options.beatMs || this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = null;
      void this.#tryTake();
    }, expiresInMs + 1);
    this.#retry.unref();
  }

  #gain(epoch: number, sentAt: number): void {
    const held: Held = { epoch, validUntil: 0, fence: null };
    this.#held = held;
    this.#trust(held, sentAt);
    this.#options.gained(epoch);
  }

  /** The lock was set or renewed no earlier than `sentAt`: no other node can take it before `sentAt + ttl`. */
  #trust(held: Held, sentAt: number): void {
    held.validUntil = Math.max(held.validUntil, sentAt + this.#trustedMs);
    if (held.fence) clearTimeout(held.fence);
    held.fence = setTimeout(() => this.valid(), Math.max(0, held.validUntil - now()) + 1);
    held.fence.unref();
  }

  #release(): void {
    if (this.#closed) return;
    this.#options.bus.releaseLock(this.#options.holder).catch((error) => {
      this.#options.log.debug({ err: error }, 'market data relay: releasing the lock failed');
    });
  }
}
