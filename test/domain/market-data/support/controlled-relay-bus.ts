// A relay bus in front of the real Redis one that a failover test can break the way a node fails:
// `crash()` makes every later command fail and hears nothing more (the node is gone without a
// word: its lock is not released), `stallRenewals()` holds the lock's renewals, and only them,
// until `resumeRenewals()` sends them late. It records the events-channel messages the node heard,
// in order, so a test checks what a follower saw.
import type {
  LockAttempt,
  RelayBus,
  RelayBusListener,
  RelayChannel,
} from '../../../../src/domain/market-data/relay-bus.ts';

export interface HeardMessage {
  readonly epoch: number;
  readonly kind: string;
  readonly productId: string;
}

export interface ControlledRelayBus extends RelayBus {
  readonly heard: HeardMessage[];
  crash(): void;
  stallRenewals(): void;
  resumeRenewals(): void;
}

export function controlledRelayBus(inner: RelayBus): ControlledRelayBus {
  const heard: HeardMessage[] = [];
  let crashed = false;
  let stalled = false;
  const held: (() => void)[] = [];
  const alive = <T>(call: () => Promise<T>): Promise<T> =>
    crashed ? Promise.reject(new Error('the node crashed')) : call();
  return {
    heard,
    crash: () => void (crashed = true),
    stallRenewals: () => void (stalled = true),
    resumeRenewals() {
      stalled = false;
      for (const send of held.splice(0)) send();
    },
    listen(listener: RelayBusListener) {
      inner.listen({
        message(channel: RelayChannel, text: string) {
          if (crashed) return;
          if (channel === 'events') {
            const { epoch, event } = JSON.parse(text);
            heard.push({ epoch, kind: event.kind, productId: event.productId });
          }
          listener.message(channel, text);
        },
        subscriptionLost: () => crashed || listener.subscriptionLost(),
        subscriptionReady: () => crashed || listener.subscriptionReady(),
      });
    },
    connect: () => inner.connect(),
    subscribe: () => alive(() => inner.subscribe()),
    commandsReady: () => !crashed && inner.commandsReady(),
    publish: (channel, text) => alive(() => inner.publish(channel, text)),
    takeLock: (holder, ttlMs): Promise<LockAttempt> => alive(() => inner.takeLock(holder, ttlMs)),
    renewLock(holder, ttlMs) {
      if (!stalled) return alive(() => inner.renewLock(holder, ttlMs));
      return new Promise((resolve, reject) => held.push(() => inner.renewLock(holder, ttlMs).then(resolve, reject)));
    },
    releaseLock: (holder) => alive(() => inner.releaseLock(holder)),
    close: () => inner.close(),
  };
}
