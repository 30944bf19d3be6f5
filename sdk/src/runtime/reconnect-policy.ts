// When a subscription socket that closed is opened again, and after how long (docs/sdk.md#order-book):
// a close for the credential (4401 no credential, 4403 refused, 4429 past a cap or the limit of
// failed credentials: docs/identity.md#sockets) is never retried, because the same credential
// would be refused again and retrying only feeds the limit; every other close or network failure
// (1006 abnormal, 1001 going away, 1011 internal error, 1012 restart, 1013 try again later…) is
// retried after a bounded exponential backoff with jitter, so clients that lost one node do not
// all come back to the next in the same instant.
export interface ReconnectOptions {
  /** The first wait's ceiling in ms, doubled per failed attempt; default 100. */
  initialMs?: number;
  /** The longest wait in ms; default 5000. */
  maxMs?: number;
}

const credentialCloseCodes = new Set([4401, 4403, 4429]);

/** The close code of a graphql-ws close event, else undefined (a network error, a thrown error). */
export const closeCode = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'number'
    ? (error as { code: number }).code
    : undefined;

/** A close for the credential: surfaced to the caller, never retried. */
export const refusesCredential = (error: unknown): boolean => credentialCloseCodes.has(closeCode(error) ?? 0);

/** The wait before reconnect `attempt` (0 first): in the upper half of min(max, initial × 2^attempt). */
export function reconnectDelayMs(options: ReconnectOptions, attempt: number, random = Math.random): number {
  const ceiling = Math.min(options.maxMs ?? 5_000, (options.initialMs ?? 100) * 2 ** Math.min(attempt, 30));
  return ceiling / 2 + random() * (ceiling / 2);
}
