// The business API's open graphql-ws sockets and who opened them (docs/identity.md#sockets):
// counted per client address and per credential for the socket caps, and checked again whenever
// a key changes anywhere, so a revoked key loses every socket it opened on every node.
import type { ApiKeyPrincipal } from '../access/principal.ts';
import { isCredentialRefusal } from '../errors/credential-refusal.ts';
import { credentialFingerprint } from '../request-envelope/rate-limiter.ts';
import { socketCloseCodes } from './socket-close-codes.ts';

/**
 * A socket as the counts and rechecks need it: the service's own WebSocket, or one a fan-out
 * worker process serves, closed through it (docs/market-data.md#fan-out).
 */
export interface ClosableSocket {
  close(code: number, reason: string): void;
}

/** Caps on sockets and their operations; 0 leaves one uncapped (docs/configuration.md). */
export interface SocketCaps {
  readonly socketsPerAddress: number;
  readonly socketsPerCredential: number;
  readonly operationsPerSocket: number;
}

/** Who a socket acts for, from its connection_init. */
export interface SocketCaller {
  /**
   * The key as presented, kept for the socket's life (graphql-ws keeps its connection parameters
   * too) so that every operation is checked as a request would be at that moment.
   */
  readonly presentedKey: string;
  principal: ApiKeyPrincipal;
  /** The acting user the connection parameters name (docs/identity.md#acting-user). */
  readonly actingUser: string | undefined;
  readonly address: string;
}

export type KeyCheck = (presentedKey: string) => Promise<ApiKeyPrincipal>;

export interface LiveSockets {
  /** A socket opened from `address`; past the address' cap it is closed with 4429. */
  opened(socket: ClosableSocket, address: string): void;
  /** Binds a socket to its caller; false, and the socket closed with 4429, past the credential's cap. */
  authenticated(socket: ClosableSocket, caller: SocketCaller): boolean;
  callerOf(socket: ClosableSocket): SocketCaller | undefined;
  closed(socket: ClosableSocket, address: string): void;
  /**
   * Checks every socket's key again (after a key changed, or the change notifications were lost):
   * a key that no longer passes closes its sockets with 4403 and the reason; one that passes
   * brings its current scopes and organization.
   */
  recheckAll(check: KeyCheck): Promise<void>;
}

export function createLiveSockets(caps: SocketCaps): LiveSockets {
  const perAddress = new Map<string, number>();
  const perCredential = new Map<string, number>();
  const callers = new Map<ClosableSocket, SocketCaller & { fingerprint: string }>();
  return {
    opened(socket, address) {
      const open = (perAddress.get(address) ?? 0) + 1;
      perAddress.set(address, open);
      if (caps.socketsPerAddress !== 0 && open > caps.socketsPerAddress)
        socket.close(
          socketCloseCodes.tooMany,
          `too many sockets from this address (at most ${caps.socketsPerAddress})`,
        );
    },
    authenticated(socket, caller) {
      const fingerprint = credentialFingerprint(caller.presentedKey);
      const open = (perCredential.get(fingerprint) ?? 0) + 1;
      if (caps.socketsPerCredential !== 0 && open > caps.socketsPerCredential) {
        socket.close(
          socketCloseCodes.tooMany,
          `too many sockets with this API key (at most ${caps.socketsPerCredential})`,
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
    recheckAll: (check) => recheck(callers, check),
  };
}

/** One check per distinct key, however many sockets it holds. */
async function recheck(callers: Map<ClosableSocket, SocketCaller>, check: KeyCheck): Promise<void> {
  const byKey = new Map<string, [ClosableSocket, SocketCaller][]>();
  for (const entry of callers) {
    const list = byKey.get(entry[1].presentedKey);
    if (list) list.push(entry);
    else byKey.set(entry[1].presentedKey, [entry]);
  }
  await Promise.all(
    [...byKey].map(async ([key, sockets]) => {
      try {
        const principal = await check(key);
        for (const [, caller] of sockets) caller.principal = principal;
      } catch (error) {
        // A database fault proves nothing about the key: each operation checks it again anyway.
        if (!isCredentialRefusal(error)) return;
        for (const [socket] of sockets) socket.close(socketCloseCodes.forbidden, closeReason(error.publicMessage));
      }
    }),
  );
}

/** A close frame's reason is at most 123 bytes of UTF-8. */
export function closeReason(message: string): string {
  let reason = message;
  while (Buffer.byteLength(reason) > 123) reason = reason.slice(0, -1);
  return reason;
}

function decrement(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 0) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
