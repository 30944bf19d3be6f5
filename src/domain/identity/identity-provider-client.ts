// The OpenID Connect provider that verifies people, as the identity services use it
// (docs/identity.md#identity-provider-tokens): the provider's protocol (identity-provider-protocol.ts,
// wired in by src/service) under the platform's rules for what it accepts of the provider's tokens:
// the audience, the authorized party, claims PostgreSQL can store, and a message for each refusal.
import { decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import { authorizedPartyProblem } from './authorized-party.ts';
import type {
  AuthorizationRequest,
  CallbackExpectations,
  IdentityProviderProtocol,
} from './identity-provider-protocol.ts';
import { describeJoseError, TokenRejected } from './platform-tokens.ts';
import { unstorableClaim } from './storable-claims.ts';

export interface IdentityProviderClient {
  readonly issuer: string;
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /** Redeems the code of a callback URL with PKCE; verifies state, nonce and the ID token. */
  redeemCode(callbackUrl: URL, expected: CallbackExpectations): Promise<{ subject: string }>;
  /**
   * Verifies a provider token (signature against the provider's JWKS, issuer, audience, expiry;
   * its authorized party when it is an ID token of this client).
   */
  verifyToken(token: string): Promise<JWTPayload & { sub: string }>;
  /** The provider's end-session URL returning to `returnTo`, or null when it has none. */
  endSessionUrl(returnTo: string): Promise<URL | null>;
}

/** What a provider token must carry: its audience, and the authorized party an ID token names. */
interface TokenExpectations {
  audience: string;
  /** The client id when the audience is it, else null: see createIdentityProviderClient. */
  authorizedParty: string | null;
}

/** openid-client's message for an ID token claim that does not have the expected value. */
const claimComparisonFailed = 'unexpected JWT claim value encountered';

/** `audience`: the `aud` the provider's tokens must carry (OIDC_AUDIENCE); the client id when not configured. */
export function createIdentityProviderClient(
  protocol: IdentityProviderProtocol,
  audience: string = protocol.clientId,
): IdentityProviderClient {
  const { clientId } = protocol;
  // Tokens for the client id are its ID tokens, to which OpenID Connect Core's azp rule applies.
  // Tokens for another audience (OIDC_AUDIENCE, an API) are access tokens: their azp names
  // whichever client of the provider obtained them, any of which may call the API.
  const expected: TokenExpectations = { audience, authorizedParty: audience === clientId ? clientId : null };
  return {
    issuer: protocol.issuer,
    authorizationUrl: (request) => protocol.authorizationUrl(request),
    async redeemCode(callbackUrl, expectations) {
      const claims = await protocol.redeemCode(callbackUrl, expectations);
      // Said as openid-client says its own failed claim comparisons (nonce, audience, azp with
      // several audiences), so the callback's answer names no more than theirs do.
      if (authorizedPartyProblem(claims, clientId)) throw new Error(claimComparisonFailed);
      const unstorable = unstorableClaim(claims);
      if (unstorable) throw new Error(unstorable);
      return { subject: claims.sub };
    },
    verifyToken: (token) => verifyProviderToken(protocol, expected, token),
    endSessionUrl: (returnTo) => protocol.endSessionUrl(returnTo),
  };
}

async function verifyProviderToken(
  protocol: IdentityProviderProtocol,
  expected: TokenExpectations,
  token: string,
): Promise<JWTPayload & { sub: string }> {
  let unverified: JWTPayload;
  try {
    unverified = decodeJwt(token);
  } catch {
    throw new TokenRejected('token is malformed (not a JWT)');
  }
  const { issuer, jwks } = await protocol.verificationKeys();
  if (unverified.iss !== issuer) throw new TokenRejected(`token has the wrong issuer (expected ${issuer})`);
  try {
    const { payload } = await jwtVerify(token, jwks, {
      issuer,
      audience: expected.audience,
      algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
      requiredClaims: ['sub', 'exp'],
    });
    const wrongParty =
      expected.authorizedParty === null ? null : authorizedPartyProblem(payload, expected.authorizedParty);
    if (wrongParty) throw new TokenRejected(wrongParty);
    const unstorable = unstorableClaim(payload);
    if (unstorable) throw new TokenRejected(unstorable);
    return payload as JWTPayload & { sub: string };
  } catch (error) {
    const described = describeJoseError(error);
    if (described instanceof TokenRejected)
      throw new TokenRejected(described.message.replace('an unknown key', "a key the provider's JWKS does not have"));
    throw described;
  }
}
