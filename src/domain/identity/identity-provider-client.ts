// The OpenID Connect provider that verifies people (docs/identity.md#identity-provider-tokens): the
// external one named by OIDC_ISSUER, or the built-in development provider. Discovery is lazy and
// retried, so the service starts while the provider is down; the provider's JWKS is cached by jose.
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';
import { authorizedPartyProblem } from './authorized-party.ts';
import { describeJoseError, TokenRejected } from './platform-tokens.ts';
import { unstorableClaim } from './storable-claims.ts';

export interface IdentityProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  /** The `aud` the provider's tokens must carry; the client id when not configured. */
  audience?: string;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface IdentityProviderClient {
  readonly issuer: string;
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /** Redeems the code of a callback URL with PKCE; verifies state, nonce and the ID token. */
  redeemCode(
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<{ subject: string }>;
  /**
   * Verifies a provider token (signature against the provider's JWKS, issuer, audience, expiry;
   * its authorized party when it is an ID token of this client).
   */
  verifyToken(token: string): Promise<JWTPayload & { sub: string }>;
  /** The provider's end-session URL returning to `returnTo`, or null when it has none. */
  endSessionUrl(returnTo: string): Promise<URL | null>;
}

/** openid-client's message for an ID token claim that does not have the expected value. */
const claimComparisonFailed = 'unexpected JWT claim value encountered';

export function createIdentityProviderClient(settings: IdentityProviderSettings): IdentityProviderClient {
  const insecure = new URL(settings.issuer).protocol === 'http:';
  const audience = settings.audience ?? settings.clientId;
  // Tokens for the client id are its ID tokens, to which OpenID Connect Core's azp rule applies.
  // Tokens for another audience (OIDC_AUDIENCE, an API) are access tokens: their azp names
  // whichever client of the provider obtained them, any of which may call the API.
  const authorizedParty = audience === settings.clientId ? settings.clientId : null;
  let discovered: Promise<{ config: oidc.Configuration; jwks: ReturnType<typeof createRemoteJWKSet> }> | null = null;

  function discover() {
    discovered ??= (async () => {
      const config = await oidc.discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        settings.clientSecret ? undefined : oidc.None(),
        // http is only ever the development provider or a local test provider.
        insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
      const jwksUri = config.serverMetadata().jwks_uri;
      if (!jwksUri) throw new Error(`identity provider ${settings.issuer} publishes no jwks_uri`);
      return {
        config,
        jwks: createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 5_000, cooldownDuration: 30_000 }),
      };
    })().catch((error: unknown) => {
      discovered = null;
      throw new Error(
        `identity provider discovery failed for ${settings.issuer}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    });
    return discovered;
  }

  return {
    issuer: settings.issuer,

    async authorizationUrl(request) {
      const { config } = await discover();
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: request.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
        state: request.state,
        nonce: request.nonce,
      });
    },

    async redeemCode(callbackUrl, expected) {
      const { config } = await discover();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error('the ID token has no subject');
      // Said as openid-client says its own failed claim comparisons (nonce, audience, azp with
      // several audiences), so the callback's answer names no more than theirs do.
      if (authorizedPartyProblem(claims, settings.clientId)) throw new Error(claimComparisonFailed);
      const unstorable = unstorableClaim(claims);
      if (unstorable) throw new Error(unstorable);
      return { subject: claims.sub };
    },

    async verifyToken(token) {
      let unverified: JWTPayload;
      try {
        unverified = decodeJwt(token);
      } catch {
        throw new TokenRejected('token is malformed (not a JWT)');
      }
      const { config, jwks } = await discover();
      const issuer = config.serverMetadata().issuer;
      if (unverified.iss !== issuer) throw new TokenRejected(`token has the wrong issuer (expected ${issuer})`);
      try {
        const { payload } = await jwtVerify(token, jwks, {
          issuer,
          audience,
          algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
          requiredClaims: ['sub', 'exp'],
        });
        const wrongParty = authorizedParty === null ? null : authorizedPartyProblem(payload, authorizedParty);
        if (wrongParty) throw new TokenRejected(wrongParty);
        const unstorable = unstorableClaim(payload);
        if (unstorable) throw new TokenRejected(unstorable);
        return payload as JWTPayload & { sub: string };
      } catch (error) {
        const described = describeJoseError(error);
        if (described instanceof TokenRejected)
          throw new TokenRejected(
            described.message.replace('an unknown key', "a key the provider's JWKS does not have"),
          );
        throw described;
      }
    },

    async endSessionUrl(returnTo) {
      const { config } = await discover();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(config, { post_logout_redirect_uri: returnTo, client_id: settings.clientId });
    },
  };
}
