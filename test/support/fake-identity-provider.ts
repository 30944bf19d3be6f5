// An external OpenID Connect provider for tests (docs/identity.md#identity-provider-tokens):
// discovery and a JWKS over real HTTP, and `sign()` to mint the provider's tokens, including
// the broken ones token exchange must refuse (expired, wrong audience or issuer, signed by a
// key the JWKS does not have). Its authorization endpoint signs nobody in by itself: after
// `nextLogin(claims)` it answers the next authorization request with a code whose ID token
// carries those claims, so a test can walk the browser login with any ID token it needs.
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
  /**
   * The next request to its authorization endpoint is answered with a code (302 to the
   * `redirect_uri` with `code` and `state`); redeemed at its token endpoint, the code gives an ID
   * token with `iss`, `aud` = the requesting `client_id`, `nonce`, `iat`, `exp`, then `claims`.
   * Without it the authorization endpoint answers 400 `access_denied` to the `redirect_uri`.
   */
  nextLogin(claims: JWTPayload & { sub: string }): void;
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
  let pendingLogin: JWTPayload | undefined;
  const codes = new Map<string, { clientId: string; nonce: string | null; claims: JWTPayload }>();

  /** The authorization endpoint: a code for the pending login, else access_denied. */
  const authorize = (url: URL, response: http.ServerResponse) => {
    const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
    const state = url.searchParams.get('state');
    if (state !== null) redirect.searchParams.set('state', state);
    if (pendingLogin) {
      const code = crypto.randomUUID();
      codes.set(code, {
        clientId: url.searchParams.get('client_id') ?? '',
        nonce: url.searchParams.get('nonce'),
        claims: pendingLogin,
      });
      pendingLogin = undefined;
      redirect.searchParams.set('code', code);
    } else {
      redirect.searchParams.set('error', 'access_denied');
    }
    response.writeHead(302, { Location: redirect.href });
    response.end();
  };

  /** The token endpoint: an ID token for a code it issued, once; invalid_grant for any other. */
  const redeem = async (form: URLSearchParams): Promise<[number, unknown]> => {
    const code = form.get('code') ?? '';
    const grant = codes.get(code);
    codes.delete(code);
    if (!grant) return [400, { error: 'invalid_grant', error_description: 'unknown authorization code' }];
    const now = Math.floor(Date.now() / 1000);
    const idToken = await new SignJWT({
      iss: issuer,
      aud: grant.clientId,
      iat: now,
      exp: now + 300,
      ...(grant.nonce === null ? {} : { nonce: grant.nonce }),
      ...grant.claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .sign(key.privateKey);
    return [200, { access_token: crypto.randomUUID(), token_type: 'Bearer', expires_in: 300, id_token: idToken }];
  };

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
    } else if (url.pathname === '/authorize') {
      authorize(url, response);
    } else if (url.pathname === '/token') {
      let form = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (form += chunk));
      request.on('end', () => {
        redeem(new URLSearchParams(form)).then(([status, body]) => json(status, body));
      });
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
    nextLogin(claims) {
      pendingLogin = claims;
    },
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
