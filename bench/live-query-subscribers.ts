// The live-query benchmark's subscribers (live-query-bench.ts), in a worker thread so their CPU
// does not share the bench's event loop: raw WebSockets speaking graphql-ws' protocol to the data
// layer (docs/data-layer.md#subscriptions), each socket one organization's organization_admin
// session carrying many subscriptions of the same live query. A change is recognised by the
// changed wallet's label, `bench-wallet-live-<sequence>`: a subscriber's message counts as the
// delivery of the highest sequence it holds when that is newer than what it had; any other
// message after the first result is a spurious one. Receipt times go back to the bench, which
// knows when each change was committed (one machine, one clock).
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

export interface LiveSubscriberPlan {
  readonly url: string;
  readonly adminSecret: string;
  /** One entry per socket: the organization whose admin it is. */
  readonly sockets: readonly string[];
  readonly subscriptionsPerSocket: number;
  readonly query: string;
}

export interface LiveSubscriberReport {
  /** [sequence, organization, receipt time in ms since the epoch] per delivery. */
  readonly deliveries: [number, string, number][];
  /** Messages after the first result that carried no newer change. */
  readonly spurious: number;
  /** `error` or `complete` messages, and sockets closed under the subscribers. */
  readonly failures: number;
  readonly messages: number;
  readonly firstFailure?: string;
}

export type LiveSubscriberCommand = 'reset' | 'report' | 'close';

const plan = workerData as LiveSubscriberPlan;
// PostgreSQL's json_build_object writes `"label" : "…"`; the marker alone is unambiguous.
const changed = /bench-wallet-live-(\d+)"/g;
let report = emptyReport();

function emptyReport(): { -readonly [K in keyof LiveSubscriberReport]: LiveSubscriberReport[K] } {
  return { deliveries: [], spurious: 0, failures: 0, messages: 0 };
}

function fail(reason: string): void {
  report.failures += 1;
  report.firstFailure ??= reason;
}

/** The highest change sequence a result holds (0: none yet). */
function newestChange(text: string): number {
  let newest = 0;
  for (const match of text.matchAll(changed)) newest = Math.max(newest, Number(match[1]));
  return newest;
}

/** Opens one socket and its subscriptions; resolves once each has its first result. */
function connect(organization: string): Promise<WebSocket> {
  const socket = new WebSocket(plan.url, 'graphql-transport-ws', {
    skipUTF8Validation: true,
    perMessageDeflate: false,
  });
  const seen = new Array<number>(plan.subscriptionsPerSocket + 1).fill(-1);
  let waiting = plan.subscriptionsPerSocket;
  return new Promise((resolve, reject) => {
    socket.on('open', () =>
      socket.send(
        JSON.stringify({
          type: 'connection_init',
          payload: {
            headers: {
              'x-data-admin-secret': plan.adminSecret,
              'x-data-role': 'organization_admin',
              'x-data-organization-id': organization,
            },
          },
        }),
      ),
    );
    socket.on('error', reject);
    socket.on('close', (code, reason) => {
      const why = `socket of ${organization} closed: ${code} ${reason.toString()}`;
      if (waiting > 0) reject(new Error(why));
      else fail(why);
    });
    socket.on('message', (data: Buffer) => {
      const now = Date.now();
      const text = data.toString();
      if (text.startsWith('{"type":"connection_ack"')) {
        for (let id = 1; id <= plan.subscriptionsPerSocket; id += 1)
          socket.send(JSON.stringify({ id: String(id), type: 'subscribe', payload: { query: plan.query } }));
        return;
      }
      const head = /^\{"id":"(\d+)","type":"(\w+)"/.exec(text);
      if (!head || head[2] !== 'next') {
        const why = `unexpected message for ${organization}: ${text.slice(0, 300)}`;
        if (waiting > 0) reject(new Error(why));
        else fail(why);
        return;
      }
      report.messages += 1;
      const id = Number(head[1]);
      const newest = newestChange(text);
      if (seen[id] === -1) {
        seen[id] = newest;
        waiting -= 1;
        if (waiting === 0) resolve(socket);
        return;
      }
      if (newest > seen[id]!) {
        seen[id] = newest;
        report.deliveries.push([newest, organization, now]);
      } else report.spurious += 1;
    });
  });
}

const sockets: WebSocket[] = [];
const failures: string[] = [];
// Ten sockets at a time, so the subscribe bursts do not all land at once.
for (let start = 0; start < plan.sockets.length; start += 10) {
  const batch = plan.sockets.slice(start, start + 10).map(connect);
  for (const outcome of await Promise.allSettled(batch)) {
    if (outcome.status === 'fulfilled') sockets.push(outcome.value);
    else failures.push(String(outcome.reason));
  }
}
parentPort!.postMessage({ ready: sockets.length, failures: failures.length, firstFailure: failures[0] });
parentPort!.on('message', (command: LiveSubscriberCommand) => {
  if (command === 'reset') report = emptyReport();
  if (command === 'report') parentPort!.postMessage(report);
  if (command === 'close') {
    for (const socket of sockets) socket.terminate();
    parentPort!.close();
  }
});
