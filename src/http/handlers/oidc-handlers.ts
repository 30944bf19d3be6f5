// OpenID Connect discovery and the JWKS (docs/identity.md#discovery): the platform as a token
// issuer with a key set, not an OpenID provider. The document tells a verifier what it needs
// (issuer, key set, algorithm, claims) and names no endpoint of a flow the platform does not
// serve to relying parties, so it has no `response_types_supported` (openapi.yaml
// `OpenIdConfiguration`).
import type { Handlers } from '../../../generated/openapi/handlers.ts';
import type { SigningKeyRing } from '../../domain/identity/signing-key-ring.ts';

const cacheControl = { 'Cache-Control': 'public, max-age=300' };

/** Every claim some platform token carries (docs/identity.md#platform-tokens). */
const platformClaims = [
  'iss',
  'aud',
  'sub',
  'iat',
  'exp',
  'jti',
  'token_use',
  'sid',
  'data_access',
  'scope',
  'nonce',
  'act',
  'org_id',
  'inspection_id',
];

export function oidcHandlers(
  publicUrl: string,
  keys: SigningKeyRing,
): Pick<Handlers, 'getOpenIdConfiguration' | 'getJwks'> {
  const configuration = Object.freeze({
    issuer: publicUrl,
    jwks_uri: `${publicUrl}/.well-known/jwks.json`,
    id_token_signing_alg_values_supported: ['RS256' as const],
    subject_types_supported: ['public' as const],
    claims_supported: platformClaims,
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
