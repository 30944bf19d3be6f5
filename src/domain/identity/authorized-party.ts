// The authorized-party rule of OpenID Connect Core 3.1.3.7 (steps 4 and 5) for ID tokens of the
// identity provider (docs/identity.md#identity-provider-tokens): a token with several audiences
// was issued to one of them, which `azp` names and which must be this client; a token naming an
// `azp` was issued to that party, which must be this client too. jose has no such check, and
// openid-client's (at the login callback) covers only the first step.
import type { JWTPayload } from 'jose';

/** What is wrong with the token's authorized party for `clientId`, or null when nothing is. */
export function authorizedPartyProblem(claims: JWTPayload, clientId: string): string | null {
  const azp: unknown = claims.azp;
  if (azp === undefined) {
    return Array.isArray(claims.aud) && claims.aud.length > 1
      ? 'token has several audiences but no azp (authorized party) claim'
      : null;
  }
  return azp === clientId ? null : 'token has the wrong authorized party (azp)';
}
