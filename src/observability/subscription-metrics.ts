// The order-book subscription's fan-out (docs/metrics.md#subscriptions): product streams
// followed, messages written by type, and events a subscriber too far behind skipped (it gets a
// fresh SNAPSHOT once it catches up). Messages are counted by addition on series bound here
// (series-counter.ts): the counts are per message.
import { Counter, Gauge, type Registry } from 'prom-client';
import { SeriesCounter } from './series-counter.ts';

export interface SubscriptionMetrics {
  followers(delta: number): void;
  sent(type: 'SNAPSHOT' | 'L2UPDATE'): void;
  skipped(): void;
}

export function createSubscriptionMetrics(registry: Registry): SubscriptionMetrics {
  const followers = new Gauge({
    name: 'order_book_followers',
    help: 'Product streams followed by orderBookUpdates subscriptions',
    registers: [registry],
  });
  const messages = new SeriesCounter({
    name: 'order_book_messages_total',
    help: 'orderBookUpdates messages written to subscribers, by type',
    labelNames: ['type'],
    registry,
  });
  const skipped = new Counter({
    name: 'order_book_skipped_total',
    help: 'Order-book events a subscriber skipped because its connection was too far behind',
    registers: [registry],
  });
  const byType = { SNAPSHOT: messages.series({ type: 'SNAPSHOT' }), L2UPDATE: messages.series({ type: 'L2UPDATE' }) };
  return {
    followers: (delta) => followers.inc(delta),
    sent: (type) => byType[type].inc(),
    skipped: () => skipped.inc(),
  };
}
