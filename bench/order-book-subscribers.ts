// The order-book fan-out benchmark's subscribers (order-book-fanout-bench.ts), in a worker thread
// so their CPU does not share the bench's event loop: raw WebSockets speaking graphql-ws'
// protocol, each subscribed to its products. Delivery latency is the receipt time minus the
// message's `time` (the simulator stamps each event when it emits it; one machine, one clock).
// Slow subscribers stop reading their socket once they have their first message.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

export interface SubscriberPlan {
  readonly url: string;
  readonly apiKey: string;
  /** Product ids per subscriber. */
  readonly subscriptions: readonly (readonly string[])[];
  /** Which subscribers never read after their first message. */
  readonly slow: readonly boolean[];
}

export interface SubscriberStats {
  readonly fast: Latencies;
  readonly slow: Latencies;
  readonly messages: number;
  readonly snapshots: number;
  readonly sequenceErrors: number;
}

/** Latency counts per whole millisecond, up to 10 s (the last slot holds anything later). */
type Latencies = number[];

const plan = workerData as SubscriberPlan;
const slots = 10_001;
let stats = emptyStats();

function emptyStats() {
  return {
    fast: new Array<number>(slots).fill(0),
    slow: new Array<number>(slots).fill(0),
    messages: 0,
    snapshots: 0,
    sequenceErrors: 0,
  };
}

const subscription =
  'subscription ($ids: [String!]) { orderBookUpdates(productIds: $ids) { productId type sequence time bids { price size } asks { price size } } }';

function connect(index: number): Promise<WebSocket> {
  const socket = new WebSocket(plan.url, 'graphql-transport-ws', {
    skipUTF8Validation: true,
    perMessageDeflate: false,
  });
  const products = plan.subscriptions[index]!;
  const lastSequence = new Map<string, number>();
  let first = true;
  return new Promise((resolve, reject) => {
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { apiKey: plan.apiKey } })));
    socket.on('error', reject);
    socket.on('close', (code, reason) => {
      if (first) reject(new Error(`subscriber ${index} closed before its first message: ${code} ${reason.toString()}`));
    });
    socket.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text.startsWith('{"type":"connection_ack"')) {
        socket.send(
          JSON.stringify({
            id: '1',
            type: 'subscribe',
            payload: { query: subscription, variables: { ids: products } },
          }),
        );
        return;
      }
      record(text, plan.slow[index]!, lastSequence);
      if (first) {
        first = false;
        if (plan.slow[index]) socket.pause();
        resolve(socket);
      }
    });
  });
}

// The fields the bench reads, in the order the subscription selects them: read with one pattern
// rather than JSON.parse, so the subscribers' own CPU weighs less on the figures.
const head =
  /^\{"id":"1","type":"next","payload":\{"data":\{"orderBookUpdates":\{"productId":"([^"]+)","type":"(\w+)","sequence":(\d+),"time":"([^"]+)"/;

function record(text: string, slow: boolean, lastSequence: Map<string, number>): void {
  const now = Date.now();
  const fields = head.exec(text);
  if (!fields) throw new Error(`unexpected message: ${text.slice(0, 200)}`);
  const update: Update = { productId: fields[1]!, type: fields[2]!, sequence: Number(fields[3]), time: fields[4]! };
  const previous = lastSequence.get(update.productId) ?? 0;
  if (update.sequence !== previous + 1) stats.sequenceErrors += 1;
  lastSequence.set(update.productId, update.sequence);
  stats.messages += 1;
  if (update.type === 'SNAPSHOT') stats.snapshots += 1;
  const latency = Math.min(slots - 1, Math.max(0, now - Date.parse(update.time)));
  (slow ? stats.slow : stats.fast)[latency]! += 1;
}

interface Update {
  productId: string;
  type: string;
  sequence: number;
  time: string;
}

const sockets: WebSocket[] = [];
const failures: string[] = [];
// Connect in batches, so the server's accept queue and the key check are not one burst; a
// subscriber that could not connect is counted, not fatal (a saturated server refuses some).
for (let start = 0; start < plan.subscriptions.length; start += 100) {
  const batch = plan.subscriptions.slice(start, start + 100).map((_, offset) => connect(start + offset));
  for (const outcome of await Promise.allSettled(batch)) {
    if (outcome.status === 'fulfilled') sockets.push(outcome.value);
    else failures.push(String(outcome.reason));
  }
  if (process.env.BENCH_VERBOSE && (start + 100) % 1000 === 0) console.error(`${start + 100} subscribers connected`);
}
parentPort!.postMessage({ ready: sockets.length, failures: failures.length, firstFailure: failures[0] });
parentPort!.on('message', (command: 'reset' | 'report' | 'close') => {
  if (command === 'reset') stats = emptyStats();
  if (command === 'report') parentPort!.postMessage({ stats });
  if (command === 'close') {
    for (const socket of sockets) socket.terminate();
    parentPort!.close();
  }
});
