// Close codes of the business API's graphql-ws sockets beyond the protocol's own
// (docs/identity.md#sockets): 4403 is graphql-ws' Forbidden, 4429 mirrors HTTP 429.
export const socketCloseCodes = {
  /** No valid credential: none sent, unknown, revoked, or revoked while the socket was open. */
  forbidden: 4403,
  /** Past a cap (sockets per address or per key) or the failed-credential limit. */
  tooMany: 4429,
} as const;
