// The open sockets of the data layer and who opened them (docs/data-layer.md#subscriptions), for
// the socket caps (per client address, per credential: WS_MAX_SOCKETS_PER_ADDRESS and
// WS_MAX_SOCKETS_PER_KEY, as on the business socket: docs/identity.md#sockets) and for checking
// every socket's credential again while it lives.
import type { IncomingHttpHeaders } from 'node:http';
import type { WebSocket } from 'ws';
import { credentialFingerprint } from '../../request-envelope/rate-limiter.ts';
import { presentedCredential } from './socket-headers.ts';

/** Caps on sockets and their operations; 0 leaves one uncapped (docs/configuration.md). */
export interface DataSocketCaps {
  readonly socketsPerAddress: number;
  readonly socketsPerCredential: number;
  readonly operationsPerSocket: number;
}

/** Close codes beyond the protocol's own: 4403 is graphql-ws' Forbidden, 4429 mirrors HTTP 429. */
export const dataSocketCloseCodes = { forbidden: 4403, tooMany: 4429 } as const;

/** Who a socket acts for: the headers its connection_init gave (socket-headers.ts) and its address. */
export interface SocketCaller {
  readonly headers: IncomingHttpHeaders;
  readonly address: string;
}

export interface SocketCallers {
  /** A socket opened from `address`; past the address' cap it is closed with 4429. */
  opened(socket: WebSocket, address: string): void;
  /** Binds a socket to its caller; false, and the socket closed with 4429, past the credential's cap. */
  authenticated(socket: WebSocket, caller: SocketCaller): boolean;
  callerOf(socket: WebSocket): SocketCaller | undefined;
  closed(socket: WebSocket, address: string): void;
  /** Every authenticated socket with its caller. */
  entries(): IterableIterator<[WebSocket, SocketCaller]>;
}

export function createSocketCallers(caps: DataSocketCaps): SocketCallers {
  const perAddress = new Map<string, number>();
  const perCredential = new Map<string, number>();
  const callers = new Map<WebSocket, SocketCaller & { fingerprint: string }>();
  return {
    opened(socket, address) {
      const open = (perAddress.get(address) ?? 0) + 1;
      perAddress.set(address, open);
      if (caps.socketsPerAddress !== 0 && open > caps.socketsPerAddress)
        socket.close(
          dataSocketCloseCodes.tooMany,
          `too many sockets from this address (at most ${caps.socketsPerAddress})`,
        );
    },
    authenticated(socket, caller) {
      const fingerprint = credentialFingerprint(presentedCredential(caller.headers));
      const open = (perCredential.get(fingerprint) ?? 0) + 1;
      if (caps.socketsPerCredential !== 0 && open > caps.socketsPerCredential) {
        socket.close(
          dataSocketCloseCodes.tooMany,
          `too many sockets with this credential (at most ${caps.socketsPerCredential})`,
        );
        return false;
      }
      perCredential.set(fingerprint, open);
      callers.set(socket, { ...caller, fingerprint });
      return true;
    },
    callerOf: (socket) => callers.get(socket),
    closed(socket, address) {
      decrement(perAddress, address);
      const caller = callers.get(socket);
      if (!caller) return;
      callers.delete(socket);
      decrement(perCredential, caller.fingerprint);
    },
    entries: () => callers.entries(),
  };
}

function decrement(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 0) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}

/** A close frame's reason is at most 123 bytes of UTF-8. */
export function closeReason(message: string): string {
  let reason = message;
  while (Buffer.byteLength(reason) > 123) reason = reason.slice(0, -1);
  return reason;
}
