// A graphql-transport-ws client over a raw WebSocket, for tests that must see the protocol as it
// is: every message in order, the close code and reason, and when the close arrived.
import type { IncomingHttpHeaders } from 'node:http';
import WebSocket from 'ws';

export interface SocketMessage {
  type: string;
  id?: string;
  payload?: any;
}

export interface GraphqlSocket {
  readonly messages: SocketMessage[];
  /** The headers of the server's 101 answer (a balancer's `x-served-by`); empty when the upgrade failed. */
  readonly upgradeHeaders: IncomingHttpHeaders;
  /** Resolves with the close code, the reason and `performance.now()` when the close arrived. */
  readonly closed: Promise<{ code: number; reason: string; at: number }>;
  /** Sends a subscribe message; resolves with the operation's `next` payloads once it completes or errs. */
  operation(id: string, query: string, variables?: Record<string, unknown>): Promise<OperationOutcome>;
  close(): void;
}

export interface OperationOutcome {
  /** `complete`, `error`, or `closed` when the socket closed first. */
  end: 'complete' | 'error' | 'closed';
  results: any[];
  errors: any[];
}

export interface GraphqlSocketOptions {
  /** Called with each message as it arrives, and `performance.now()` then (to wait for one, or time it). */
  onMessage?: (message: SocketMessage, at: number) => void;
}

/** Opens a socket and sends connection_init with `params`; resolves once it is acknowledged or closed. */
export async function openGraphqlSocket(
  serviceUrl: string,
  params: Record<string, unknown>,
  options: GraphqlSocketOptions = {},
): Promise<{ socket: GraphqlSocket; acknowledged: boolean }> {
  const ws = new WebSocket(`${serviceUrl.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
  const messages: SocketMessage[] = [];
  let upgradeHeaders: IncomingHttpHeaders = {};
  ws.on('upgrade', (response) => (upgradeHeaders = response.headers));
  const listeners = new Set<() => void>();
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) => {
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString(), at: performance.now() });
      for (const listener of listeners) listener();
    });
  });
  ws.on('error', () => {});
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as SocketMessage;
    messages.push(message);
    options.onMessage?.(message, performance.now());
    for (const listener of listeners) listener();
  });
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (done() || ws.readyState >= WebSocket.CLOSING) {
          listeners.delete(check);
          resolve();
        }
      };
      listeners.add(check);
      check();
    });
  await new Promise<void>((resolve) => {
    ws.once('open', () => resolve());
    ws.once('close', () => resolve());
  });
  if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'connection_init', payload: params }));
  await until(() => messages.some((message) => message.type === 'connection_ack'));
  const socket: GraphqlSocket = {
    messages,
    upgradeHeaders,
    closed,
    async operation(id, query, variables) {
      if (ws.readyState !== WebSocket.OPEN) return { end: 'closed', results: [], errors: [] };
      ws.send(JSON.stringify({ id, type: 'subscribe', payload: { query, ...(variables ? { variables } : {}) } }));
      const ended = () => messages.find((message) => message.id === id && message.type !== 'next');
      await until(() => ended() !== undefined);
      const end = ended();
      const mine = messages.filter((message) => message.id === id);
      return {
        end: end ? (end.type as 'complete' | 'error') : 'closed',
        results: mine.filter((message) => message.type === 'next').map((message) => message.payload),
        errors: end?.type === 'error' ? end.payload : [],
      };
    },
    close: () => ws.close(1000),
  };
  return { socket, acknowledged: messages.some((message) => message.type === 'connection_ack') };
}
