// What the platform asks of its OpenID Connect provider as a relying party
// (docs/identity.md#identity-provider-tokens): the authorization URL a browser login starts at, the
// code redeemed at its callback, the issuer and key set the provider's tokens are verified against,
// and its end-session URL. The adapter is src/providers/identity/openid-relying-party.ts
// (openid-client), wired in by src/service; what the platform accepts of the provider's tokens is
// the domain's (identity-provider-client.ts).
import type { JWTPayload, JWTVerifyGetKey } from 'jose';

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** What a login callback must match: the values its login started with. */
export interface CallbackExpectations {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface ProviderVerificationKeys {
  /** The issuer the provider's discovery document names. */
  readonly issuer: string;
  /** The provider's JWKS, fetched and cached by the adapter. */
  readonly jwks: JWTVerifyGetKey;
}

export interface IdentityProviderProtocol {
  /** The issuer as configured (OIDC_ISSUER, or the built-in development provider's). */
  readonly issuer: string;
  /** The platform's client id at the provider. */
  readonly clientId: string;
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /**
   * Redeems the code of a callback URL with PKCE, checking state, nonce and the ID token
   * (signature, issuer, audience, expiry); the ID token's claims, which name a subject.
   */
  redeemCode(callbackUrl: URL, expected: CallbackExpectations): Promise<JWTPayload & { sub: string }>;
  verificationKeys(): Promise<ProviderVerificationKeys>;
  /** The provider's end-session URL returning to `returnTo`, or null when it has none. */
  endSessionUrl(returnTo: string): Promise<URL | null>;
}
