// How long each credential lives (docs/identity.md#platform-tokens). Retired signing keys stay in
// the JWKS for the longest token lifetime, so no token outlives the key that verifies it.
export const tokenLifetimes = {
  /** Platform access JWT from token exchange. */
  accessTokenSeconds: 15 * 60,
  walletTokenSeconds: 15 * 60,
  workflowSdkTokenSeconds: 15 * 60,
  /** KYC SDK access token of form (a); form (b) chooses its own `ttl`. */
  kycSdkTokenSeconds: 10 * 60,
  /** Signed KYC document URLs. */
  kycDocumentTokenSeconds: 5 * 60,
  /** Browser session behind the cookie (absolute lifetime). */
  browserSessionSeconds: 12 * 60 * 60,
  /** Between `GET /auth/login` and `GET /auth/callback`. */
  loginAttemptSeconds: 10 * 60,
} as const;

export const longestTokenSeconds = Math.max(
  tokenLifetimes.accessTokenSeconds,
  tokenLifetimes.walletTokenSeconds,
  tokenLifetimes.workflowSdkTokenSeconds,
  tokenLifetimes.kycDocumentTokenSeconds,
);
