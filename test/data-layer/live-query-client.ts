// A graphql-ws client of the data layer's subscriptions (docs/data-layer.md#subscriptions), over
// the `graphql-ws` package's createClient and the `ws` WebSocket, recording every result and how
// the socket closed, and waiting for events with generous timeouts rather than timing them.
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export interface LiveSubscription {
  /** Every `next` payload, in order. */
  readonly results: any[];
  /** The errors the subscription ended with, if it did. */
  readonly errors: any[] | null;
  /** Resolves with the result number `count` (1-based) once it has arrived; rejects after `timeoutMs`. */
  result(count: number, timeoutMs?: number): Promise<any>;
  /** Resolves once the subscription ended with errors. */
  failed(timeoutMs?: number): Promise<any[]>;
  dispose(): void;
}

export interface LiveClient {
  readonly client: Client;
  /** Resolves with the close event's code and reason once the socket closed. */
  readonly closed: Promise<{ code: number; reason: string }>;
  subscribe(query: string, variables?: Record<string, unknown>): LiveSubscription;
  dispose(): Promise<void>;
}

function waitFor<T>(
  ready: () => T | undefined,
  timeoutMs: number,
  what: string,
  listeners: Set<() => void>,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const value = ready();
      if (value === undefined) return;
      listeners.delete(check);
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(() => {
      listeners.delete(check);
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
    }, timeoutMs);
    listeners.add(check);
    check();
  });
}

export function liveClient(dataUrl: string, connectionParams: Record<string, unknown>): LiveClient {
  let closedWith!: (event: { code: number; reason: string }) => void;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (closedWith = resolve));
  const client = createClient({
    url: `${dataUrl.replace(/^http/, 'ws')}/v1/graphql`,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: true,
    on: {
      closed: (event) => {
        const { code, reason } = event as { code: number; reason: string };
        closedWith({ code, reason });
      },
    },
  });
  return {
    client,
    closed,
    subscribe(query, variables) {
      const results: any[] = [];
      let errors: any[] | null = null;
      const listeners = new Set<() => void>();
      const notify = () => {
        for (const listener of [...listeners]) listener();
      };
      const dispose = client.subscribe(
        { query, ...(variables ? { variables } : {}) },
        {
          next: (value) => {
            results.push(value);
            notify();
          },
          error: (error) => {
            errors = Array.isArray(error) ? error : [error];
            notify();
          },
          complete: notify,
        },
      );
      return {
        results,
        get errors() {
          return errors;
        },
        result: (count, timeoutMs = 10_000) =>
          waitFor(() => results[count - 1], timeoutMs, `result ${count} (have ${results.length})`, listeners),
        failed: (timeoutMs = 10_000) => waitFor(() => errors ?? undefined, timeoutMs, 'an error', listeners),
        dispose,
      };
    },
    dispose: () => client.dispose() as Promise<void>,
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
