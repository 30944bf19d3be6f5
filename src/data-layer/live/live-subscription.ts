// One subscription on a data-layer socket (docs/data-layer.md#subscriptions), as graphql-ws runs
// it: an async generator that never yields. Its first `next()` sends the first result and joins
// the statement's cohort (live-query-hub.ts); from then on the hub settles each refresh's outcome
// here, and the `next` messages are written to the socket as the JSON PostgreSQL built, untouched.
// A live query sends a result only when its JSON text differs from the last one sent; a stream
// sends each non-empty batch and moves its cursor past it. An error of the subscriber's own ends the
// subscription with graphql-ws' `error` message; a database fault skips the refresh. A client's
// `complete`, or the socket closing, calls `return()`, which leaves the cohort.
import type { WebSocket } from 'ws';
import type {
  CompiledRootField,
  MultiplexedOutcome,
  RunBinding,
} from '../../records/data-layer-sql/data-query-executor.ts';
import { streamCursorVariable } from '../../records/data-layer-sql/query-plan.ts';
import type { LiveQueryHub, LiveSubscriber } from './live-query-hub.ts';
import { isServiceUnavailable } from './live-errors.ts';

/** What a subscribe message was prepared into: the statement, its first binding and first outcome. */
export interface LiveStart {
  readonly statement: CompiledRootField;
  readonly binding: RunBinding;
  readonly first: Extract<MultiplexedOutcome, { value: string }>;
}

/** A socket further behind than this skips a refresh: the next one sends the then-current result. */
const maxUnsentBytes = 1024 * 1024;

/** The graphql-ws `next` message of a root field's JSON text. */
function nextMessage(id: string, alias: string, value: string): string {
  return `{"id":${JSON.stringify(id)},"type":"next","payload":{"data":{${JSON.stringify(alias)}:${value}}}}`;
}

/** Ends the subscription with graphql-ws' `error` message: the generator throws it. */
export class LiveSubscriptionError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'LiveSubscriptionError';
  }
}

export function liveSubscription(
  start: LiveStart,
  context: { socket: WebSocket; id: string; hub: LiveQueryHub },
): AsyncGenerator<never, undefined> {
  const { socket, id, hub } = context;
  const { statement } = start;
  let binding = start.binding;
  let last: string | null = null;
  let leave: (() => void) | null = null;
  let end!: (result: IteratorResult<never, undefined>) => void;
  let fail!: (error: Error) => void;
  const ended = new Promise<IteratorResult<never, undefined>>((resolve, reject) => {
    end = resolve;
    fail = reject;
  });
  const stop = () => {
    leave?.();
    leave = null;
  };

  /**
   * Sends a result when it says something new; nothing while the socket is too far behind (the
   * next refresh sends the then-current one). True when a stream sent rows: there may be more.
   */
  const deliver = (outcome: Extract<MultiplexedOutcome, { value: string }>): boolean => {
    if (socket.bufferedAmount > maxUnsentBytes) return false;
    if (statement.stream) {
      if (outcome.rows === 0 || outcome.cursor === null) return false;
      binding = { ...binding, variables: { ...binding.variables, [streamCursorVariable]: JSON.parse(outcome.cursor) } };
    } else if (outcome.value === last) return false;
    last = outcome.value;
    socket.send(nextMessage(id, statement.alias, outcome.value));
    return statement.stream !== null;
  };

  const subscriber: LiveSubscriber = {
    binding: () => binding,
    settle(outcome) {
      if (!leave) return false;
      if ('value' in outcome) return deliver(outcome);
      if (isServiceUnavailable(outcome.error)) return false;
      stop();
      fail(new LiveSubscriptionError(outcome.error));
      return false;
    },
  };

  let started = false;
  const generator: AsyncGenerator<never, undefined> = {
    next() {
      if (!started) {
        started = true;
        leave = hub.add(statement, subscriber);
        if (deliver(start.first)) hub.refreshSoon(statement);
      }
      return ended;
    },
    async return() {
      stop();
      end({ done: true, value: undefined });
      return { done: true, value: undefined };
    },
    async throw(error: unknown) {
      stop();
      end({ done: true, value: undefined });
      throw error;
    },
    [Symbol.asyncIterator]() {
      return generator;
    },
    async [Symbol.asyncDispose]() {
      stop();
    },
  };
  return generator;
}
