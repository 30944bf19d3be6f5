// An external OpenID Connect provider for tests (docs/identity.md#identity-provider-tokens):
// discovery and a JWKS over real HTTP, and `sign()` to mint the provider's tokens, including
// the broken ones token exchange must refuse (expired, wrong audience or issuer, signed by a
// key the JWKS does not have).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

export interface SignOptions {
  /** Seconds from now until `exp` (default 300); negative for a token that expired already. */
  expiresIn?: number;
  /** The `kid` header; defaults to the kid of `key`, or of the provider's own key. */
  kid?: string;
  /** Signs with this key instead of the provider's (e.g. one its JWKS does not list). */
  key?: SigningKey;
}

export interface FakeIdentityProvider {
  /** `http://127.0.0.1:<port>`: the `iss` of its tokens and the value for OIDC_ISSUER. */
  readonly issuer: string;
  readonly jwksUri: string;
  readonly endSessionEndpoint: string;
  /** The `aud` its tokens carry unless `claims.aud` says otherwise. */
  readonly audience: string;
  /** The key its JWKS lists. */
  readonly key: SigningKey;
  /**
   * Mints a provider token: RS256, `iss` = issuer, `aud` = audience, `iat` now, `exp` per
   * `expiresIn`; `claims` are added last, so they can override any of these.
   */
  sign(claims: JWTPayload, options?: SignOptions): Promise<string>;
  /** Paths of the requests it has served, in order. */
  readonly requests: readonly string[];
  close(): Promise<void>;
}

/** A fresh RS256 key pair that no JWKS lists. */
export async function generateSigningKey(kid = `test-key-${crypto.randomUUID().slice(0, 8)}`): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048 });
  return { kid, privateKey, publicKey };
}

export async function startFakeIdentityProvider(options: { audience?: string } = {}): Promise<FakeIdentityProvider> {
  const key = await generateSigningKey('fake-idp-1');
  const jwks = { keys: [{ ...(await exportJWK(key.publicKey)), kid: key.kid, use: 'sig', alg: 'RS256' }] };
  const requests: string[] = [];
  let issuer = '';

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    requests.push(url.pathname);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      json(200, {
        issuer,
        jwks_uri: `${issuer}/jwks`,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        end_session_endpoint: `${issuer}/logout`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
      });
    } else if (url.pathname === '/jwks') {
      json(200, jwks);
    } else if (url.pathname === '/token') {
      // No code was ever issued by this provider, so every redemption is refused.
      json(400, { error: 'invalid_grant', error_description: 'unknown authorization code' });
    } else {
      json(404, { error: 'not_found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const audience = options.audience ?? 'platform-api';

  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    endSessionEndpoint: `${issuer}/logout`,
    audience,
    key,
    requests,
    async sign(claims, signOptions = {}) {
      const signer = signOptions.key ?? key;
      const now = Math.floor(Date.now() / 1000);
      const exp = now + (signOptions.expiresIn ?? 300);
      const iat = Math.min(now, exp - 60);
      return new SignJWT({ iss: issuer, aud: audience, iat, exp, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: signOptions.kid ?? signer.kid, typ: 'JWT' })
        .sign(signer.privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
