// OpenID Connect discovery and the JWKS (docs/identity.md#platform-tokens): the platform as a token
// issuer. Only the endpoints that exist are listed; there is no token endpoint (openapi.yaml).
import type { Handlers } from '../../../generated/openapi/handlers.ts';
import type { SigningKeyRing } from '../../domain/identity/signing-key-ring.ts';

const cacheControl = { 'Cache-Control': 'public, max-age=300' };

export function oidcHandlers(
  publicUrl: string,
  keys: SigningKeyRing,
): Pick<Handlers, 'getOpenIdConfiguration' | 'getJwks'> {
  const configuration = Object.freeze({
    issuer: publicUrl,
    jwks_uri: `${publicUrl}/.well-known/jwks.json`,
    authorization_endpoint: `${publicUrl}/auth/login`,
    end_session_endpoint: `${publicUrl}/auth/logout`,
    id_token_signing_alg_values_supported: ['RS256' as const],
    response_types_supported: ['code'],
    subject_types_supported: ['public' as const],
    token_endpoint_auth_methods_supported: ['none'],
    claims_supported: ['iss', 'aud', 'sub', 'iat', 'exp', 'jti', 'nonce', 'sid', 'scope', 'token_use', 'data_access'],
  });
  return {
    getOpenIdConfiguration: async () => ({
      status: 200,
      contentType: 'application/json',
      body: configuration,
      headers: cacheControl,
    }),
    getJwks: async () => ({
      status: 200,
      contentType: 'application/json',
      body: { keys: await keys.publicJwks() },
      headers: cacheControl,
    }),
  };
}
